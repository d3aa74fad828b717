/**
 * The two runs, each in a card (when, status, code, environment, agent, with a button opening its
 * report), and the summary fields that differ between them. Every value from PuppetDB set as text.
 */
import type { FieldChange, RunSummary } from '../../shared/history';
import { runStatusLook } from '../../shared/runStatusLook';
import { dateText } from '../common/dateStyle';
import { pageButton } from '../common/page/pageButton';

export type Side = 'older' | 'newer';

const FIELD_WORDS: Record<FieldChange['field'], string> = {
  configurationVersion: 'Configuration version',
  codeId: 'Code id',
  environment: 'Environment',
  puppetVersion: 'Agent version',
  catalogUuid: 'Catalog',
  cachedCatalogStatus: 'Cached catalog',
};

function field(list: HTMLElement, label: string, value: string | null | undefined): void {
  const term = document.createElement('dt');
  term.textContent = label;
  const detail = document.createElement('dd');
  detail.textContent = value ?? '—';
  list.append(term, detail);
}

/** One run's card; `open` opens its report. */
export function runCard(
  heading: string,
  run: RunSummary | undefined,
  open: () => void,
  missing: string,
): HTMLElement {
  const card = document.createElement('section');
  card.className = 'compare-run';
  card.setAttribute('aria-label', heading);
  const title = document.createElement('h2');
  title.textContent = heading;
  card.append(title);
  if (!run) {
    const note = document.createElement('p');
    note.className = 'muted';
    note.textContent = missing;
    card.append(note);
    return card;
  }
  const status = run.status ?? 'unknown';
  const look = runStatusLook(status);
  const statusLine = document.createElement('p');
  statusLine.className = 'compare-run-status';
  const icon = document.createElement('span');
  icon.className = `codicon codicon-${look.icon} ${look.tone ? `status-mark-${look.tone}` : ''}`;
  icon.setAttribute('aria-hidden', 'true');
  const words = document.createElement('span');
  words.className = look.tone ? `status-text-${look.tone}` : '';
  words.textContent = `${status}${run.noop ? ' (noop)' : ''} · ${dateText(run.endTime)}`;
  statusLine.append(icon, words);
  const fields = document.createElement('dl');
  fields.className = 'compare-run-fields';
  field(fields, 'Node', run.certname);
  field(fields, 'Configuration version', run.configurationVersion);
  field(fields, 'Environment', run.environment);
  field(fields, 'Agent version', run.puppetVersion);
  field(fields, 'Report', run.hash);
  card.append(
    statusLine,
    fields,
    pageButton(
      'Open Report',
      `Open the report of ${run.certname} at ${dateText(run.endTime)}`,
      open,
    ),
  );
  return card;
}

/** The fields that differ, as a table of before and after. */
export function changesTable(
  changes: readonly FieldChange[],
  names: Record<Side, string>,
): HTMLElement {
  const section = document.createElement('section');
  section.className = 'compare-changes';
  section.setAttribute('aria-label', 'What differs');
  const heading = document.createElement('h2');
  heading.textContent = 'What differs';
  section.append(heading);
  if (changes.length === 0) {
    const same = document.createElement('p');
    same.className = 'muted';
    same.textContent = 'The code, environment, agent and catalog are the same in both runs.';
    section.append(same);
    return section;
  }
  const table = document.createElement('table');
  table.className = 'compare-table';
  const head = table.createTHead().insertRow();
  for (const label of ['', names.older, names.newer]) {
    const cell = document.createElement('th');
    cell.scope = 'col';
    cell.textContent = label;
    head.append(cell);
  }
  const body = table.createTBody();
  for (const change of changes) {
    const row = body.insertRow();
    const name = document.createElement('th');
    name.scope = 'row';
    name.textContent = FIELD_WORDS[change.field];
    row.append(name);
    row.insertCell().textContent = change.before ?? '—';
    row.insertCell().textContent = change.after ?? '—';
  }
  section.append(table);
  return section;
}
