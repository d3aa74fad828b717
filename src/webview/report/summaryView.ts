/**
 * The report's summary: what the run was (status, noop, times, versions, catalog) as a list of
 * labelled values, and its events counted by status. Values are set as text.
 */
import type { ReportDto } from '../../shared/reportDto';
import { EVENT_STATUSES } from '../../shared/reportDto';
import { formatDuration } from '../../shared/dateFormat';
import { STATUS_ICONS } from '../components/events-table/eventColumns';
import { dateText } from '../common/dateStyle';

type Row = [label: string, value: string, tone?: 'error' | 'warning'];

function yesNo(value: boolean | null): string {
  return value === null ? '—' : value ? 'yes' : 'no';
}

export function summaryRows(report: ReportDto): Row[] {
  const cached = report.cachedCatalogStatus;
  return [
    ['Status', report.status ?? '—', report.status === 'failed' ? 'error' : undefined],
    ['Noop run', yesNo(report.noop)],
    ['Noop changes pending', yesNo(report.noopPending)],
    ['Corrective change', yesNo(report.correctiveChange)],
    ['Start', dateText(report.startTime)],
    ['End', dateText(report.endTime)],
    ['Run time', formatDuration(report.runTimeMs)],
    ['Environment', report.environment || '—'],
    ['Puppet version', report.puppetVersion || '—'],
    ['Configuration version', report.configurationVersion || '—'],
    ['Report format', String(report.reportFormat)],
    ['Cached catalog', cached ?? '—', cached && cached !== 'not_used' ? 'warning' : undefined],
    ['Producer', report.producer ?? '—'],
    ['Transaction UUID', report.transactionUuid ?? '—'],
    ['Catalog UUID', report.catalogUuid ?? '—'],
    ['Code ID', report.codeId ?? '—'],
    ['Report hash', report.hash],
  ];
}

export function renderSummary(report: ReportDto): HTMLElement {
  const section = document.createElement('section');
  section.className = 'report-summary';
  const list = document.createElement('dl');
  list.className = 'report-fields';
  for (const [label, value, tone] of summaryRows(report)) {
    const term = document.createElement('dt');
    term.textContent = label;
    const definition = document.createElement('dd');
    definition.textContent = value;
    definition.dataset.field = label;
    if (tone) definition.classList.add(tone === 'error' ? 'error-text' : 'warning-text');
    list.append(term, definition);
  }
  const counts = document.createElement('div');
  counts.className = 'report-event-counts';
  const heading = document.createElement('h2');
  heading.textContent = 'Events';
  counts.append(heading);
  for (const status of EVENT_STATUSES) {
    const count = report.events.filter((event) => event.status === status).length;
    const line = document.createElement('div');
    line.className = `report-event-count report-event-count-${status}`;
    const icon = document.createElement('span');
    icon.className = `codicon codicon-${STATUS_ICONS[status]} status-${status}`;
    icon.setAttribute('aria-hidden', 'true');
    line.append(icon, ` ${count} ${status}`);
    counts.append(line);
  }
  section.append(list, counts);
  return section;
}
