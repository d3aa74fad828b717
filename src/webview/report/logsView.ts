/**
 * The report's logs: time, level (errors red, warnings yellow, notices plain, the rest muted),
 * source, message and where (a link that opens the manifest line). Filtered by level and text;
 * every value set as text.
 */
import { logSeverity, type ReportLogDto } from '../../shared/reportDto';
import { formatTimestamp, plural } from '../components/events-table/format';

/** Beyond this many the list says how many more there are (filter to see them). */
const MAX_SHOWN = 5000;

const SEVERITY_ICONS = { error: 'error', warning: 'warning', notice: 'info', muted: 'debug-hint' };

const LEVEL_FILTERS = [
  ['all', 'Every level'],
  ['warning', 'Warnings and errors'],
  ['error', 'Errors only'],
] as const;

/** Open PuppetDB's `file:line` of a log (the host checks the report names it). */
export type OpenManifest = (file: string, line: number | undefined) => void;

export function renderLogs(logs: readonly ReportLogDto[], openManifest: OpenManifest): HTMLElement {
  const section = document.createElement('section');
  section.className = 'report-logs';
  const toolbar = document.createElement('div');
  toolbar.className = 'toolbar';
  const text = document.createElement('vscode-textfield');
  text.placeholder = 'Filter logs';
  text.label = 'Filter logs';
  const level = document.createElement('vscode-single-select');
  level.label = 'Log levels';
  for (const [value, label] of LEVEL_FILTERS) {
    const option = document.createElement('vscode-option');
    option.value = value;
    option.textContent = label;
    level.append(option);
  }
  const count = document.createElement('span');
  count.className = 'muted';
  toolbar.append(text, level, count);
  const list = document.createElement('div');
  list.className = 'report-log-list';
  list.setAttribute('role', 'table');
  list.setAttribute('aria-label', 'Logs');
  section.append(toolbar, list);

  const render = () => {
    const needle = text.value.trim().toLowerCase();
    const wanted = level.value;
    const shown = logs.filter((log) => {
      const severity = logSeverity(log.level);
      if (wanted === 'error' && severity !== 'error') return false;
      if (wanted === 'warning' && severity !== 'error' && severity !== 'warning') return false;
      return (
        !needle || `${log.level}\n${log.source}\n${log.message}`.toLowerCase().includes(needle)
      );
    });
    // every matching log counts, also those beyond MAX_SHOWN that are not rendered
    list.setAttribute('aria-rowcount', String(shown.length));
    list.replaceChildren(
      ...shown.slice(0, MAX_SHOWN).map((log, index) => logRow(log, index, openManifest)),
    );
    count.textContent =
      shown.length > MAX_SHOWN
        ? `first ${MAX_SHOWN.toLocaleString()} of ${plural(shown.length, 'log')}`
        : `${plural(shown.length, 'log')}${shown.length === logs.length ? '' : ` of ${logs.length}`}`;
  };
  text.addEventListener('input', render);
  level.addEventListener('change', render);
  render();
  return section;
}

function logRow(log: ReportLogDto, index: number, openManifest: OpenManifest): HTMLElement {
  const severity = logSeverity(log.level);
  const row = document.createElement('div');
  row.className = `report-log report-log-${severity}`;
  row.setAttribute('role', 'row');
  row.setAttribute('aria-rowindex', String(index + 1));
  const cell = (className: string, value: string) => {
    const element = document.createElement('span');
    element.className = className;
    element.setAttribute('role', 'cell');
    element.textContent = value;
    return element;
  };
  const levelCell = cell('report-log-level', '');
  const icon = document.createElement('span');
  icon.className = `codicon codicon-${SEVERITY_ICONS[severity]}`;
  icon.setAttribute('aria-hidden', 'true');
  levelCell.append(icon, ` ${log.level}`);
  const where = log.file ? `${log.file}${log.line === null ? '' : `:${log.line}`}` : '';
  const whereCell = cell('report-log-where', '');
  if (log.file) {
    const { file } = log;
    const link = document.createElement('button');
    link.type = 'button';
    link.className = 'link-button';
    link.textContent = where.slice(where.lastIndexOf('/') + 1);
    link.title = `Open manifest ${where}`;
    link.addEventListener('click', () => openManifest(file, log.line ?? undefined));
    whereCell.append(link);
  }
  row.append(
    cell('report-log-time', formatTimestamp(log.time)),
    levelCell,
    cell('report-log-source', log.source),
    cell('report-log-message', log.message),
    whereCell,
  );
  return row;
}
