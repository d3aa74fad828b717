/**
 * The overview across connections: a table with a row per PuppetDB (its node counts by status,
 * or its error) and the total; a PuppetDB's name opens its own overview. Names and errors are
 * only ever text.
 */
import '../common/page/codiconStylesheet';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '../common/page/pageFrame.css';
import '../common/chartPage.css';
import './connectionsOverview.css';
import { COUNT_KEYS, COUNT_LABELS, type Counts } from '../../shared/overview';
import type {
  ConnectionsOverviewDto,
  ConnectionsOverviewRow,
  HostToConnectionsOverview,
  HostToEveryPage,
} from '../../shared/protocol';
import { onDateStyleChange, timeText } from '../common/dateStyle';
import { pageButton } from '../common/page/pageButton';
import { viewPageFrame } from '../common/page/pageFrame';
import { tableWithHead } from '../common/tableWithHead';
import { keepShown, onHostMessage, postToHost } from '../common/vscodeApi';
import { afterPaint } from '../common/tasks';

const refresh = () => postToHost('connectionsOverview', { type: 'refresh' });
const frame = viewPageFrame('connectionsOverview', {
  className: 'connections-overview-header',
  loadingLabel: 'Asking every PuppetDB for its node counts',
  reload: { label: 'Load again', run: refresh },
});
/** The overview shown (drawn again when the date style changes). */
let shown: ConnectionsOverviewDto | undefined;

onHostMessage(
  'connectionsOverview',
  (message: Exclude<HostToConnectionsOverview, HostToEveryPage>) => {
    switch (message.type) {
      case 'overview':
        shown = message.overview;
        frame.showLoaded(message.restored);
        render(message.overview);
        break;
      case 'loading':
      case 'restored':
      case 'error':
        frame.showLoadState(message, () => {
          shown = undefined;
          frame.body.replaceChildren();
        });
        break;
      default: {
        // every message of the protocol is handled above (checked when it compiles)
        const unexpected: never = message;
        void unexpected;
      }
    }
  },
);

onDateStyleChange(() => {
  if (shown) render(shown);
});

function render(overview: ConnectionsOverviewDto): void {
  const loading = overview.rows.filter((row) => row.state === 'loading').length;
  const failed = overview.rows.filter((row) => row.state === 'error').length;
  frame.setTitle(
    `All connections · ${overview.total.active.toLocaleString('en-US')} active nodes on ${overview.answered} of ${overview.rows.length} PuppetDBs`,
  );
  frame.setLoading(loading > 0);
  frame.status.textContent = [
    `as of ${timeText(overview.fetchedAt)}`,
    `unreported after ${overview.unreportedHours} h`,
    ...(loading > 0 ? [`${loading} still asked`] : []),
    ...(failed > 0 ? [`${failed} failed`] : []),
  ].join(' · ');
  frame.actions.replaceChildren(pageButton('Refresh', 'Ask every PuppetDB again', refresh));
  const body = document.createElement('div');
  body.className = 'connections-overview-body';
  body.append(connectionsTable(overview));
  frame.body.replaceChildren(body);
  if (loading > 0) return;
  keepShown('connectionsOverview', overview, 'The overview', undefined);
  afterPaint(() =>
    postToHost('connectionsOverview', { type: 'painted', fetchedAt: overview.fetchedAt }),
  );
}

function connectionsTable(overview: ConnectionsOverviewDto): HTMLTableElement {
  const { table, body } = tableWithHead('data-table connections', [
    'PuppetDB',
    'active',
    ...COUNT_KEYS.map((key) => COUNT_LABELS[key]),
  ]);
  const caption = document.createElement('caption');
  caption.textContent = 'Nodes of each PuppetDB by status (its name opens its overview)';
  table.prepend(caption);
  overview.rows.forEach((row, index) => connectionRow(body.insertRow(), row, index, overview));
  const total = body.insertRow();
  total.className = 'total-row';
  const label = document.createElement('th');
  label.scope = 'row';
  label.textContent =
    overview.answered === overview.rows.length
      ? 'All connections'
      : `All connections (the ${overview.answered} that answered)`;
  total.append(label);
  countCells(total, overview.total);
  return table;
}

function connectionRow(
  row: HTMLTableRowElement,
  connection: ConnectionsOverviewRow,
  index: number,
  overview: ConnectionsOverviewDto,
): void {
  row.className = `connection-row row-${connection.state}`;
  const header = document.createElement('th');
  header.scope = 'row';
  const open = document.createElement('button');
  open.type = 'button';
  open.className = 'open-overview';
  open.textContent = connection.name;
  open.title = `Open the overview of ${connection.name}`;
  open.setAttribute('aria-label', `${connection.name}: open its overview`);
  open.addEventListener('click', () =>
    postToHost('connectionsOverview', {
      type: 'openOverview',
      fetchedAt: overview.fetchedAt,
      row: index,
    }),
  );
  header.append(open);
  row.append(header);
  if (connection.state === 'loaded' && connection.counts) {
    countCells(row, connection.counts);
    return;
  }
  const cell = row.insertCell();
  cell.colSpan = COUNT_KEYS.length + 1;
  cell.className = connection.state === 'error' ? 'row-message error' : 'row-message';
  cell.textContent =
    connection.state === 'error'
      ? `Failed: ${connection.error ?? 'no answer'}`
      : 'Asking this PuppetDB…';
}

function countCells(row: HTMLTableRowElement, counts: Counts): void {
  row.insertCell().textContent = counts.active.toLocaleString('en-US');
  for (const key of COUNT_KEYS) {
    const cell = row.insertCell();
    cell.className = `cell-count status-${key}${counts[key] === 0 ? ' zero' : ''}`;
    cell.textContent = counts[key].toLocaleString('en-US');
  }
}

postToHost('connectionsOverview', { type: 'ready' });
