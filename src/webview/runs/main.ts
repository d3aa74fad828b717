/**
 * The recent runs view: the page frame with the window (last hour, day, week, or a custom range),
 * the counts of its runs by status (each a filter) and the environment, over the grid of runs,
 * newest first. Fed by the host: a snapshot on each `ready`, then streamed rows; the counts and
 * the environments follow as PuppetDB answers them.
 */
import '../common/page/codiconStylesheet';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '../common/page/pageFrame.css';
// the grid's rules before the view's own, which refine them
import '../common/grid/grid.css';
import './runs.css';
import type {
  HostToEveryPage,
  HostToRuns,
  RecentRunsSnapshot,
  RestoredNote,
} from '../../shared/protocol';
import {
  RUN_STATUSES,
  RUN_WINDOWS,
  type RunRow,
  type RunsFilter,
  type RunStatusCounts,
  type RunStatusKey,
} from '../../shared/recentRuns';
import { RUN_CHANGES, type RunChange } from '../../shared/history';
import { runStatusLook } from '../../shared/runStatusLook';
import { ModelGrid, type ModelGridState } from '../common/grid/modelGrid';
import { PageFrame } from '../common/page/pageFrame';
import { getUiState, keepShown, onHostMessage, postToHost, setUiState } from '../common/vscodeApi';
import { IdleWork } from '../common/tasks';
import { changeText, runsColumns, type RunsExtras } from './runsGrid';

const WINDOW_LABELS: Record<(typeof RUN_WINDOWS)[number], string> = {
  '1h': '1 h',
  '24h': '24 h',
  '7d': '7 d',
};

const reloadRuns = () => postToHost('runs', { type: 'reload' });
const frame = new PageFrame(document.getElementById('app')!, {
  className: 'runs-toolbar',
  loadingLabel: 'Loading the runs',
  reload: { label: 'Load again', run: reloadRuns },
  errorActions: (action) => postToHost('runs', action),
});

/** A toggle button of the toolbar (aria-pressed says which one is on). */
function toggle(label: string, name: string, onClick: () => void): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'runs-toggle';
  button.dataset.name = name;
  button.textContent = label;
  button.setAttribute('aria-pressed', 'false');
  button.addEventListener('click', onClick);
  return button;
}

function group(label: string, buttons: HTMLElement[]): HTMLElement {
  const element = document.createElement('div');
  element.className = 'runs-group';
  element.setAttribute('role', 'group');
  element.setAttribute('aria-label', label);
  element.append(...buttons);
  return element;
}

let filter: RunsFilter = { window: { last: '24h' } };
const ask = (next: RunsFilter) => postToHost('runs', { type: 'setFilter', filter: next });

const windowButtons = [
  ...RUN_WINDOWS.map((key) =>
    toggle(WINDOW_LABELS[key], key, () => ask({ ...filter, window: { last: key } })),
  ),
  toggle('Custom…', 'custom', () => postToHost('runs', { type: 'pickWindow' })),
];
windowButtons.forEach((button) => (button.title = `Runs that ended in this window`));

/**
 * The status chips: "all" and one per status, each with PuppetDB's count for the window. A
 * status's colour is on its icon (3:1 is enough for an icon); the words keep the button's own
 * colour, which reads in every theme.
 */
const statusButtons = new Map<RunStatusKey | 'all', HTMLButtonElement>();
const statusLabels = new Map<RunStatusKey | 'all', HTMLSpanElement>();
for (const status of ['all', ...RUN_STATUSES] as const) {
  // a second click on the status listed shows every status again
  const button = toggle('', status, () =>
    ask(
      status === 'all' || filter.status === status
        ? withoutKey(filter, 'status')
        : { ...filter, status },
    ),
  );
  if (status !== 'all') {
    // the grid's and the tree's icon for the status
    const look = runStatusLook(status);
    const icon = document.createElement('span');
    icon.className = `codicon codicon-${look.icon} status-mark-${look.tone}`;
    icon.setAttribute('aria-hidden', 'true');
    button.append(icon);
  }
  const label = document.createElement('span');
  button.append(label);
  statusButtons.set(status, button);
  statusLabels.set(status, label);
}

