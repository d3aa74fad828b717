/**
 * The data a chart draws as a table (its text alternative: what a screen reader reads and what a
 * user copies), under a disclosure that keeps it out of the way.
 */
import { tableWithHead } from '../common/tableWithHead';

export function chartData(
  summary: string,
  columns: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
): HTMLElement {
  const details = document.createElement('details');
  details.className = 'pqlbook-chart-data';
  const title = document.createElement('summary');
  title.textContent = summary;
  const { table, body } = tableWithHead('pqlbook-data', [...columns]);
  for (const values of rows) {
    const line = body.insertRow();
    for (const value of values) line.insertCell().textContent = value;
  }
  details.append(title, table);
  return details;
}

/** A chart as the output shows it: its drawing (and what goes with it), then its data table. */
export function chartFigure(
  drawing: readonly Node[],
  data: { summary: string; columns: readonly string[]; rows: ReadonlyArray<readonly string[]> },
): HTMLElement {
  const figure = document.createElement('div');
  figure.className = 'pqlbook-figure';
  figure.append(...drawing, chartData(data.summary, data.columns, data.rows));
  return figure;
}

/** A number as the charts write it. */
export function numberText(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/** A share as a percentage ("42 %", "0.4 %"). */
export function shareText(share: number): string {
  return `${(share * 100).toFixed(share < 0.01 ? 1 : 0)} %`;
}

/** Short enough for a chart's label; the whole text is in the mark's title and the table. */
export function shortLabel(text: string, length = 34): string {
  const oneLine = text.replace(/\s+/g, ' ');
  return oneLine.length > length ? `${oneLine.slice(0, length - 1)}…` : oneLine;
}
