/**
 * The output renderer of PQL notebook cells (notebook renderer API, an ES module VS Code loads
 * into the notebook's webview): the rows as a table (at most TABLE_ROW_CAP drawn), or, for an
 * aggregate (`count()` … `group by`), as a bar chart; a toolbar switches between them. Every
 * value from PuppetDB is set as text (textContent, SVG text), never as markup. A certname opens
 * its node in the explorer (a message to the extension, which checks it).
 */
import type { PqlBookOutput } from '../../shared/notebook/pqlBook';
import type { NotebookRendererMessage } from '../../shared/notebook/rendererMessages';
import {
  barChartOf,
  cellText,
  columnsOf,
  isCertnameColumn,
  TABLE_ROW_CAP,
  type BarChart,
} from '../../shared/notebook/resultView';
import { svgElement } from '../common/svgElement';
import { tableWithHead } from '../common/tableWithHead';
import { RENDERER_CSS } from './rendererStyle';

/** What VS Code hands a renderer (vscode-notebook-renderer's types, the part used here). */
interface OutputItem {
  json(): unknown;
}
interface RendererContext {
  postMessage?(message: unknown): void;
}

export function activate(context: RendererContext) {
  return {
    renderOutputItem(item: OutputItem, element: HTMLElement): void {
      const output = item.json() as PqlBookOutput & { key?: unknown };
      const key = typeof output.key === 'string' ? output.key : undefined;
      element.replaceChildren(render(output, key, context));
    },
  };
}

function render(
  output: PqlBookOutput,
  outputKey: string | undefined,
  context: RendererContext,
): HTMLElement {
  const root = document.createElement('div');
  root.className = 'pqlbook-output';
  const style = document.createElement('style');
  style.textContent = RENDERER_CSS;
  root.append(style);
  if (output.error !== undefined) {
    const error = document.createElement('p');
    error.className = 'pqlbook-error';
    error.setAttribute('role', 'alert');
    error.textContent = output.error;
    root.append(error);
  }
  const rows = output.rows ?? [];
  if (output.error !== undefined && rows.length === 0) return root;
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
  const chart = barChartOf(rows);
  const views: Record<'table' | 'chart', () => Element> = {
    table: () => table(rows, output, openNode),
    chart: () => barChart(chart!),
  };
  const shown = document.createElement('div');
  if (chart) {
    const toolbar = document.createElement('div');
    toolbar.className = 'pqlbook-toolbar';
    toolbar.setAttribute('role', 'toolbar');
    toolbar.setAttribute('aria-label', 'View');
    const buttons = (['table', 'chart'] as const).map((view) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = view === 'table' ? 'Table' : 'Chart';
      button.addEventListener('click', () => show(view));
      return [view, button] as const;
    });
    const show = (view: 'table' | 'chart') => {
      for (const [name, button] of buttons) {
        button.setAttribute('aria-pressed', String(name === view));
      }
      shown.replaceChildren(views[view]());
    };
    toolbar.append(...buttons.map(([, button]) => button));
    root.append(toolbar, shown);
    show('chart');
  } else {
    root.append(shown);
    shown.replaceChildren(views.table());
  }
  return root;
}

function table(
  rows: readonly unknown[],
  output: PqlBookOutput,
  openNode: ((certname: string) => void) | undefined,
): HTMLElement {
  const wrapper = document.createElement('div');
  wrapper.className = 'pqlbook-table';
  const columns = columnsOf(rows);
  const { table: element, body } = tableWithHead('pqlbook-rows', columns);
  element.createCaption().textContent = summary(rows.length, output);
  for (const row of rows.slice(0, TABLE_ROW_CAP)) {
    const line = body.insertRow();
    for (const column of columns) {
      const cell = line.insertCell();
      const value = cellText(row, column);
      if (openNode && isCertnameColumn(column) && value !== '') {
        const link = document.createElement('button');
        link.type = 'button';
        link.className = 'pqlbook-link';
        link.textContent = value;
        link.title = 'Show this node in the PuppetDB explorer';
        link.addEventListener('click', () => openNode(value));
        cell.append(link);
      } else {
        cell.textContent = value;
      }
    }
  }
  wrapper.append(element);
  return wrapper;
}

function summary(count: number, output: PqlBookOutput): string {
  const parts = [`${count.toLocaleString('en-US')} row${count === 1 ? '' : 's'}`];
  if (count > TABLE_ROW_CAP) {
    parts.push(`the first ${TABLE_ROW_CAP.toLocaleString('en-US')} shown (the JSON view has all)`);
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

const BAR_HEIGHT = 22;
const LABEL_WIDTH = 220;
const CHART_WIDTH = 640;

/** Horizontal bars, one per group, each labelled with its group and its number. */
function barChart(chart: BarChart): SVGSVGElement {
  const height = chart.bars.length * BAR_HEIGHT + 8;
  const svg = svgElement('svg', {
    class: 'pqlbook-chart',
    role: 'img',
    width: CHART_WIDTH,
    height,
    viewBox: `0 0 ${CHART_WIDTH} ${height}`,
  });
  const title = svgElement('title', {});
  title.textContent = `${chart.measure} by ${chart.groups.join(', ')}`;
  svg.append(title);
  const max = Math.max(...chart.bars.map((bar) => bar.value), 1);
  const room = CHART_WIDTH - LABEL_WIDTH - 70;
  chart.bars.forEach((bar, index) => {
    const y = index * BAR_HEIGHT + 4;
    const group = svgElement('g', {});
    const label = svgElement('text', {
      x: LABEL_WIDTH - 6,
      y: y + BAR_HEIGHT / 2,
      class: 'pqlbook-label',
    });
    label.textContent = bar.label.length > 34 ? `${bar.label.slice(0, 33)}…` : bar.label;
    const tip = svgElement('title', {});
    tip.textContent = `${bar.label}: ${bar.value.toLocaleString('en-US')}`;
    const width = Math.max(1, (Math.max(0, bar.value) / max) * room);
    const rect = svgElement('rect', {
      x: LABEL_WIDTH,
      y: y + 3,
      width,
      height: BAR_HEIGHT - 6,
      class: 'pqlbook-bar',
    });
    const value = svgElement('text', {
      x: LABEL_WIDTH + width + 6,
      y: y + BAR_HEIGHT / 2,
      class: 'pqlbook-value',
    });
    value.textContent = bar.value.toLocaleString('en-US');
    group.append(tip, label, rect, value);
    svg.append(group);
  });
  return svg;
}
