/**
 * The inventory view: a toolbar (filter, add column, export, reload, counts) over the grid,
 * fed by the host (a snapshot on each `ready`, then streamed rows).
 */
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
// the grid frame's rules first, so the view's own refine them
import '../common/dataGrid.css';
import './inventory.css';
import type { HostToInventory, RestoredNote } from '../../shared/protocol';
import type { InventoryRow } from '../../shared/inventoryTable';
import { unpackRows } from '../../shared/packedRows';
import { restoredBanner } from '../common/restoredBanner';
import { getUiState, keepShown, onHostMessage, postToHost, setUiState } from '../common/vscodeApi';
import { InventoryGrid } from './inventoryGrid';

const app = document.getElementById('app')!;
const toolbar = document.createElement('header');
toolbar.className = 'inventory-toolbar';
const title = document.createElement('h1');
title.className = 'inventory-title';
const progress = document.createElement('vscode-progress-ring');
progress.className = 'inventory-progress';
progress.ariaLabel = 'Loading the inventory';
const filter = document.createElement('vscode-textfield');
filter.className = 'inventory-filter';
filter.placeholder = 'Filter (every word, any column)';
filter.ariaLabel = 'Filter the nodes';
const count = document.createElement('span');
count.className = 'inventory-count';
count.setAttribute('role', 'status');
const button = (label: string, icon: string, onClick: () => void) => {
  const element = document.createElement('vscode-button');
  element.textContent = label;
  element.setAttribute('icon', icon);
  element.setAttribute('secondary', '');
  element.addEventListener('click', onClick);
  return element;
};
const state = () => ({ filter: grid.state.filter, sort: grid.state.sort ?? null });
toolbar.append(
  title,
  progress,
  filter,
  count,
  button('Add column', 'add', () => postToHost('inventory', { type: 'addColumn' })),
  button('CSV', 'desktop-download', () =>
    postToHost('inventory', { type: 'export', format: 'csv', ...state() }),
  ),
  button('JSON', 'json', () =>
    postToHost('inventory', { type: 'export', format: 'json', ...state() }),
  ),
  button('Reload', 'refresh', () => postToHost('inventory', { type: 'reload' })),
);
const banner = document.createElement('div');
banner.className = 'banner';
banner.setAttribute('role', 'alert');
banner.hidden = true;
const restoredSlot = document.createElement('div');

let complete = false;
let savedAt: string | undefined;
let columns: string[] = [];

const grid = new InventoryGrid({
  onRemoveColumn: (column) => postToHost('inventory', { type: 'removeColumn', column }),
  onOpenNode: (certname) => postToHost('inventory', { type: 'openNode', certname }),
  onShown: (rows, loaded) => {
    count.textContent =
      rows === loaded
        ? `${loaded.toLocaleString('en-US')} nodes${complete ? '' : '…'}`
        : `${rows.toLocaleString('en-US')} of ${loaded.toLocaleString('en-US')} nodes`;
    // after the paint, so the count is what a person sees
    requestAnimationFrame(() => postToHost('inventory', { type: 'shown', rows, loaded }));
  },
});
app.append(toolbar, restoredSlot, banner, grid.element);

const kept = getUiState<{ filter?: string }>();
if (kept?.filter) {
  filter.value = kept.filter;
  grid.setFilter(kept.filter);
}
filter.addEventListener('input', () => {
  grid.setFilter(filter.value);
  setUiState({ filter: filter.value });
});

function showRestored(note: RestoredNote | undefined): void {
  savedAt = note?.savedAt;
  restoredSlot.replaceChildren(
    ...(note
      ? [restoredBanner(note, 'Load again', () => postToHost('inventory', { type: 'reload' }))]
      : []),
  );
}

function setLoading(loading: boolean): void {
  progress.hidden = !loading;
}

function keepIfComplete(rows: InventoryRow[] | undefined): void {
  if (!complete) return;
  const all = rows ?? [];
  keepShown(
    'inventory',
    { title: title.textContent ?? '', columns, rows: all },
    `The ${all.length.toLocaleString('en-US')} nodes`,
    savedAt,
  );
}

let allRows: InventoryRow[] = [];
let keepTimer: ReturnType<typeof setTimeout> | undefined;

/** Keeps the rows for a window reload once they are painted: a megabyte of JSON must not delay the paint. */
function keepSoon(): void {
  clearTimeout(keepTimer);
  requestAnimationFrame(() => {
    clearTimeout(keepTimer);
    keepTimer = setTimeout(() => keepIfComplete(allRows));
  });
}

function handle(message: Exclude<HostToInventory, { type: 'persist' }>): void {
  switch (message.type) {
    case 'loading':
      complete = false;
      banner.hidden = true;
      showRestored(undefined);
      title.textContent = message.title;
      columns = message.columns;
      grid.setColumns(columns);
      allRows = [];
      grid.setRows(allRows);
      setLoading(true);
      return;
    case 'inventory':
      complete = message.complete;
      banner.hidden = true;
      title.textContent = message.title;
      columns = message.columns;
      showRestored(message.restored);
      grid.setColumns(columns);
      allRows = unpackRows(message.rows);
      grid.setRows(allRows);
      setLoading(!complete);
      keepSoon();
      return;
    case 'moreRows':
      complete = message.complete;
      allRows = [...allRows, ...unpackRows(message.rows)];
      grid.setRows(allRows);
      setLoading(!complete);
      keepSoon();
      return;
    case 'error':
      setLoading(false);
      banner.hidden = false;
      banner.textContent = message.message;
      return;
  }
}

onHostMessage('inventory', handle);
postToHost('inventory', { type: 'ready' });
