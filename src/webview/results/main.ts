/**
 * The PQL results panel: a toolbar (state, counts, timings, actions), the rows as a virtual
 * table or as raw JSON, and the selected row as a JSON tree. Rows arrive in slices while the
 * query's body is still streaming.
 */
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import '@vscode-elements/elements/dist/vscode-toolbar-button/index.js';
import type { ResultsSnapshot } from '../../shared/protocol';
import { keepShown, onHostMessage, postToHost } from '../common/vscodeApi';
import { restoredBanner } from '../common/restoredBanner';
import { errorActions } from '../common/errorActions';
import { updateColumns, type Column } from './columns';
import { jsonTree } from '../common/jsonTree';
import { linkColumns, linkMessage } from './links';
import { ResultsTable } from './resultsTable';
import './results.css';

const RAW_JSON_LIMIT = 2_000;

let snapshot: ResultsSnapshot | undefined;
let columns: Column[] = [];
let mode: 'table' | 'json' = 'table';
let links = new Set<string>(['certname']);

const app = document.getElementById('app')!;
const toolbar = element('div', 'toolbar');
// the live regions: the run's state and its row count (never the rows themselves)
const stateLabel = element('span', 'state');
stateLabel.setAttribute('role', 'status');
const spinner = document.createElement('vscode-progress-ring');
spinner.className = 'spinner';
const counts = element('span', 'counts');
counts.setAttribute('role', 'status');
const timing = element('span', 'timing muted');
const filter = document.createElement('vscode-textfield');
filter.placeholder = 'Filter loaded rows';
filter.setAttribute('aria-label', 'Filter loaded rows');
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
toolbar.append(
  stateLabel,
  spinner,
  counts,
  timing,
  buttons.cancel,
  buttons.more,
  element('span', 'spacer'),
  filter,
  actions,
);
const queryLine = element('div', 'query mono');
const restoredSlot = element('div', 'restored');
const banner = element('div', 'banner');
banner.setAttribute('role', 'alert');
const truncatedNote = element('div', 'truncated');
truncatedNote.setAttribute('role', 'status');
const content = element('div', 'content');
const table = new ResultsTable(
  {
    select: (rowIndex) => showDetail(rowIndex),
    link: (column, value, row) => {
      if (!snapshot) return;
      const message = linkMessage(snapshot.entity, column, value, { runId: snapshot.runId, row });
      if (message) postToHost('results', message);
    },
    rendered: (rowCount) => {
      if (snapshot) postToHost('results', { type: 'rendered', runId: snapshot.runId, rowCount });
    },
  },
  () => links,
);
const raw = element('pre', 'raw mono');
const detail = element('aside', 'detail');
detail.setAttribute('aria-label', 'Selected row');
content.append(table.element, raw, detail);
app.append(toolbar, queryLine, restoredSlot, banner, truncatedNote, content);

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
filter.addEventListener('input', () => {
  table.setFilter(filter.value);
  renderCounts();
});

onHostMessage('results', (message) => {
  switch (message.type) {
    case 'snapshot':
      snapshot = message.snapshot;
      columns = [];
      updateColumns(columns, snapshot.rows, 0);
      links = linkColumns(snapshot.entity);
      filter.value = '';
      table.reset(snapshot.rows, columns);
      detail.replaceChildren();
      detail.hidden = true;
      break;
    case 'rows': {
      if (!snapshot || message.runId !== snapshot.runId) return;
      const from = snapshot.rows.length;
      for (const row of message.rows) snapshot.rows.push(row);
      Object.assign(snapshot, { elapsedMs: message.elapsedMs, firstRowsMs: message.firstRowsMs });
      if (updateColumns(columns, snapshot.rows, from)) table.setColumns(columns);
      table.rowsAppended(from);
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
    default: {
      // every message of the protocol is handled above (checked when it compiles)
      const unexpected: never = message;
      void unexpected;
    }
  }
  if (snapshot && snapshot.state !== 'running' && !snapshot.restored?.omitted) keep(snapshot);
  render();
});

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
  spinner.hidden = !running;
  buttons.cancel.hidden = !running;
  buttons.more.hidden = running || !snapshot.hasMore;
  const viewLabel = mode === 'table' ? 'Show the raw JSON' : 'Show the table';
  buttons.view.setAttribute('icon', mode === 'table' ? 'json' : 'table');
  buttons.view.setAttribute('label', viewLabel);
  buttons.view.title = viewLabel;
  queryLine.textContent = `${snapshot.connectionName} · ${snapshot.query.replace(/\s+/g, ' ')}`;
  restoredSlot.replaceChildren(
    ...(snapshot.restored
      ? [
          restoredBanner(snapshot.restored, 'Run again', () =>
            postToHost('results', { type: 'rerun' }),
          ),
        ]
      : []),
  );
  queryLine.title = snapshot.query;
  banner.hidden = !snapshot.error;
  banner.replaceChildren();
  if (snapshot.error) {
    banner.append(element('div', 'banner-message', snapshot.error.message));
    if (snapshot.error.detail) {
      banner.append(element('pre', 'banner-detail mono', snapshot.error.detail));
    }
    banner.append(
      errorActions(snapshot.error.editConnection, (action) => postToHost('results', action)),
    );
  }
  renderTruncated(snapshot);
  const empty = snapshot.rows.length === 0 && snapshot.state !== 'running';
  table.element.hidden = mode !== 'table' || (empty && Boolean(snapshot.error));
  raw.hidden = mode !== 'json';
  if (mode === 'json') {
    const shown = snapshot.rows.slice(0, RAW_JSON_LIMIT);
    const note =
      snapshot.rows.length > RAW_JSON_LIMIT
        ? `// the first ${RAW_JSON_LIMIT.toLocaleString('en-US')} of ${snapshot.rows.length.toLocaleString('en-US')} rows; Export JSON saves all\n`
        : '';
    raw.textContent = note + JSON.stringify(shown, null, 2);
  }
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
    ? ` · ${table.shownCount.toLocaleString('en-US')} match the filter`
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
