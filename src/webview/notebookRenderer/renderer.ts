/**
 * The output renderer of PQL notebook cells (notebook renderer API, an ES module VS Code loads
 * into the notebook's webview): the rows on the one grid (every row reachable, drawn as they come
 * into view), and the charts they make (resultView.ts: bars and a pie of an aggregate, a time
 * series of rows with a time column), which a toolbar switches between. Every value from PuppetDB
 * is set as text (textContent, SVG text), never as markup. A certname opens its node in the
 * explorer (a message to the extension, which checks it).
 */
import type { CellConnectionTally, PqlBookOutput } from '../../shared/notebook/pqlBook';
import { type OutputData, unpackedOutput } from '../../shared/notebook/cellRows';
import type { NotebookRendererMessage } from '../../shared/notebook/rendererMessages';
import {
  barChartOf,
  pieChartOf,
  seriesChartOf,
  timeColumnOf,
} from '../../shared/notebook/resultView';
import { rawJsonText } from '../common/rawJson';
import { barChart } from './barChart';
import { rendererStyle } from './rendererCss';
import { pieChart } from './pieChart';
import { rowsGrid } from './rowsGrid';
import { seriesChart } from './seriesChart';
import '../common/chartPalette.css';
import './renderer.css';

/** What VS Code hands a renderer (vscode-notebook-renderer's types, the part used here). */
interface OutputItem {
  id: string;
  data(): Uint8Array<ArrayBuffer>;
}
interface RendererContext {
  postMessage?(message: unknown): void;
}

type View = 'table' | 'bar' | 'pie' | 'series' | 'json';
const VIEW_NAMES: Record<View, string> = {
  table: 'Table',
  bar: 'Bar chart',
  pie: 'Pie chart',
  series: 'Time series',
  json: 'JSON',
};

export function activate(context: RendererContext) {
  // for bench:notebook: when VS Code had loaded this module into the notebook's output frame
  performance.mark('pqlbook-renderer-activated');
  // the grid's sort arrows are codicons: their stylesheet and font lie beside this module
  const codicons = document.createElement('link');
  codicons.rel = 'stylesheet';
  codicons.href = new URL('codicon.css', import.meta.url).href;
  document.head.append(codicons);
  /** What each output drawn holds on to (a grid's observers and listeners), by output id. */
  const shown = new Map<string, () => void>();
  const dispose = (id: string) => {
    shown.get(id)?.();
    shown.delete(id);
  };
  return {
    async renderOutputItem(
      item: OutputItem,
      element: HTMLElement,
      signal?: AbortSignal,
    ): Promise<void> {
      const data = await gunzipped(item.data());
      // replaced (the next paint of a run under way) while it was unzipped
      if (signal?.aborted) return;
      dispose(item.id);
      const output = unpackedOutput(JSON.parse(data) as OutputData);
      const key = typeof output.key === 'string' ? output.key : undefined;
      const { root, dispose: release } = render(output, key, context);
      element.replaceChildren(root);
      shown.set(item.id, release);
      markPainted(output);
    },
    disposeOutputItem(id?: string): void {
      if (id !== undefined) dispose(id);
      else for (const each of [...shown.keys()]) dispose(each);
    },
  };
}

/** The text of an output's gzipped bytes (notebookOutput.ts), unzipped by the browser. */
async function gunzipped(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const unzipped = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(unzipped).text();
}

