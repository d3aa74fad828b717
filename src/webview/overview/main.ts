/**
 * The fleet overview: node counts (fleet tiles, a table per environment), runs over time (chart
 * or table), and what is going wrong; a radiator mode shows only the tiles, large. Everything
 * from PuppetDB is set as text. The range, the chart/table choice and the radiator mode survive
 * hide/show.
 */
import '../common/page/codiconStylesheet';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '../common/page/pageFrame.css';
import '../common/chartPage.css';
import './overview.css';
import type { OverviewDto, RunsRange } from '../../shared/overview';
import type { HostToEveryPage, HostToOverview, RestoredNote } from '../../shared/protocol';
import { onDateStyleChange, timeText } from '../common/dateStyle';
import { pageButton } from '../common/page/pageButton';
import type { BannerError } from '../common/page/errorBanner';
import { PageFrame } from '../common/page/pageFrame';
import { getUiState, keepShown, onHostMessage, postToHost, setUiState } from '../common/vscodeApi';
import { afterPaint } from '../common/tasks';
import { environmentsTable, fleetTiles } from './countsView';
import { healthView, type OpenHealth } from './healthView';
import { problemsView } from './problemsView';
import { runsChart, runsTable, type OpenRuns } from './runsChart';

interface OverviewUi {
  range: RunsRange;
  table: boolean;
  radiator: boolean;
}

let ui: OverviewUi = { range: 'hours', table: false, radiator: false, ...getUiState<OverviewUi>() };
const saveUi = (partial: Partial<OverviewUi>) => setUiState((ui = { ...ui, ...partial }));

let shown:
  { overview: OverviewDto; autoRefreshSeconds: number; restored?: RestoredNote } | undefined;
/** The last failure (the error banner), until the next load. */
let problem: BannerError | undefined;

const refresh = () => postToHost('overview', { type: 'refresh', range: ui.range });
const frame = new PageFrame(document.getElementById('app')!, {
  className: 'overview-toolbar',
  loadingLabel: 'Asking PuppetDB for the overview',
  reload: { label: 'Load again', run: refresh },
  errorActions: (action) => postToHost('overview', action),
});

/** The header: what the overview is of, as of when, and its actions. */
function showHeader(overview: OverviewDto, autoRefreshSeconds: number): void {
  const scope = overview.environment === undefined ? '' : ` · ${overview.environment}`;
  frame.setTitle(
    `${overview.connectionName}${scope} · ${overview.fleet.active.toLocaleString('en-US')} active nodes`,
  );
  frame.status.textContent = `as of ${timeText(overview.fetchedAt)}${autoRefreshSeconds > 0 ? ` · refreshes every ${autoRefreshSeconds} s` : ''} · unreported after ${overview.unreportedHours} h`;
  const refreshButton = pageButton('Refresh', 'Ask PuppetDB again', refresh);
  refreshButton.className = 'refresh';
  const radiator = pageButton('Radiator', 'Large numbers for a wall display (Escape leaves)', () =>
    setRadiator(true),
  );
  radiator.className = 'radiator-toggle';
  const runs = pageButton(
    'Recent runs',
    `Open the runs of the chart's range (${overview.runs.range === 'hours' ? 'last 24 hours' : 'last 8 days'})${scope === '' ? '' : ` in ${overview.environment}`}`,
    () => postToHost('overview', { type: 'openRuns' }),
  );
  runs.className = 'open-runs';
  const all =
    overview.environment === undefined
      ? []
      : [
          pageButton('All environments', 'Show the whole fleet again', () =>
            postToHost('overview', { type: 'showAllEnvironments' }),
          ),
        ];
  all.forEach((each) => (each.className = 'all-environments'));
  frame.actions.replaceChildren(refreshButton, runs, ...all, radiator);
}

