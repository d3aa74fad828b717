/**
 * The report's logs on the one grid: time, level (errors red, warnings yellow, notices plain, the
 * rest muted), source, message and where (a link that opens the manifest line); filtered by level
 * and text, every log however many (the grid draws those in view), and the selected one in full
 * below. Every value set as text.
 */
import { logSeverity, type ReportLogDto } from '../../shared/reportDto';
import { valueSortKey } from '../../shared/gridSort';
import { onDateStyleChange, tableDateText } from '../common/dateStyle';
import { countedGrid } from '../common/grid/countedGrid';
import { iconLabelCell } from '../common/grid/iconCell';
import type { ModelGridColumn, ModelGridState } from '../common/grid/modelGrid';
import { choiceSelect } from '../common/page/toolbarParts';

const SEVERITY_ICONS = { error: 'error', warning: 'warning', notice: 'info', muted: 'debug-hint' };

const LEVEL_FILTERS = [
  ['all', 'Every level'],
  ['warning', 'Warnings and errors'],
  ['error', 'Errors only'],
] as const;

/** Open PuppetDB's `file:line` of a log (the host checks the report names it). */
export type OpenManifest = (file: string, line: number | undefined) => void;

export interface LogsView {
  element: HTMLElement;
  dispose(): void;
}

const where = (log: ReportLogDto) =>
  log.file ? `${log.file}${log.line === null ? '' : `:${log.line}`}` : '';

function columns(): Array<ModelGridColumn<ReportLogDto>> {
  return [
    {
      key: 'time',
      label: 'Time',
      width: 210,
      className: 'report-log-time',
      text: (log) => tableDateText(log.time, { milliseconds: true }),
      sortKey: (log) => valueSortKey(Date.parse(log.time)),
    },
    {
      key: 'level',
      label: 'Level',
      width: 100,
      className: 'report-log-level',
      text: (log) => log.level,
      ...iconLabelCell((log: ReportLogDto) => ({
        icon: SEVERITY_ICONS[logSeverity(log.level)],
        label: ` ${log.level}`,
        title: log.level,
      })),
    },
    {
      key: 'source',
      label: 'Source',
      width: 140,
      grow: 1,
      className: 'report-log-source',
      text: (log) => log.source,
    },
    {
      key: 'message',
      label: 'Message',
      width: 260,
      grow: 3,
      className: 'report-log-message',
      text: (log) => log.message,
    },
    {
      key: 'where',
      label: 'Where',
      width: 140,
      className: 'report-log-where',
      text: where,
      link: (log) => Boolean(log.file),
      fill: (cell, log) => {
        const full = where(log);
        cell.textContent = full.slice(full.lastIndexOf('/') + 1);
        cell.title = log.file ? `Open manifest ${full}` : '';
      },
    },
  ];
}

export function renderLogs(
  logs: readonly ReportLogDto[],
  openManifest: OpenManifest,
  state: { value: unknown; save(state: ModelGridState): void },
): LogsView {
  const section = document.createElement('section');
  section.className = 'report-logs';
  const level = choiceSelect('Log levels', LEVEL_FILTERS);
  const detail = document.createElement('section');
  detail.className = 'report-log-detail';
  detail.setAttribute('aria-label', 'Selected log');
  detail.hidden = true;
  let selected: ReportLogDto | undefined;
  const showDetail = () => {
    detail.hidden = !selected;
    if (!selected) return;
    const head = document.createElement('div');
    head.className = 'muted';
    head.textContent = [
      tableDateText(selected.time, { milliseconds: true }),
      selected.level,
      selected.source,
      where(selected),
    ]
      .filter(Boolean)
      .join(' · ');
    const message = document.createElement('div');
    message.className = 'report-log-detail-message';
    message.textContent = selected.message;
    detail.replaceChildren(head, message);
  };
  const { grid, toolbar } = countedGrid<ReportLogDto>({
    kept: state,
    count: {
      className: 'report-log-count',
      words: {
        noun: 'log',
        none: 'This report has no logs.',
        noMatch: 'No logs match the filters.',
      },
    },
    toolbar: { filterLabel: 'Filter logs', before: [level] },
    className: 'report-log-list',
    label: 'Logs',
    columns: columns(),
    searchText: (log) => `${log.level}\n${log.source}\n${log.message}`,
    rowClass: (log) => `report-log report-log-${logSeverity(log.level)}`,
    onActivate: (log, _index, { column }) => {
      if (log.file && (column === 'where' || column === undefined)) {
        openManifest(log.file, log.line ?? undefined);
      }
    },
    onSelect: (log) => {
      selected = log;
      showDetail();
    },
  });
  section.append(toolbar, grid.element, detail);
  const wanted = () => {
    const value = level.value;
    if (value === 'all' || !value) return undefined;
    return (log: ReportLogDto) => {
      const severity = logSeverity(log.level);
      return severity === 'error' || (value === 'warning' && severity === 'warning');
    };
  };
  level.addEventListener('change', () => grid.setInclude(wanted()));
  grid.setRows(logs);
  const stopDates = onDateStyleChange(showDetail);
  return {
    element: section,
    dispose: () => {
      grid.grid.dispose();
      stopDates();
    },
  };
}
