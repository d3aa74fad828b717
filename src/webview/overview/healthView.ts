/**
 * Health beyond the latest status: two tiles (no successful run within the setting's hours, and
 * latest runs "unchanged with errors"), each a button that shows its nodes in the tree, and a row
 * of the chart's runs by what they changed (corrective, intentional, both, or unknown when
 * neither PuppetDB nor the agent said). The counts follow the rest of the overview: "…" until
 * PuppetDB has answered.
 */
import type { HealthTile, OverviewDto } from '../../shared/overview';

export type OpenHealth = (tile: HealthTile) => void;

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

function tile(
  key: HealthTile,
  value: number | undefined,
  label: string,
  nodesName: (value: number) => string,
  open: OpenHealth,
): HTMLElement {
  const element = document.createElement('div');
  element.className = `tile health-tile health-${key}`;
  const number = document.createElement(value ? 'button' : 'span');
  number.className = `tile-number${value === 0 ? ' zero' : ''}`;
  number.dataset.health = key;
  number.textContent = value === undefined ? '…' : value.toLocaleString('en-US');
  if (number instanceof HTMLButtonElement && value !== undefined) {
    number.type = 'button';
    // named by what it shows ("3 nodes with no successful run within 24 h")
    number.setAttribute('aria-label', nodesName(value));
    number.title = `Show the ${nodesName(value)}`;
    number.addEventListener('click', () => open(key));
  }
  const text = document.createElement('span');
  text.className = 'tile-label';
  text.textContent = label;
  element.append(number, text);
  return element;
}

export function healthView(overview: OverviewDto, open: OpenHealth): HTMLElement {
  const section = document.createElement('section');
  section.className = 'health';
  section.setAttribute('aria-label', 'Health beyond the latest status');
  const health = overview.health;
  // a no-break space: "h" never wraps alone onto a line
  const hours = health ? `${health.noSuccessWithinHours}\u00a0h` : 'N\u00a0h';
  const tiles = document.createElement('div');
  tiles.className = 'health-tiles';
  tiles.append(
    tile(
      'noSuccessWithin',
      health?.noSuccess,
      `No successful run within ${hours}`,
      (value) => `${plural(value, 'node', 'nodes')} with no successful run within ${hours}`,
      open,
    ),
    tile(
      'unchangedWithErrors',
      health?.unchangedWithErrors,
      'Unchanged with errors',
      (value) =>
        `${plural(value, 'node', 'nodes')} whose latest run did not fail but logged errors`,
      open,
    ),
  );
  const changes = document.createElement('p');
  changes.className = 'run-changes';
  changes.setAttribute('role', 'status');
  const range = overview.runs.range === 'hours' ? 'the last 24 hours' : 'the last 8 days';
  if (!health) {
    changes.textContent = `Changes of ${range}: asking PuppetDB…`;
  } else {
    const { corrective, intentional, mixed, unknown } = health.changes;
    const parts = [
      `${plural(corrective + mixed, 'run', 'runs')} with corrective changes`,
      `${plural(intentional + mixed, 'run', 'runs')} with intentional changes`,
      ...(mixed > 0 ? [`(${mixed.toLocaleString('en-US')} with both)`] : []),
      ...(unknown > 0 ? [`${plural(unknown, 'run', 'runs')} whose kind is unknown`] : []),
    ];
    changes.textContent = `Changes of ${range}: ${parts.join(' · ')}`;
    changes.title =
      'From the agent’s corrective_change metric against its changed count (PuppetDB FOSS keeps the report’s own field null); unknown when neither says.';
  }
  section.append(tiles, changes);
  return section;
}