function runsSection(overview: OverviewDto): HTMLElement {
  const section = document.createElement('section');
  section.className = 'runs';
  const head = document.createElement('div');
  head.className = 'section-head';
  const title = document.createElement('h3');
  title.textContent = 'Runs over time';
  const range = pageButton(
    overview.runs.range === 'hours' ? 'Last 8 days' : 'Last 24 hours',
    'Switch between runs per hour (24 h) and per day (8 days)',
    () => {
      saveUi({ range: ui.range === 'hours' ? 'days' : 'hours' });
      refresh();
    },
  );
  range.className = 'range-toggle';
  const table = pageButton(
    ui.table ? 'Show chart' : 'Show table',
    'Switch between the chart and its data table',
    () => {
      saveUi({ table: !ui.table });
      render();
    },
    ui.table,
  );
  table.className = 'table-toggle';
  const legend = document.createElement('div');
  legend.className = 'legend';
  legend.setAttribute('aria-hidden', 'true');
  for (const status of ['failed', 'changed', 'unchanged']) {
    const key = document.createElement('span');
    key.className = `legend-key status-${status}`;
    key.textContent = status;
    legend.append(key);
  }
  head.append(title, legend, range, table);
  const openRuns: OpenRuns = (bucket, status) =>
    postToHost('overview', {
      type: 'openRuns',
      bucket,
      ...(status !== undefined && { status }),
    });
  section.append(
    head,
    ui.table
      ? runsTable(overview.runs.range, overview.runs.buckets, openRuns)
      : runsChart(overview.runs.range, overview.runs.buckets, openRuns),
  );
  return section;
}

function setRadiator(on: boolean): void {
  saveUi({ radiator: on });
  render();
  if (on) frame.body.querySelector<HTMLElement>('.radiator-exit')?.focus();
}

function render(): void {
  document.body.classList.toggle('radiator', ui.radiator && shown !== undefined);
  frame.showError(problem);
  if (!shown) {
    frame.setLoading(problem === undefined);
    frame.status.textContent = problem === undefined ? 'Asking PuppetDB…' : '';
    frame.body.replaceChildren();
    return;
  }
  frame.setLoading(false);
  const { overview, autoRefreshSeconds, restored } = shown;
  frame.showRestored(restored);
  showHeader(overview, autoRefreshSeconds);
  const openNodes = (
    count: Parameters<Parameters<typeof fleetTiles>[1]>[0],
    environment: string | undefined,
  ) =>
    postToHost('overview', {
      type: 'openNodes',
      count,
      ...(environment !== undefined && { environment }),
    });
  const openHealth: OpenHealth = (tile) => postToHost('overview', { type: 'openHealth', tile });
  if (ui.radiator) {
    const exit = pageButton('Leave radiator', 'Back to the whole overview (Escape)', () =>
      setRadiator(false),
    );
    exit.className = 'radiator-exit';
    const title = document.createElement('h1');
    title.className = 'radiator-title';
    title.textContent = `${overview.connectionName} · ${overview.fleet.active.toLocaleString('en-US')} nodes · ${timeText(overview.fetchedAt)}`;
    frame.body.replaceChildren(
      title,
      fleetTiles(overview, openNodes),
      healthView(overview, openHealth),
      exit,
    );
  } else {
    const main = document.createElement('div');
    main.className = 'overview-body';
    main.append(
      fleetTiles(overview, openNodes),
      healthView(overview, openHealth),
      environmentsTable(overview, openNodes),
      runsSection(overview),
      problemsView(overview, {
        events: (filter) => postToHost('overview', { type: 'openEvents', filter }),
        flapping: ({ type, title }) =>
          postToHost('overview', {
            type: 'openFlapping',
            resourceType: type,
            resourceTitle: title,
          }),
      }),
    );
    frame.body.replaceChildren(main);
  }
  afterPaint(() => postToHost('overview', { type: 'painted', fetchedAt: overview.fetchedAt }));
}

// the overview says as of when: in the page's date style
onDateStyleChange(() => {
  if (shown) render();
});

document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && ui.radiator) setRadiator(false);
});

onHostMessage('overview', (message: Exclude<HostToOverview, HostToEveryPage>) => {
  switch (message.type) {
    case 'loading':
      problem = undefined;
      if (!shown) render();
      break;
    case 'overview':
      problem = undefined;
      shown = message;
      if (message.overview.runs.range !== ui.range) saveUi({ range: message.overview.runs.range });
      keepShown('overview', message.overview, 'The overview', message.restored?.savedAt);
      render();
      break;
    case 'restored':
      frame.setTitle(message.title);
      frame.setLoading(false);
      frame.status.replaceChildren();
      frame.showRestored(message.note);
      break;
    case 'error':
      problem = {
        message: `PuppetDB did not answer the overview: ${message.message}`,
        editConnection: message.editConnection,
      };
      render();
      break;
  }
});
postToHost('overview', { type: 'ready' });
