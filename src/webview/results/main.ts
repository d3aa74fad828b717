/**
 * The PQL results panel: the page frame (the query as its title; state, counts and timings in its
 * status line; the actions), the rows on the one grid or as raw JSON, and the selected row as a
 * JSON tree. Rows arrive in slices while the query's body is still streaming.
 */
import '../common/page/codiconStylesheet';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '@vscode-elements/elements/dist/vscode-toolbar-button/index.js';
import '../common/page/pageFrame.css';
// the grid's rules before the view's own, which refine them
import '../common/grid/grid.css';
import './results.css';
import type { ResultsSnapshot } from '../../shared/protocol';
import { getUiState, keepShown, onHostMessage, postToHost, setUiState } from '../common/vscodeApi';
import { viewPageFrame } from '../common/page/pageFrame';
import { ModelGrid, type ModelGridState } from '../common/grid/modelGrid';
import { cellValue, updateColumns, type Column } from '../common/grid/queryRows';
import { jsonTree } from '../common/jsonTree';
import { rawJsonText } from '../common/rawJson';
import { linkColumns, linkMessage } from './links';
import { queryRowColumns } from '../common/grid/queryRowColumns';
import { filterField } from '../common/page/filterField';
import { renderConnectionTallies } from './connectionTallies';

let snapshot: ResultsSnapshot | undefined;
let columns: Column[] = [];
let mode: 'table' | 'json' = 'table';
let links = new Set<string>(['certname']);
/** How many rows the host was last told are painted. */
let reportedCount = -1;

const frame = viewPageFrame('results', {
  className: 'results-header',
  loadingLabel: 'Running the query',
  reload: { label: 'Run again', run: () => postToHost('results', { type: 'rerun' }) },
});
frame.title.classList.add('query', 'mono');
// the status line: the run's state, its row count and its timings (never the rows themselves)
const stateLabel = element('span', 'state');
const counts = element('span', 'counts');
const timing = element('span', 'timing');
frame.status.append(stateLabel, counts, timing);
const filter = filterField({ placeholder: 'Filter loaded rows', label: 'Filter loaded rows' });
const buttons = {
  cancel: button('Cancel', 'Cancel the query (aborts the request)'),
  more: button('Load more', 'Fetch the next page of rows'),
  rerun: iconButton('refresh', 'Run again'),
  view: iconButton('json', 'Show the raw JSON'),
  csv: iconButton('table', 'Export the loaded rows as CSV…'),
  json: iconButton('save', 'Export the loaded rows as JSON…'),
  curl: iconButton('terminal', 'Copy a curl command that runs this query (no secrets in it)'),
};
const actions = element('span', 'actions');
actions.append(buttons.rerun, buttons.view, buttons.csv, buttons.json, buttons.curl);
const truncatedNote = element('div', 'truncated page-note');
truncatedNote.setAttribute('role', 'status');
// a run on several connections: each connection's rows, total or error, beside the others'
const connectionsNote = element('section', 'connection-tallies page-note');
connectionsNote.setAttribute('aria-label', 'Connections');
connectionsNote.hidden = true;
frame.notes.append(truncatedNote, connectionsNote);
const content = element('div', 'content');
const grid = new ModelGrid<number>({
  className: 'results-grid',
  label: 'Results',
  columns: [],
  // the widths and hidden columns are kept (by column name) across hide/show; a new run is not sorted
  state: { layout: getUiState<{ grid?: ModelGridState }>()?.grid?.layout },
  onStateChange: (state) => setUiState({ grid: state }),
  searchText: (index) => JSON.stringify(snapshot?.rows[index]) ?? '',
  onSelect: (index) => {
    if (index !== undefined) showDetail(index);
  },
  onActivate: (index, _position, { column }) => {
    if (!snapshot || column === undefined) return;
    const value = String(cellValue(snapshot.rows[index], column));
    const message = linkMessage(snapshot.entity, column, value, {
      runId: snapshot.runId,
      row: index,
    });
    if (message) postToHost('results', message);
  },
  onView: () => renderCounts(),
  onRender: () => reportRendered(),
});
frame.actions.append(buttons.cancel, buttons.more, filter, grid.grid.columnsButton(), actions);
const raw = element('pre', 'raw mono');
const detail = element('aside', 'detail');
detail.setAttribute('aria-label', 'Selected row');
content.append(grid.element, raw, detail);
frame.body.append(content);