const environment = document.createElement('select');
environment.className = 'runs-environment';
environment.setAttribute('aria-label', 'Environment');
environment.addEventListener('change', () =>
  ask(
    environment.value === ''
      ? withoutKey(filter, 'environment')
      : { ...filter, environment: environment.value },
  ),
);

const count = document.createElement('span');
count.className = 'runs-count';
const reload = document.createElement('vscode-button');
reload.textContent = 'Reload';
reload.setAttribute('icon', 'refresh');
reload.setAttribute('secondary', '');
reload.addEventListener('click', reloadRuns);

const truncatedNote = document.createElement('div');
truncatedNote.className = 'truncated page-note';
truncatedNote.setAttribute('role', 'status');
truncatedNote.hidden = true;
frame.notes.append(truncatedNote);

/**
 * What the runs changed: PuppetDB FOSS cannot filter on the agent's corrective count, so this
 * filter is the page's own, over the rows loaded (the window, status and environment are asked).
 */
const changeFilter = document.createElement('select');
changeFilter.className = 'runs-change';
changeFilter.setAttribute('aria-label', 'Change');
changeFilter.title =
  'What the runs changed: corrective (drift put back), intentional (new code), both, unknown (neither PuppetDB nor the agent said) or none';
changeFilter.append(
  ...(['', ...RUN_CHANGES] as const).map((change) => {
    const option = document.createElement('option');
    option.value = change;
    option.textContent = change === '' ? 'Any change' : change;
    return option;
  }),
);

const extras: RunsExtras = { changes: undefined, health: undefined };

let rows: RunRow[] = [];
let complete = false;
let counts: RunStatusCounts | undefined;
let environments: string[] = [];
let bounds: RecentRunsSnapshot['bounds'] = { since: '' };
let savedAt: string | undefined;

const ui = getUiState<{ grid?: ModelGridState }>() ?? {};
const grid = new ModelGrid<RunRow>({
  className: 'runs-viewport',
  label: 'Runs, newest first',
  columns: runsColumns(extras),
  searchText: (run) =>
    [run.certname, run.status, run.environment, run.configurationVersion, run.puppetVersion].join(
      '\n',
    ),
  state: ui.grid,
  onStateChange: (state) => setUiState({ ...ui, grid: state }),
  // a run opens on a single click (the inventory, whose rows open less often, asks a double)
  openOnClick: true,
  onActivate: (run, _index, { column }) =>
    postToHost(
      'runs',
      column === 'why' && run.status === 'failed'
        ? { type: 'whyFailing', certname: run.certname }
        : { type: 'openReport', reportHash: run.hash },
    ),
  onView: (shown) => {
    showCount();
    // after the paint, so the count is what a person sees
    requestAnimationFrame(() =>
      postToHost('runs', { type: 'shown', rows: shown, loaded: rows.length }),
    );
  },
});
frame.status.append(count);
frame.actions.append(
  group('Window', windowButtons),
  group('Status', [...statusButtons.values()]),
  environment,
  changeFilter,
  grid.grid.columnsButton(),
  reload,
);
frame.body.append(grid.element);

function applyChangeFilter(): void {
  const wanted = changeFilter.value as RunChange | '';
  grid.setInclude(wanted === '' ? undefined : (run) => changeText(run, extras) === wanted);
}
changeFilter.addEventListener('change', applyChangeFilter);

/** The changes or the last successes arrived: the columns' texts and the filter again. */
function showExtras(next: Partial<RunsExtras>): void {
  Object.assign(extras, next);
  grid.setColumns(runsColumns(extras));
  applyChangeFilter();
}

function withoutKey<K extends 'status' | 'environment'>(from: RunsFilter, key: K): RunsFilter {
  const copy = { ...from };
  delete copy[key];
  return copy;
}

function showFilter(next: RunsFilter): void {
  filter = next;
  const windowKey = 'last' in next.window ? next.window.last : 'custom';
  for (const button of windowButtons) {
    button.setAttribute('aria-pressed', String(button.dataset.name === windowKey));
  }
  for (const [status, button] of statusButtons) {
    button.setAttribute('aria-pressed', String((next.status ?? 'all') === status));
  }
  showEnvironments();
}