function render(
  output: PqlBookOutput,
  outputKey: string | undefined,
  context: RendererContext,
): { root: HTMLElement; dispose(): void } {
  const root = document.createElement('div');
  root.className = 'pqlbook-output';
  root.append(rendererStyle());
  let release = () => {};
  const dispose = () => release();
  if (output.error !== undefined) {
    const error = document.createElement('p');
    error.className = 'pqlbook-error';
    error.setAttribute('role', 'alert');
    error.textContent = output.error;
    root.append(error);
  }
  if (output.connections) root.append(connectionTallies(output.connections));
  const rows = output.rows ?? [];
  if (output.error !== undefined && rows.length === 0) return { root, dispose };
  // an output another tool wrote has no key: its certnames are text
  const openNode =
    context.postMessage && outputKey
      ? (certname: string) =>
          context.postMessage!({
            type: 'openNode',
            outputKey,
            certname,
          } satisfies NotebookRendererMessage)
      : undefined;
  const summaryLine = document.createElement('p');
  summaryLine.className = 'pqlbook-summary';
  summaryLine.textContent = summary(rows.length, output);
  const bar = barChartOf(rows);
  const pie = bar && pieChartOf(rows);
  const views: Partial<Record<View, () => HTMLElement>> = {
    table: () => {
      const grid = rowsGrid(rows, openNode);
      release = grid.dispose;
      return grid.element;
    },
    ...(bar && { bar: () => barChart(bar) }),
    ...(pie && { pie: () => pieChart(pie) }),
    // the series is worked out when asked for (a cell may hold 100,000 rows)
    ...(timeColumnOf(rows) !== undefined && { series: () => seriesView(rows) }),
    // made when asked for: no second copy of the rows goes with every output (VS Code's own
    // JSON view needed one, which slowed the opening of a notebook with outputs)
    json: () => jsonView(rows),
  };
  const shown = document.createElement('div');
  shown.className = 'pqlbook-view';
  const choices = Object.keys(views) as View[];
  const show = (view: View) => {
    release();
    release = () => {};
    for (const [name, button] of buttons) {
      button.setAttribute('aria-pressed', String(name === view));
    }
    shown.replaceChildren(views[view]!());
  };
  const buttons = choices.map((view) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = VIEW_NAMES[view];
    button.dataset.view = view;
    button.addEventListener('click', () => show(view));
    return [view, button] as const;
  });
  if (choices.length > 1) {
    const toolbar = document.createElement('div');
    toolbar.className = 'pqlbook-toolbar';
    toolbar.setAttribute('role', 'toolbar');
    toolbar.setAttribute('aria-label', 'View');
    toolbar.append(...buttons.map(([, button]) => button));
    root.append(toolbar);
  }
  root.append(summaryLine, shown);
  // an aggregate shows its bars first; other rows their table
  show(bar ? 'bar' : 'table');
  return { root, dispose };
}

/**
 * A User Timing mark once the output is on screen (the frame after the one that drew it), for
 * `npm run bench:notebook`: its rows, and whether the run had ended (a streamed output has no
 * time yet). Marks cost nothing unless read.
 */
function markPainted(output: PqlBookOutput): void {
  const detail = { rows: output.rows?.length ?? 0, ended: output.elapsedMs !== undefined };
  requestAnimationFrame(() =>
    requestAnimationFrame(() => performance.mark('pqlbook-output-painted', { detail })),
  );
}

function jsonView(rows: readonly unknown[]): HTMLElement {
  const raw = document.createElement('pre');
  raw.className = 'pqlbook-json';
  // scrolled by keyboard too
  raw.tabIndex = 0;
  raw.setAttribute('role', 'region');
  raw.setAttribute('aria-label', 'The rows as JSON');
  raw.textContent = rawJsonText(rows, 'Export Whole Result (the cell’s menu)');
  return raw;
}

function seriesView(rows: readonly unknown[]): HTMLElement {
  const chart = seriesChartOf(rows);
  if (chart) return seriesChart(chart);
  const note = document.createElement('p');
  note.className = 'pqlbook-note';
  note.textContent = 'These rows’ times fall in one bucket: the table shows them.';
  return note;
}

/** A run on several connections: each one's rows, or what went wrong there (its words, as text). */
function connectionTallies(tallies: readonly CellConnectionTally[]): HTMLElement {
  const list = document.createElement('ul');
  list.className = 'pqlbook-connections';
  list.setAttribute('aria-label', 'Each connection');
  for (const tally of tallies) {
    const item = document.createElement('li');
    if (tally.error === undefined) {
      item.textContent = `${tally.name}: ${tally.rows.toLocaleString('en-US')} row${tally.rows === 1 ? '' : 's'}`;
    } else {
      item.className = 'pqlbook-error';
      item.textContent = `${tally.name}: failed: ${tally.error}`;
    }
    list.append(item);
  }
  return list;
}

function summary(count: number, output: PqlBookOutput): string {
  // a run under way: the rows that have arrived, of which the output holds the first
  const { arriving } = output;
  const total = arriving ?? count;
  const parts = [
    `${total.toLocaleString('en-US')} row${total === 1 ? '' : 's'}${arriving === undefined ? '' : ' so far'}`,
  ];
  if (total > count) {
    parts.push(`the first ${count.toLocaleString('en-US')} shown until the run ends`);
  }
  if (output.truncated) {
    parts.push(
      `stopped at the results' ${output.truncated === 'rows' ? 'row' : 'size'} limit: Export Whole Result has every row`,
    );
  }
  if (output.rowsOmitted) {
    parts.push(`${output.rowsOmitted.toLocaleString('en-US')} more not saved in the file`);
  }
  if (output.connection) parts.push(`on ${output.connection}`);
  if (output.elapsedMs !== undefined) parts.push(`${output.elapsedMs.toLocaleString('en-US')} ms`);
  return parts.join(' · ');
}