buttons.cancel.addEventListener(
  'click',
  () => snapshot && postToHost('results', { type: 'cancel', runId: snapshot.runId }),
);
buttons.more.addEventListener(
  'click',
  () => snapshot && postToHost('results', { type: 'loadMore', runId: snapshot.runId }),
);
buttons.rerun.addEventListener('click', () => postToHost('results', { type: 'rerun' }));
buttons.csv.addEventListener('click', () =>
  postToHost('results', { type: 'export', format: 'csv' }),
);
buttons.json.addEventListener('click', () =>
  postToHost('results', { type: 'export', format: 'json' }),
);
buttons.curl.addEventListener('click', () => postToHost('results', { type: 'copyCurl' }));
buttons.view.addEventListener('click', () => {
  mode = mode === 'table' ? 'json' : 'table';
  render();
});
filter.addEventListener('input', () => grid.setFilter(filter.value));

onHostMessage('results', (message) => {
  switch (message.type) {
    case 'snapshot':
      snapshot = message.snapshot;
      columns = [];
      updateColumns(columns, snapshot.rows, 0);
      links = linkColumns(snapshot.entity);
      // a new run: no filter (one kept would hide rows unseen), no sort, no selected row
      filter.value = '';
      reportedCount = -1;
      grid.setFilter('');
      grid.setSort(undefined);
      grid.setColumns(columnsOfRun());
      grid.setRows(snapshot.rows.map((_, index) => index));
      detail.replaceChildren();
      detail.hidden = true;
      break;
    case 'rows': {
      if (!snapshot || message.runId !== snapshot.runId) return;
      const from = snapshot.rows.length;
      for (const row of message.rows) snapshot.rows.push(row);
      Object.assign(snapshot, { elapsedMs: message.elapsedMs, firstRowsMs: message.firstRowsMs });
      if (updateColumns(columns, snapshot.rows, from)) grid.setColumns(columnsOfRun());
      grid.append(message.rows.map((_, offset) => from + offset));
      break;
    }
    case 'finished':
      if (!snapshot || message.runId !== snapshot.runId) return;
      Object.assign(snapshot, {
        state: message.state,
        elapsedMs: message.elapsedMs,
        hasMore: message.hasMore,
        total: message.total,
        error: message.error,
        truncated: message.truncated,
      });
      break;
    case 'connections':
      if (!snapshot || message.runId !== snapshot.runId) return;
      snapshot.connections = message.connections;
      break;
    default: {
      // every message of the protocol is handled above (checked when it compiles)
      const unexpected: never = message;
      void unexpected;
    }
  }
  if (snapshot && snapshot.state !== 'running' && !snapshot.restored?.omitted) keep(snapshot);
  render();
});

function columnsOfRun() {
  return queryRowColumns(
    columns,
    () => snapshot?.rows ?? [],
    () => links,
  );
}

/** Tells the host once the rows it sent are painted (the frame after they were drawn). */
function reportRendered(): void {
  if (!snapshot || reportedCount === snapshot.rows.length) return;
  const { runId } = snapshot;
  const count = (reportedCount = snapshot.rows.length);
  requestAnimationFrame(() => postToHost('results', { type: 'rendered', runId, rowCount: count }));
}

/** Keeps the finished run for a window reload (see keepShown); the timings are not kept. */
function keep(shown: ResultsSnapshot): void {
  const rows = `The ${shown.rows.length.toLocaleString('en-US')} rows`;
  keepShown('results', { ...shown, restored: undefined }, rows, shown.restored?.savedAt);
}

