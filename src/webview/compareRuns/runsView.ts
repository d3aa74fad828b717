/**
 * The two runs, each in a card (when, status, code, environment, agent, with a button opening its
 * report), and the summary fields that differ between them. Every value from PuppetDB set as text.
 */
import type { FieldChange, RunSummary } from '../../shared/history';
import { runStatusLook } from '../../shared/runStatusLook';
import { dateText } from '../common/dateStyle';
import { pageButton } from '../common/page/pageButton';
import { pageSection, rowHeader, tableWithHead } from '../common/page/pageSection';

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
  const card = pageSection(heading, 'compare-run');
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
  const section = pageSection('What differs', 'compare-changes');
  if (changes.length === 0) {
    const same = document.createElement('p');
    same.className = 'muted';
    same.textContent = 'The code, environment, agent and catalog are the same in both runs.';
    section.append(same);
    return section;
  }
  const { table, body } = tableWithHead('compare-table', ['', names.older, names.newer]);
  for (const change of changes) {
    const row = body.insertRow();
    rowHeader(row, FIELD_WORDS[change.field]);
    row.insertCell().textContent = change.before ?? '—';
    row.insertCell().textContent = change.after ?? '—';
  }
  section.append(table);
  return section;
}
