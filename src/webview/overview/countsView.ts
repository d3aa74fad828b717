/**
 * The node counts: one tile per status and flag for the whole fleet, and a table of the same
 * counts per environment. Every non-zero count is a button that shows the nodes behind it.
 * Environment names come from PuppetDB: they are only ever text.
 */
import {
  COUNT_KEYS,
  COUNT_LABELS,
  type CountKey,
  type Counts,
  type OverviewDto,
} from '../../shared/overview';

export type OpenNodes = (count: CountKey, environment: string | undefined) => void;

function countButton(
  key: CountKey,
  value: number,
  where: string,
  open: (() => void) | undefined,
  className: string,
): HTMLElement {
  const element = document.createElement(open && value > 0 ? 'button' : 'span');
  element.className = `${className} status-${key}${value === 0 ? ' zero' : ''}`;
  element.dataset.count = key;
  element.textContent = value.toLocaleString('en-US');
  if (element instanceof HTMLButtonElement) {
    element.type = 'button';
    // named by what it shows ("9 failed nodes"), not by its number alone
    element.setAttribute('aria-label', countName(key, value, where));
    element.title = `Show the ${countName(key, value, where)}`;
    element.addEventListener('click', () => open!());
  }
  return element;
}

/** "9 failed nodes", "1 noop pending node in production". */
function countName(key: CountKey, value: number, where: string): string {
  return `${value.toLocaleString('en-US')} ${COUNT_LABELS[key]} node${value === 1 ? '' : 's'}${where}`;
}

export function fleetTiles(overview: OverviewDto, open: OpenNodes): HTMLElement {
  const section = document.createElement('section');
  section.className = 'tiles';
  section.setAttribute(
    'aria-label',
    overview.environment === undefined
      ? 'Nodes of the whole fleet'
      : `Nodes of the environment ${overview.environment}`,
  );
  for (const key of COUNT_KEYS) {
    const tile = document.createElement('div');
    tile.className = `tile status-${key}`;
    const value = overview.fleet[key];
    const number = countButton(key, value, '', () => open(key, undefined), 'tile-number');
    const label = document.createElement('span');
    label.className = 'tile-label';
    label.textContent = COUNT_LABELS[key];
    const share = document.createElement('span');
    share.className = 'tile-share';
    if (key !== 'deactivated' && key !== 'expired' && overview.fleet.active > 0) {
      share.textContent = `${Math.round((value / overview.fleet.active) * 100)} %`;
    }
    tile.append(number, label, share);
    section.append(tile);
  }
  return section;
}

export function environmentsTable(overview: OverviewDto, open: OpenNodes): HTMLTableElement {
  const table = document.createElement('table');
  table.className = 'data-table environments';
  const caption = document.createElement('caption');
  caption.textContent = 'Nodes per environment (of the latest catalog)';
  table.append(caption);
  const head = table.createTHead().insertRow();
  for (const text of ['Environment', 'active', ...COUNT_KEYS.map((key) => COUNT_LABELS[key])]) {
    const cell = document.createElement('th');
    cell.scope = 'col';
    cell.textContent = text;
    head.append(cell);
  }
  const body = table.createTBody();
  // narrowed to one environment, its row is the whole: a total row would name "All environments"
  // for the same numbers, and open the whole fleet's nodes
  const narrowed = overview.environment !== undefined;
  const rows: Array<{ name: string | null; counts: Counts }> = narrowed
    ? overview.environments
    : [...overview.environments, { name: 'all', counts: overview.fleet }];
  rows.forEach(({ name, counts }, index) => {
    const isFleet = !narrowed && index === rows.length - 1;
    const row = body.insertRow();
    if (isFleet) row.className = 'fleet-row';
    const label = document.createElement('th');
    label.scope = 'row';
    label.textContent = isFleet ? 'All environments' : (name ?? '(no catalog)');
    row.append(label);
    row.insertCell().textContent = counts.active.toLocaleString('en-US');
    for (const key of COUNT_KEYS) {
      const cell = row.insertCell();
      // the tree's filter has no word for "no environment": that row's counts are plain numbers
      const environment = isFleet ? undefined : (name ?? null);
      const opener = environment === null ? undefined : () => open(key, environment);
      cell.append(
        countButton(
          key,
          counts[key],
          isFleet ? '' : ` in ${name ?? '(no catalog)'}`,
          opener,
          'cell-count',
        ),
      );
    }
  });
  return table;
}
