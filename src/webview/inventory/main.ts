/**
 * The inventory view: the page frame (title, counts; filter, columns, export, reload) over the
 * grid of nodes, fed by the host (a snapshot on each `ready`, then streamed rows).
 */
import '../common/page/codiconStylesheet';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '../common/page/pageFrame.css';
// the grid's rules before the view's own, which refine them
import '../common/grid/grid.css';
import './inventory.css';
import type { HostToEveryPage, HostToInventory } from '../../shared/protocol';
import { inventorySearchText, type InventoryRow } from '../../shared/inventoryTable';
import { unpackRows } from '../../shared/packedRows';
import { viewPageFrame } from '../common/page/pageFrame';
import { ModelGrid, type ModelGridState } from '../common/grid/modelGrid';
import { keepShown, onHostMessage, PageUiState, postToHost } from '../common/vscodeApi';
import { inventoryColumns } from './inventoryGrid';
import { filterField } from '../common/page/filterField';

interface InventoryUi {
  filter?: string;
  grid?: ModelGridState;
}

const ui = new PageUiState<InventoryUi>({});

const reload = () => postToHost('inventory', { type: 'reload' });
const frame = viewPageFrame('inventory', {
  className: 'inventory-toolbar',
  loadingLabel: 'Loading the inventory',
  reload: { label: 'Load again', run: reload },
});
const filter = filterField({
  className: 'inventory-filter',
  placeholder: 'Filter (every word, any column)',
  label: 'Filter the nodes',
});
const count = document.createElement('span');
count.className = 'inventory-count';
const button = (label: string, icon: string, onClick: () => void) => {
  const element = document.createElement('vscode-button');
  element.textContent = label;
  element.setAttribute('icon', icon);
  element.setAttribute('secondary', '');
  element.addEventListener('click', onClick);
  return element;
};

let complete = false;
let savedAt: string | undefined;
let columns: string[] = [];
let allRows: InventoryRow[] = [];

const grid = new ModelGrid<InventoryRow>({
  className: 'inventory-viewport',
  label: 'Inventory',
  columns: [],
  searchText: inventorySearchText,
  state: ui.value.grid,
  onStateChange: (state) => ui.save({ grid: state }),
  onActivate: (row, _index, detail) => {
    // a click selects, a double click or Enter opens the node (a single click is for reading across)
    if (typeof row[0] === 'string' && detail.how !== 'click') {
      postToHost('inventory', { type: 'openNode', certname: row[0] });
    }
  },
  onView: (rows, loaded) => {
    count.textContent =
      rows === loaded
        ? `${loaded.toLocaleString('en-US')} nodes${complete ? '' : '…'}`
        : `${rows.toLocaleString('en-US')} of ${loaded.toLocaleString('en-US')} nodes`;
    // after the paint, so the count is what a person sees
    requestAnimationFrame(() => postToHost('inventory', { type: 'shown', rows, loaded }));
  },
});

/** The filter and sort the grid shows, as the host exports them. */
const exported = () => {
  const sort = grid.currentSort;
  const column = sort ? columns.indexOf(sort.column) : -1;
  return {
    filter: grid.currentFilter,
    sort: sort && column >= 0 ? { column, descending: sort.direction === 'desc' } : null,
  };
};
frame.status.append(count);
frame.actions.append(
  filter,
  button('Add column', 'add', () => postToHost('inventory', { type: 'addColumn' })),
  grid.grid.columnsButton(),
  button('CSV', 'desktop-download', () =>
    postToHost('inventory', { type: 'export', format: 'csv', ...exported() }),
  ),
  button('JSON', 'json', () =>
    postToHost('inventory', { type: 'export', format: 'json', ...exported() }),
  ),
  button('Reload', 'refresh', reload),
);
frame.body.append(grid.element);

if (ui.value.filter) {
  filter.value = ui.value.filter;
  grid.setFilter(ui.value.filter);
}
filter.addEventListener('input', () => {
  grid.setFilter(filter.value);
  ui.save({ filter: filter.value });
});

function showColumns(next: string[]): void {
  columns = next;
  grid.setColumns(
    inventoryColumns(columns, (column) =>
      postToHost('inventory', { type: 'removeColumn', column }),
    ),
  );
}

function keepIfComplete(): void {
  if (!complete) return;
  keepShown(
    'inventory',
    { title: frame.title.textContent ?? '', columns, rows: allRows },
    `The ${allRows.length.toLocaleString('en-US')} nodes`,
    savedAt,
  );
}

let keepTimer: ReturnType<typeof setTimeout> | undefined;

/** Keeps the rows for a window reload once they are painted: a megabyte of JSON must not delay the paint. */
function keepSoon(): void {
  clearTimeout(keepTimer);
  requestAnimationFrame(() => {
    clearTimeout(keepTimer);
    keepTimer = setTimeout(keepIfComplete);
  });
}

function handle(message: Exclude<HostToInventory, HostToEveryPage>): void {
  switch (message.type) {
    case 'loading':
      complete = false;
      frame.showError(undefined);
      frame.showRestored(undefined);
      savedAt = undefined;
      frame.setTitle(message.title);
      showColumns(message.columns);
      allRows = [];
      grid.setRows(allRows);
      frame.setLoading(true);
      return;
    case 'inventory':
      complete = message.complete;
      frame.showError(undefined);
      frame.setTitle(message.title);
      frame.showRestored(message.restored);
      savedAt = message.restored?.savedAt;
      showColumns(message.columns);
      allRows = unpackRows(message.rows);
      grid.setRows(allRows);
      frame.setLoading(!complete);
      keepSoon();
      return;
    case 'moreRows': {
      complete = message.complete;
      const more = unpackRows(message.rows);
      allRows = [...allRows, ...more];
      grid.append(more);
      frame.setLoading(!complete);
      keepSoon();
      return;
    }
    case 'error':
      frame.setLoading(false);
      frame.showError(message);
      return;
  }
}

onHostMessage('inventory', handle);
postToHost('inventory', { type: 'ready' });
