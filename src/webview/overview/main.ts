/**
 * The fleet overview: node counts (fleet tiles, a table per environment), runs over time (chart
 * or table), and what is going wrong; a radiator mode shows only the tiles, large. Everything
 * from PuppetDB is set as text. The range, the chart/table choice and the radiator mode survive
 * hide/show.
 */
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '../common/chartPage.css';
import './overview.css';
import type { OverviewDto, RunsRange } from '../../shared/overview';
import type { HostToOverview, RestoredNote } from '../../shared/protocol';
import { restoredBanner } from '../common/restoredBanner';
import { getUiState, keepShown, onHostMessage, postToHost, setUiState } from '../common/vscodeApi';
import { environmentsTable, fleetTiles } from './countsView';
import { problemsView } from './problemsView';
import { runsChart, runsTable, type OpenRuns } from './runsChart';

interface OverviewUi {
  range: RunsRange;
  table: boolean;
  radiator: boolean;
}

const app = document.getElementById('app')!;
let ui: OverviewUi = { range: 'hours', table: false, radiator: false, ...getUiState<OverviewUi>() };
const saveUi = (partial: Partial<OverviewUi>) => setUiState((ui = { ...ui, ...partial }));

let shown:
  { overview: OverviewDto; autoRefreshSeconds: number; restored?: RestoredNote } | undefined;
let problem: string | undefined;

function button(label: string, title: string, onClick: () => void, pressed?: boolean): HTMLElement {
  const element = document.createElement('vscode-button');
  element.setAttribute('secondary', '');
  element.textContent = label;
  element.title = title;
  if (pressed !== undefined) element.setAttribute('aria-pressed', String(pressed));
  element.addEventListener('click', onClick);
  return element;
}

function toolbar(overview: OverviewDto, autoRefreshSeconds: number): HTMLElement {
  const bar = document.createElement('header');
  bar.className = 'overview-toolbar';
  const title = document.createElement('h2');
  const scope = overview.environment === undefined ? '' : ` · ${overview.environment}`;
  title.textContent = `${overview.connectionName}${scope} · ${overview.fleet.active.toLocaleString('en-US')} active nodes`;
  const when = document.createElement('span');
  when.className = 'muted';
  when.textContent = `as of ${new Date(overview.fetchedAt).toLocaleTimeString()}${autoRefreshSeconds > 0 ? ` · refreshes every ${autoRefreshSeconds} s` : ''} · unreported after ${overview.unreportedHours} h`;
  const refresh = button('Refresh', 'Ask PuppetDB again', () =>
    postToHost('overview', { type: 'refresh', range: ui.range }),
  );
  refresh.className = 'refresh';
  const radiator = button('Radiator', 'Large numbers for a wall display (Escape leaves)', () =>
    setRadiator(true),
  );
  radiator.className = 'radiator-toggle';
  const runs = button(
    'Recent runs',
    `Open the runs of the chart's range (${overview.runs.range === 'hours' ? 'last 24 hours' : 'last 8 days'})${scope === '' ? '' : ` in ${overview.environment}`}`,
    () => postToHost('overview', { type: 'openRuns' }),
  );
  runs.className = 'open-runs';
  bar.append(title, when, refresh, runs, radiator);
  if (overview.environment !== undefined) {
    const all = button('All environments', 'Show the whole fleet again', () =>
      postToHost('overview', { type: 'showAllEnvironments' }),
    );
    all.className = 'all-environments';
    bar.insertBefore(all, radiator);
  }
  return bar;
}

function runsSection(overview: OverviewDto): HTMLElement {
  const section = document.createElement('section');
  section.className = 'runs';
  const head = document.createElement('div');
  head.className = 'section-head';
  const title = document.createElement('h3');
  title.textContent = 'Runs over time';
  const range = button(
    overview.runs.range === 'hours' ? 'Last 8 days' : 'Last 24 hours',
    'Switch between runs per hour (24 h) and per day (8 days)',
    () => {
      saveUi({ range: ui.range === 'hours' ? 'days' : 'hours' });
      postToHost('overview', { type: 'refresh', range: ui.range });
    },
  );
  range.className = 'range-toggle';
  const table = button(
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
  if (on) app.querySelector<HTMLElement>('.radiator-exit')?.focus();
}

function render(): void {
  document.body.classList.toggle('radiator', ui.radiator && shown !== undefined);
  const errorBanner = problem ? banner(problem) : undefined;
  if (!shown) {
    const loading = document.createElement('div');
    loading.className = 'overview-loading';
    loading.textContent = 'Asking PuppetDB…';
    app.replaceChildren(...[errorBanner ?? loading]);
    return;
  }
  const { overview, autoRefreshSeconds, restored } = shown;
  const openNodes = (
    count: Parameters<Parameters<typeof fleetTiles>[1]>[0],
    environment: string | undefined,
  ) =>
    postToHost('overview', {
      type: 'openNodes',
      count,
      ...(environment !== undefined && { environment }),
    });
  if (ui.radiator) {
    const exit = button('Leave radiator', 'Back to the whole overview (Escape)', () =>
      setRadiator(false),
    );
    exit.className = 'radiator-exit';
    const title = document.createElement('h1');
    title.className = 'radiator-title';
    title.textContent = `${overview.connectionName} · ${overview.fleet.active.toLocaleString('en-US')} nodes · ${new Date(overview.fetchedAt).toLocaleTimeString()}`;
    app.replaceChildren(
      ...[errorBanner, title, fleetTiles(overview, openNodes), exit].filter(
        (element) => element !== undefined,
      ),
    );
  } else {
    const main = document.createElement('div');
    main.className = 'overview-body';
    main.append(
      fleetTiles(overview, openNodes),
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
    const parts: HTMLElement[] = [];
    if (restored) {
      parts.push(
        restoredBanner(restored, 'Load again', () =>
          postToHost('overview', { type: 'refresh', range: ui.range }),
        ),
      );
    }
    if (errorBanner) parts.push(errorBanner);
    parts.push(toolbar(overview, autoRefreshSeconds), main);
    app.replaceChildren(...parts);
  }
  // after the browser has laid out and painted this frame
  requestAnimationFrame(() =>
    setTimeout(() => postToHost('overview', { type: 'painted', fetchedAt: overview.fetchedAt }), 0),
  );
}

function banner(text: string): HTMLElement {
  const element = document.createElement('div');
  element.className = 'banner';
  element.setAttribute('role', 'alert');
  element.textContent = text;
  return element;
}

document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && ui.radiator) setRadiator(false);
});

onHostMessage('overview', (message: Exclude<HostToOverview, { type: 'persist' }>) => {
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
    case 'restored': {
      const note = restoredBanner(message.note, 'Load again', () =>
        postToHost('overview', { type: 'refresh', range: ui.range }),
      );
      app.replaceChildren(note);
      break;
    }
    case 'error':
      problem = `PuppetDB did not answer the overview: ${message.message}`;
      render();
      break;
  }
});
postToHost('overview', { type: 'ready' });
