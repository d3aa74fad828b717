/** The report's metrics, one collapsible section per category (resources, time, changes, events…). */
import { groupMetrics, type ReportMetricDto } from '../../shared/reportDto';
import { formatDuration } from '../../shared/dateFormat';

export function renderMetrics(metrics: readonly ReportMetricDto[]): HTMLElement {
  const section = document.createElement('section');
  section.className = 'report-metrics';
  const groups = groupMetrics(metrics);
  if (groups.length === 0) {
    const empty = document.createElement('p');
    empty.className = 'muted';
    empty.textContent = 'This report has no metrics.';
    section.append(empty);
  }
  for (const group of groups) {
    const collapsible = document.createElement('vscode-collapsible');
    collapsible.heading = group.category;
    collapsible.open = true;
    collapsible.dataset.category = group.category;
    const table = document.createElement('table');
    table.className = 'report-metric-table';
    for (const metric of group.metrics) {
      const row = table.insertRow();
      const name = row.insertCell();
      name.textContent = metric.name;
      const value = row.insertCell();
      value.className = 'report-metric-value';
      value.textContent =
        group.category === 'time'
          ? formatDuration(metric.value * 1000)
          : metric.value.toLocaleString();
      if (metric.name === 'total') row.classList.add('report-metric-total');
    }
    collapsible.append(table);
    section.append(collapsible);
  }
  return section;
}
