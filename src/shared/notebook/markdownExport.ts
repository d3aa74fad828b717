/**
 * A PQL notebook as a Markdown report (pure): a reader without VS Code sees the prose, each
 * query, its rows and its chart. Markdown cells are written as they are (the notebook's own
 * prose); each PQL cell as a fenced `pql` block, its output's rows as a GFM table of at most
 * `MAX_EXPORTED_ROWS` rows (the rows left out said), and an aggregate's chart as an SVG file
 * beside the report, linked as an image.
 *
 * A value from PuppetDB is text in any Markdown viewer: every ASCII punctuation character of it
 * is backslash-escaped (no link, emphasis, autolink, HTML tag or entity can form; `|` cannot end
 * a cell) and a line break is written `<br>`, the one markup the report adds itself.
 */
import { chartSvg, chartTitle, type ChartModel } from './chartSvg';
import type { PqlBook, PqlBookCell, PqlBookOutput } from './pqlBook';
import { barChartOf, cellText, columnsOf, seriesChartOf, timeColumnOf } from './resultView';

/** A report's table stops at this many rows: the saved notebook or an export has them all. */
export const MAX_EXPORTED_ROWS = 500;

export interface ExportedChart {
  /** Its file name, beside the report's. */
  fileName: string;
  svg: string;
}

export interface MarkdownReport {
  markdown: string;
  charts: ExportedChart[];
}

/**
 * The report of `book`; `baseName` is the report's file name without `.md`, from which the
 * charts' file names are made (`<baseName>.chart-<cell>.svg`).
 */
export function notebookMarkdown(book: PqlBook, baseName: string): MarkdownReport {
  const charts: ExportedChart[] = [];
  const parts = book.cells.map((cell, index) => {
    if (cell.kind === 'markdown') return cell.source.trimEnd();
    const chart = chartOf(cell.output);
    let chartFile: string | undefined;
    if (chart) {
      chartFile = `${baseName}.chart-${index + 1}.svg`;
      charts.push({ fileName: chartFile, svg: chartSvg(chart) });
    }
    return pqlCellMarkdown(cell, chart && chartFile ? { chart, file: chartFile } : undefined);
  });
  return { markdown: `${parts.filter((part) => part !== '').join('\n\n')}\n`, charts };
}

function chartOf(output: PqlBookOutput | undefined): ChartModel | undefined {
  if (!output?.rows || output.error !== undefined) return undefined;
  const bars = barChartOf(output.rows);
  if (bars) return { kind: 'bar', chart: bars };
  // rows with a time column: how many fell in each minute, hour, day… (as the renderer's series)
  const series = timeColumnOf(output.rows) !== undefined ? seriesChartOf(output.rows) : undefined;
  return series && { kind: 'series', chart: series };
}

function pqlCellMarkdown(
  cell: PqlBookCell,
  chart: { chart: ChartModel; file: string } | undefined,
): string {
  const parts = [fenced(cell.source.trim(), 'pql')];
  const output = cell.output;
  if (!output) {
    parts.push('*Not run.*');
    return parts.join('\n\n');
  }
  const ran = [
    output.connection !== undefined ? `on ${markdownText(output.connection)}` : undefined,
    output.ranAt !== undefined ? `at ${markdownText(output.ranAt)}` : undefined,
  ].filter((part) => part !== undefined);
  if (output.error !== undefined) {
    parts.push(
      `> **Error**${ran.length ? ` (${ran.join(' ')})` : ''}: ${markdownText(output.error)}`,
    );
  }
  const rows = output.rows ?? [];
  if (output.rows) {
    const count = rows.length + (output.rowsOmitted ?? 0);
    const truncated = output.truncated ? ', cut at the results limit' : '';
    parts.push(
      `*${count} ${count === 1 ? 'row' : 'rows'}${truncated}${ran.length ? ` (ran ${ran.join(' ')})` : ''}.*`,
    );
  }
  if (chart) {
    const title = markdownText(chartTitle(chart.chart));
    parts.push(`![${title}](${encodeURIComponent(chart.file)})`);
  }
  if (rows.length > 0) parts.push(table(rows, output.rowsOmitted ?? 0));
  return parts.join('\n\n');
}

function table(rows: readonly unknown[], omittedBefore: number): string {
  const shown = rows.slice(0, MAX_EXPORTED_ROWS);
  const columns = columnsOf(shown);
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  const lines = [
    line(columns.map(markdownText)),
    line(columns.map(() => '---')),
    ...shown.map((row) => line(columns.map((column) => markdownText(cellText(row, column))))),
  ];
  const left = rows.length - shown.length + omittedBefore;
  if (left > 0) {
    lines.push('', `*${left} more ${left === 1 ? 'row' : 'rows'} not shown.*`);
  }
  return lines.join('\n');
}

/** ASCII punctuation: CommonMark lets a backslash escape each of these, and nothing else. */
const PUNCTUATION = /[!-/:-@[-`{-~]/g;

/**
 * A value as inline Markdown text: punctuation escaped, line breaks as `<br>` (a cell of a table
 * is one line), and characters a page should not hold (controls) replaced.
 */
export function markdownText(value: string): string {
  return (
    value
      // control characters are what this pattern is about
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '\uFFFD')
      .replace(PUNCTUATION, (character) => `\\${character}`)
      .replace(/\r\n|[\r\n\u0085\u2028\u2029]/g, '<br>')
  );
}

/** `text` in a fenced code block that no backtick run in it can close. */
export function fenced(text: string, language: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${text}\n${fence}`;
}