function render(): void {
  if (!snapshot) return;
  const running = snapshot.state === 'running';
  stateLabel.textContent = {
    running: 'Running…',
    done: 'Done',
    error: 'Failed',
    cancelled: 'Cancelled',
  }[snapshot.state];
  stateLabel.className = `state state-${snapshot.state}`;
  frame.setLoading(running);
  buttons.cancel.hidden = !running;
  buttons.more.hidden = running || !snapshot.hasMore;
  const viewLabel = mode === 'table' ? 'Show the raw JSON' : 'Show the table';
  buttons.view.setAttribute('icon', mode === 'table' ? 'json' : 'table');
  buttons.view.setAttribute('label', viewLabel);
  buttons.view.title = viewLabel;
  const query = snapshot.query.replace(/\s+/g, ' ');
  frame.setTitle(`${snapshot.connectionName} · ${query}`, snapshot.query);
  frame.showRestored(snapshot.restored);
  frame.showError(snapshot.error);
  renderTruncated(snapshot);
  renderConnectionTallies(connectionsNote, snapshot.connections);
  const empty = snapshot.rows.length === 0 && snapshot.state !== 'running';
  grid.element.hidden = mode !== 'table' || (empty && Boolean(snapshot.error));
  raw.hidden = mode !== 'json';
  if (mode === 'json') raw.textContent = rawJsonText(snapshot.rows, 'Export JSON');
  renderCounts();
}

/** Says the panel stopped at its limit, and offers the whole result streamed to a file. */
function renderTruncated(shown: ResultsSnapshot): void {
  const truncated = shown.truncated;
  truncatedNote.hidden = !truncated;
  if (!truncated) {
    truncatedNote.replaceChildren();
    return;
  }
  const rows = truncated.rows.toLocaleString('en-US');
  const why =
    truncated.limit === 'rows'
      ? `the panel holds at most ${truncated.value.toLocaleString('en-US')} rows (setting puppetdbExplorer.pql.maxRows)`
      : `the rows reached ${truncated.value.toLocaleString('en-US')} MB, the most the panel holds (setting puppetdbExplorer.pql.maxResultMB)`;
  const csv = button(
    'Export the whole result as CSV…',
    'Run the query again and stream every row to a CSV file',
  );
  const json = button(
    'Export the whole result as JSON…',
    'Run the query again and stream every row to a JSON file',
    'secondary',
  );
  csv.addEventListener('click', () => postToHost('results', { type: 'exportAll', format: 'csv' }));
  json.addEventListener('click', () =>
    postToHost('results', { type: 'exportAll', format: 'json' }),
  );
  truncatedNote.replaceChildren(
    element('strong', '', `Truncated at ${rows} rows.`),
    element(
      'span',
      '',
      ` The query has more, but ${why}; it stopped reading the answer. Narrow the query, or:`,
    ),
    csv,
    json,
  );
}

function renderCounts(): void {
  if (!snapshot) return;
  const loaded = snapshot.rows.length;
  const of =
    snapshot.total !== undefined && snapshot.total > loaded
      ? ` of ${snapshot.total.toLocaleString('en-US')}`
      : '';
  const filtered = filter.value.trim()
    ? ` · ${grid.shownCount.toLocaleString('en-US')} match the filter`
    : '';
  const cut = snapshot.truncated ? ' (truncated)' : '';
  counts.textContent = `${loaded.toLocaleString('en-US')} row${loaded === 1 ? '' : 's'}${of}${cut}${filtered}`;
  const first =
    snapshot.firstRowsMs !== undefined
      ? ` · first rows ${Math.round(snapshot.firstRowsMs)} ms`
      : '';
  timing.textContent = `${Math.round(snapshot.elapsedMs).toLocaleString('en-US')} ms${first}`;
}

function showDetail(rowIndex: number): void {
  const row = snapshot?.rows[rowIndex];
  if (row === undefined) return;
  detail.hidden = false;
  const close = button('Close', 'Hide the selected row', 'secondary');
  close.addEventListener('click', () => (detail.hidden = true));
  const heading = element('div', 'detail-heading');
  heading.append(element('strong', '', `Row ${rowIndex + 1}`), close);
  detail.replaceChildren(heading, jsonTree(row, 'row'));
}

function element(tag: string, className: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(label: string, title: string, appearance?: 'secondary'): HTMLElement {
  const node = document.createElement('vscode-button');
  node.textContent = label;
  node.title = title;
  if (appearance) node.setAttribute('secondary', '');
  return node;
}

/**
 * An icon button named by its tooltip: `label` names the button inside the element (the one that
 * takes the focus; an aria-label on the element itself names nothing a screen reader reaches).
 */
function iconButton(icon: string, label: string): HTMLElement {
  const node = document.createElement('vscode-toolbar-button');
  node.setAttribute('icon', icon);
  node.setAttribute('label', label);
  node.title = label;
  return node;
}

postToHost('results', { type: 'ready' });