function showEnvironments(): void {
  const options = ['', ...environments];
  // the one listed stays offered even when PuppetDB no longer knows it
  if (filter.environment !== undefined && !environments.includes(filter.environment)) {
    options.push(filter.environment);
  }
  environment.replaceChildren(
    ...options.map((name) => {
      const option = document.createElement('option');
      option.value = name;
      option.textContent = name === '' ? 'All environments' : name;
      return option;
    }),
  );
  environment.value = filter.environment ?? '';
}

function showCounts(): void {
  const total = counts ? RUN_STATUSES.reduce((sum, status) => sum + counts![status], 0) : undefined;
  for (const [status, button] of statusButtons) {
    const value = status === 'all' ? total : counts?.[status];
    const label = status === 'all' ? 'all' : status;
    statusLabels.get(status)!.textContent =
      `${label} ${value === undefined ? '…' : value.toLocaleString('en-US')}`;
    button.title =
      status === 'all'
        ? 'Every run of the window (PuppetDB counted them)'
        : `Only the ${status} runs (PuppetDB counted ${value ?? '…'} in the window)`;
  }
}

function showCount(): void {
  const loaded = rows.length.toLocaleString('en-US');
  const of = changeFilter.value === '' ? '' : `${grid.shownCount.toLocaleString('en-US')} of `;
  count.textContent = `${of}${loaded} run${rows.length === 1 ? '' : 's'}${complete ? '' : '…'}`;
}

function showTruncated(at: number | undefined): void {
  truncatedNote.hidden = at === undefined;
  truncatedNote.textContent =
    at === undefined
      ? ''
      : `Showing the newest ${at.toLocaleString('en-US')} runs of the window: choose a shorter window, a status or an environment to see the others.`;
}

function showRestored(note: RestoredNote | undefined): void {
  savedAt = note?.savedAt;
  frame.showRestored(note);
}

const keeping = new IdleWork();

/**
 * Keeps what is shown for a window reload once complete, in idle time: serialising a week of
 * runs must not hold back the paint of the rows (nor the `shown` the bench waits for).
 */
function keepIfComplete(): void {
  if (!complete) return;
  keeping.schedule(() =>
    keepShown(
      'runs',
      {
        title: frame.title.textContent ?? '',
        filter,
        bounds,
        rows,
        counts,
        environments,
        ...extras,
      },
      `The ${rows.length.toLocaleString('en-US')} runs`,
      savedAt,
    ),
  );
}

function handle(message: Exclude<HostToRuns, HostToEveryPage>): void {
  switch (message.type) {
    case 'loading':
      complete = false;
      frame.showError(undefined);
      showRestored(undefined);
      showTruncated(undefined);
      frame.setTitle(message.title);
      bounds = message.bounds;
      environments = message.environments;
      showFilter(message.filter);
      counts = undefined;
      showCounts();
      showExtras({ changes: undefined, health: undefined });
      rows = [];
      grid.setRows(rows);
      frame.setLoading(true);
      return;
    case 'runs':
      complete = message.complete;
      frame.showError(undefined);
      frame.setTitle(message.title);
      bounds = message.bounds;
      environments = message.environments;
      counts = message.counts;
      showFilter(message.filter);
      showCounts();
      showRestored(message.restored);
      showTruncated(message.truncatedAt);
      showExtras({ changes: message.changes, health: message.health });
      rows = message.rows;
      grid.setRows(rows);
      frame.setLoading(!complete);
      keepIfComplete();
      return;
    case 'moreRuns':
      complete = message.complete;
      rows = [...rows, ...message.rows];
      grid.append(message.rows);
      frame.setLoading(!complete);
      if (complete) showTruncated(message.truncatedAt);
      keepIfComplete();
      return;
    case 'counts':
      counts = message.counts;
      showCounts();
      return;
    case 'environments':
      environments = message.environments;
      showEnvironments();
      return;
    case 'changes':
      showExtras({ changes: message.changes });
      keepIfComplete();
      return;
    case 'health':
      showExtras({ health: message.health });
      keepIfComplete();
      return;
    case 'error':
      showRestored(undefined);
      frame.setLoading(false);
      frame.showError(message);
      return;
    default: {
      // every message of the protocol is handled above (checked when it compiles)
      const unexpected: never = message;
      void unexpected;
    }
  }
}

showFilter(filter);
showCounts();
onHostMessage('runs', handle);
postToHost('runs', { type: 'ready' });
