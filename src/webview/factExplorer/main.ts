/**
 * The fact explorer: one fact path's values across the fleet, as a chart (or its data table),
 * counted by PuppetDB. A value lists its nodes; the path can be changed, the query opened as PQL.
 * Everything from PuppetDB is set as text. The chart/table choice survives hide/show.
 */
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '../common/chartPage.css';
import './factExplorer.css';
import {
  formatFactPath,
  type FactDistributionDto,
  type FactValue,
} from '../../shared/factExplorer';
import type { HostToFactExplorer, RestoredNote } from '../../shared/protocol';
import { restoredBanner } from '../common/restoredBanner';
import { getUiState, keepShown, onHostMessage, postToHost, setUiState } from '../common/vscodeApi';
import { distributionChart } from './distributionChart';
import { valueTable } from './valueTable';

interface FactExplorerUi {
  table: boolean;
}

const app = document.getElementById('app')!;
let ui: FactExplorerUi = { table: false, ...getUiState<FactExplorerUi>() };

let shown: { distribution: FactDistributionDto; restored?: RestoredNote } | undefined;
let loadingPath: string | undefined;
let problem: string | undefined;

const openValue = (value: FactValue) => postToHost('factExplorer', { type: 'openNodes', value });

function button(label: string, title: string, onClick: () => void, pressed?: boolean): HTMLElement {
  const element = document.createElement('vscode-button');
  element.setAttribute('secondary', '');
  element.textContent = label;
  element.title = title;
  if (pressed !== undefined) element.setAttribute('aria-pressed', String(pressed));
  element.addEventListener('click', onClick);
  return element;
}

function toolbar(distribution: FactDistributionDto | undefined): HTMLElement {
  const bar = document.createElement('header');
  bar.className = 'fact-toolbar';
  const title = document.createElement('h2');
  title.textContent = distribution ? formatFactPath(distribution.path) : (loadingPath ?? '');
  const summary = document.createElement('span');
  summary.className = 'muted summary';
  if (distribution) {
    const values = distribution.distinct;
    summary.textContent = `${distribution.connectionName} · ${distribution.nodes.toLocaleString('en-US')} active nodes · ${values.toLocaleString('en-US')} value${values === 1 ? '' : 's'} · as of ${new Date(distribution.fetchedAt).toLocaleTimeString()}`;
  } else summary.textContent = 'Asking PuppetDB…';
  const choose = button('Change fact…', 'Explore another fact path (from PuppetDB)', () =>
    postToHost('factExplorer', { type: 'choosePath' }),
  );
  choose.className = 'choose-path';
  const pql = button('Open as PQL', 'Write this query into a new PQL editor', () =>
    postToHost('factExplorer', { type: 'openAsPql' }),
  );
  pql.className = 'open-pql';
  const refresh = button('Refresh', 'Ask PuppetDB again', () =>
    postToHost('factExplorer', { type: 'refresh' }),
  );
  refresh.className = 'refresh';
  bar.append(title, summary, choose, pql, refresh);
  if (distribution && distribution.values.length > 0) {
    const table = button(
      ui.table ? 'Show chart' : 'Show table',
      'Switch between the chart and its data table',
      () => {
        setUiState((ui = { ...ui, table: !ui.table }));
        render();
        app.querySelector<HTMLElement>('.table-toggle')?.focus();
      },
      ui.table,
    );
    table.className = 'table-toggle';
    bar.append(table);
  }
  return bar;
}

function body(distribution: FactDistributionDto): HTMLElement {
  const main = document.createElement('div');
  main.className = 'fact-body';
  if (distribution.values.length === 0) {
    const empty = document.createElement('p');
    empty.className = 'empty';
    empty.textContent = `No active node has a value at ${formatFactPath(distribution.path)}. A structured fact is explored by the path of one of its values (Change fact…).`;
    main.append(empty);
    return main;
  }
  const hint = document.createElement('p');
  hint.className = 'muted hint';
  hint.textContent = ui.table
    ? 'Press a value to list its nodes.'
    : 'Click a value (or focus it and press Enter) to list its nodes; arrow keys move between values.';
  main.append(
    hint,
    ui.table ? valueTable(distribution, openValue) : distributionChart(distribution, openValue),
  );
  return main;
}

function render(): void {
  const parts: HTMLElement[] = [];
  if (shown?.restored) {
    parts.push(
      restoredBanner(shown.restored, 'Load again', () =>
        postToHost('factExplorer', { type: 'refresh' }),
      ),
    );
  }
  if (problem) parts.push(banner(problem));
  // while another path loads, the toolbar names it (the last one's numbers are not its)
  parts.push(toolbar(loadingPath === undefined ? shown?.distribution : undefined));
  if (shown && loadingPath === undefined) parts.push(body(shown.distribution));
  else if (!problem) {
    const loading = document.createElement('div');
    loading.className = 'fact-loading';
    loading.textContent = 'Asking PuppetDB…';
    parts.push(loading);
  }
  app.replaceChildren(...parts);
  if (shown && loadingPath === undefined) {
    const { fetchedAt } = shown.distribution;
    // after the browser has laid out and painted this frame
    requestAnimationFrame(() =>
      setTimeout(() => postToHost('factExplorer', { type: 'painted', fetchedAt }), 0),
    );
  }
}

function banner(text: string): HTMLElement {
  const element = document.createElement('div');
  element.className = 'banner';
  element.setAttribute('role', 'alert');
  element.textContent = text;
  return element;
}

onHostMessage('factExplorer', (message: Exclude<HostToFactExplorer, { type: 'persist' }>) => {
  switch (message.type) {
    case 'loading':
      problem = undefined;
      loadingPath = formatFactPath(message.path);
      render();
      break;
    case 'distribution':
      problem = undefined;
      loadingPath = undefined;
      shown = message;
      keepShown(
        'factExplorer',
        message.distribution,
        'The distribution',
        message.restored?.savedAt,
      );
      render();
      break;
    case 'restored':
      app.replaceChildren(
        restoredBanner(message.note, 'Load again', () =>
          postToHost('factExplorer', { type: 'refresh' }),
        ),
      );
      break;
    case 'error':
      problem = `PuppetDB did not answer: ${message.message}`;
      loadingPath = undefined;
      render();
      break;
  }
});
postToHost('factExplorer', { type: 'ready' });
