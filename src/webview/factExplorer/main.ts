/**
 * The fact explorer: one fact path's values across the fleet, as a chart (or its data table),
 * counted by PuppetDB. A value lists its nodes; the path can be changed, the query opened as PQL.
 * Everything from PuppetDB is set as text. The chart/table choice survives hide/show.
 */
import '../common/page/codiconStylesheet';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '../common/page/pageFrame.css';
import '../common/chartPage.css';
import '../common/chartPalette.css';
import './factExplorer.css';
import {
  formatFactPath,
  type FactDistributionDto,
  type FactValue,
} from '../../shared/factExplorer';
import type { HostToEveryPage, HostToFactExplorer, RestoredNote } from '../../shared/protocol';
import { onDateStyleChange, timeText } from '../common/dateStyle';
import { pageButton } from '../common/page/pageButton';
import type { BannerError } from '../common/page/errorBanner';
import { viewPageFrame } from '../common/page/pageFrame';
import { getUiState, keepShown, onHostMessage, postToHost, setUiState } from '../common/vscodeApi';
import { afterPaint } from '../common/tasks';
import { distributionChart } from './distributionChart';
import { valueTable } from './valueTable';

interface FactExplorerUi {
  table: boolean;
}

let ui: FactExplorerUi = { table: false, ...getUiState<FactExplorerUi>() };

let shown: { distribution: FactDistributionDto; restored?: RestoredNote } | undefined;
let loadingPath: string | undefined;
/** The last failure (the error banner), until the next load. */
let problem: BannerError | undefined;

const openValue = (value: FactValue) => postToHost('factExplorer', { type: 'openNodes', value });
const refresh = () => postToHost('factExplorer', { type: 'refresh' });
const frame = viewPageFrame('factExplorer', {
  className: 'fact-toolbar',
  loadingLabel: 'Asking PuppetDB for the distribution',
  reload: { label: 'Load again', run: refresh },
});

/** The header: the fact path, what was counted as of when, and the actions. */
function showHeader(distribution: FactDistributionDto | undefined): void {
  frame.setTitle(distribution ? formatFactPath(distribution.path) : (loadingPath ?? ''));
  if (distribution) {
    const values = distribution.distinct;
    frame.status.textContent = `${distribution.connectionName} · ${distribution.nodes.toLocaleString('en-US')} active nodes · ${values.toLocaleString('en-US')} value${values === 1 ? '' : 's'} · as of ${timeText(distribution.fetchedAt)}`;
  } else frame.status.textContent = 'Asking PuppetDB…';
  const choose = pageButton('Change fact…', 'Explore another fact path (from PuppetDB)', () =>
    postToHost('factExplorer', { type: 'choosePath' }),
  );
  choose.className = 'choose-path';
  const pql = pageButton('Open as PQL', 'Write this query into a new PQL editor', () =>
    postToHost('factExplorer', { type: 'openAsPql' }),
  );
  pql.className = 'open-pql';
  const refreshButton = pageButton('Refresh', 'Ask PuppetDB again', refresh);
  refreshButton.className = 'refresh';
  frame.actions.replaceChildren(choose, pql, refreshButton);
  if (distribution && distribution.values.length > 0) {
    const table = pageButton(
      ui.table ? 'Show chart' : 'Show table',
      'Switch between the chart and its data table',
      () => {
        setUiState((ui = { ...ui, table: !ui.table }));
        render();
        frame.actions.querySelector<HTMLElement>('.table-toggle')?.focus();
      },
      ui.table,
    );
    table.className = 'table-toggle';
    frame.actions.append(table);
  }
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
  frame.showRestored(shown?.restored);
  frame.showError(problem);
  // while another path loads, the header names it (the last one's numbers are not its)
  const current = loadingPath === undefined ? shown?.distribution : undefined;
  showHeader(current);
  frame.setLoading(!current && !problem);
  if (problem && !current) frame.status.textContent = '';
  frame.body.replaceChildren(...(current ? [body(current)] : []));
  if (current) {
    const { fetchedAt } = current;
    afterPaint(() => postToHost('factExplorer', { type: 'painted', fetchedAt }));
  }
}

// the distribution says as of when: in the page's date style
onDateStyleChange(() => {
  if (shown) render();
});

onHostMessage('factExplorer', (message: Exclude<HostToFactExplorer, HostToEveryPage>) => {
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
      frame.setTitle(message.title);
      frame.status.replaceChildren();
      frame.setLoading(false);
      frame.showRestored(message.note);
      break;
    case 'error':
      problem = {
        message: `PuppetDB did not answer: ${message.message}`,
        editConnection: message.editConnection,
      };
      loadingPath = undefined;
      render();
      break;
  }
});
postToHost('factExplorer', { type: 'ready' });
