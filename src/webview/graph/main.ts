/**
 * The catalog graph view: resources as nodes, catalog edges as arrows, laid out by ELK (layered)
 * in a Web Worker and drawn by cytoscape. Search, select (details panel), focus on what a
 * resource depends on and what depends on it, filter by type and relationship, collapse classes,
 * compare with another catalog, fit/zoom, export PNG and SVG.
 *
 * Everything from PuppetDB reaches the DOM as text (textContent, element properties) or the
 * canvas; never as markup.
 */
import '../common/page/codiconStylesheet';
import '@vscode-elements/elements/dist/vscode-split-layout/index.js';
import type { CatalogGraphDto } from '../../shared/catalogGraph';
import {
  buildGraphModel,
  containers,
  dependencies,
  diffCatalogs,
  nodeLabel,
  relationshipGroup,
  searchResources,
  type CatalogDiff,
} from '../../shared/catalogGraphModel';
import { nearestTo, nextInDirection, type Direction } from '../../shared/graphNavigation';
import { CatalogParts } from '../../shared/catalogParts';
import type { HostToGraph, RestoredNote } from '../../shared/protocol';
import { MESSAGE_TEXT_MAX_CHARS } from '../../shared/protocol/common';
import { keepShown, onHostMessage, onRenew, postToHost } from '../common/vscodeApi';
import { IdleWork, nextPaint, nextTask } from '../common/tasks';
import { viewPageFrame } from '../common/page/pageFrame';
import { renderDetails } from './detailsPanel';
import { bindGraphKeys } from './graphKeyboard';
import type { DrawnNode } from './drawnGraph';
import { GraphRenderer } from './graphRenderer';
import { webglAvailable } from './webglSupport';
import { GraphState } from './graphState';
import { readPalette } from './graphStyle';
import type { Palette } from './palette';
import { LayoutClient, type LayoutWorker } from '../../shared/graphLayout/layoutClient';
import { HostFirstWorker } from './hostFirstWorker';
import { faultableWorkers } from './workerFaults';
import { startLayoutWorker, startSketchWorker } from './bundledWorker';
import { legend } from './legend';
import { Toolbar, type ToolbarAction } from './toolbar';
import '../common/page/pageFrame.css';
import './graph.css';

interface Shown {
  catalog: CatalogGraphDto;
  diff: CatalogDiff | undefined;
  compareLabel: string | undefined;
  /** Resources that contain others: what can be collapsed. */
  containers: Set<string>;
}

/** Set by the host's `layouts` message: it lays this page's graphs out (hostFirstWorker.ts). */
let hostLaysOut = false;
/** The worker the layout client starts, and the host's layout answers go to. */
let layoutWorker: HostFirstWorker | undefined;
const startLayout = async (): Promise<LayoutWorker> => {
  layoutWorker = new HostFirstWorker(
    () => hostLaysOut,
    (request) => postToHost('graph', { type: 'layout', ...request }),
    startLayoutWorker,
  );
  return layoutWorker;
};
/** Test builds only: workers a test can make fail. */
const testWorkers = PDBX_TEST_HOOKS ? faultableWorkers(startLayout) : undefined;

const state = new GraphState();
/** A big catalog's parts, kept until its message comes. */
const catalogParts = new CatalogParts();
const layouts = new LayoutClient({
  startWorker: testWorkers?.startLayout ?? startLayout,
  // for the host to keep: the pages opened after draw a graph of this shape without laying it out
  onLaidOut: (layout) => postToHost('graph', { type: 'laidOut', ...layout }),
});
let shown: Shown | undefined;
/** Counts the catalogs shown: part of each drawing's key. */
let shownGeneration = 0;
let drawGeneration = 0;
/** Set by "Retry": the next layout is asked of the worker, not taken from the layouts kept. */
let layOutAgain = false;
/** Whether a graph is being laid out and drawn (from draw() to afterDrawing()). */
let drawing = false;
/** What the status line says meanwhile. */
let progress = '';
/** Whether a PNG is being encoded: an export pressed meanwhile starts nothing (this is it). */
let exportingPng = false;
/** An export asked for while a big graph was still being drawn: asked of the host once it is. */
let pendingExport: 'png' | 'svg' | undefined;
/** The host's go-ahead for an export (the file is chosen) that came while a drawing was under way. */
let pendingPicture: { format: 'png' | 'svg'; token: string } | undefined;
/** The status line of the last drawing, shown again when a reload brings the same catalog. */
let drawnStatus = '';
let matches: string[] = [];
let matchIndex = -1;
/** Keeps the catalog shown for a window reload (see keepShown), when the page is idle. */
const keeping = new IdleWork();
const timings = {
  layoutMs: 0,
  /** Whether the last drawing's layout was one kept (no layout was made for it). */
  keptLayout: false,
  /** Whether the host's layout thread made the last drawing's layout. */
  hostLayout: false,
  paintMs: 0,
  firstPaintMs: 0,
  usableMs: 0,
  draws: 0,
  engine: '',
};

// --- the page -----------------------------------------------------------------------------------

const toolbar = new Toolbar({
  search: (query, next) => find(query, next),
  relationship: (group, visible) => {
    state.toggle('hiddenGroups', group, !visible);
    void draw();
  },
  types: (visible) => {
    const all = shown ? typesOf(shown.catalog) : [];
    state.update({ hiddenTypes: all.filter((type) => !visible.includes(type)) });
    void draw();
  },
  action: (action) => act(action),
});
const frame = viewPageFrame('graph', {
  className: 'graph-header',
  loadingLabel: 'Loading the catalog',
  reload: { label: 'Load again', run: () => act('refresh') },
});
/** The status line: what is drawn, or what is being done. */
const status = frame.status;
/** Says the layout worker failed and the fast layout was drawn instead, with "Retry". */
const layoutNotice = element('div', 'layout-failure');
layoutNotice.setAttribute('role', 'alert');
layoutNotice.hidden = true;
const split = document.createElement('vscode-split-layout');
split.split = 'vertical';
split.fixedPane = 'end';
split.initialHandlePosition = '72%';
split.minEnd = '220px';
split.minStart = '200px';
const canvas = element('div', 'graph-canvas');
canvas.slot = 'start';
const details = element('aside', 'details');
details.slot = 'end';
details.setAttribute('aria-label', 'Selected resource');
split.append(canvas, details);
const canvasWrapper = element('div', 'graph-body');
const legendBox = legend();
canvasWrapper.append(split, legendBox);
frame.notes.append(layoutNotice);
frame.body.append(toolbar.element, canvasWrapper);

/** The note of a panel restored after a window reload, with "Load again"; or nothing. */
function showRestored(note: RestoredNote | undefined): void {
  frame.showRestored(note);
}

const renderer = new GraphRenderer(
  canvas,
  {
    select: (id) => select(id, false),
    toggleCollapse: (id) => toggleCollapse(id),
  },
  testWorkers?.startSketch ?? startSketchWorker,
);
// while the page waits for its catalog, not when the first graph is drawn: the layout and sketch
// workers are started (their bundles fetched and compiled), whether WebGL runs on a GPU is found
// out (that takes a WebGL context), and the number format the status line counts in is set up
// (its first use loads the locale's data: about 20 ms)
requestIdleCallback(() => {
  layouts.warmUp();
  renderer.warmUp();
  webglAvailable();
  count(0, 'resource');
});
/** Read out by screen readers when the keyboard moves the selection. */
const announcer = element('div', 'visually-hidden');
announcer.setAttribute('aria-live', 'polite');
canvasWrapper.append(announcer);
bindGraphKeys(canvas, {
  move: (direction) => moveSelection(direction),
  centre: () => {
    if (state.value.selected) renderer.select(state.value.selected, true);
  },
  clear: () => select(undefined, false),
  toggleFocus: () => act('focus'),
  toggleCollapse: () => act('collapse'),
  zoom: (factor) => renderer.zoomBy(factor),
  fit: () => renderer.fit(),
  search: () => toolbar.focusSearch(),
});

/** For tests and benchmarks: what is drawn, and a way to drive the view. */
const testHooks = {
  nodeIds: () => renderer.drawn().nodes,
  /** How many elements cytoscape holds: a big graph's sketch draws it alone until an export. */
  inCytoscape: () => renderer.drawn().inCytoscape,
  edgeIds: () => renderer.drawn().edges,
  selected: () => renderer.drawn().selected,
  focus: () => state.value.focus,
  styleOf: (id: string, property: string) => renderer.styleOf(id, property),
  positionOf: (id: string) => renderer.placement().nodes.find((node) => node.id === id),
  renderedPositionOf: (id: string) => renderer.renderedPosition(id),
  timings,
  select: (id: string) => select(id, true),
  setFocus: (on: boolean) => setFocus(on),
  collapse: (id: string) => toggleCollapse(id),
  layoutFailure: () => (layoutNotice.hidden ? undefined : layoutNotice.textContent),
  /** The camera's zoom: the sketch's while the elements go in, then cytoscape's. */
  zoom: () => renderer.zoom(),
  details: () => details.textContent ?? '',
};
// the e2e tests read the drawing through these; production bundles leave them out (esbuild.mjs)
if (PDBX_TEST_HOOKS) {
  (window as unknown as { __pdbxGraph: typeof testHooks }).__pdbxGraph = testHooks;
}
if (PDBX_TEST_HOOKS && testWorkers) {
  (window as unknown as { __pdbxGraphFaults: object }).__pdbxGraphFaults = {
    ...testWorkers.faults,
    /** Lays the graph out again, as "Retry" does. */
    relayout: () => relayout(),
  };
}

// --- messages from the host ---------------------------------------------------------------------

onHostMessage('graph', (message) => {
  switch (message.type) {
    case 'loading':
      frame.setTitle(`Catalog of ${message.certname}`);
      frame.setLoading(true);
      status.textContent = `Loading the catalog of ${message.certname}…`;
      frame.showError(undefined);
      showRestored(undefined);
      return;
    case 'restored':
      frame.setTitle(message.title);
      status.textContent = message.title;
      showRestored(message.note);
      return;
    case 'error':
      showRestored(undefined);
      frame.setLoading(false);
      frame.showError(message);
      status.textContent = '';
      return;
    case 'layouts':
      hostLaysOut = message.hostLaysOut;
      layouts.keep(message.layouts);
      return;
    case 'layoutAnswer':
      layoutWorker?.answer(message);
      return;
    case 'catalogPart':
      catalogParts.add(message);
      return;
    case 'catalog':
      show(catalogParts.join(message));
      return;
    case 'makeExport':
      // the picture is of the whole drawing: one under way is waited for
      if (drawing) pendingPicture = { format: message.format, token: message.token };
      else exportAs(message.format, message.token, readPalette());
      return;
    default: {
      // every message of the protocol is handled above (checked when it compiles)
      const unexpected: never = message;
      void unexpected;
    }
  }
});

function show(message: Extract<HostToGraph, { type: 'catalog' }>): void {
  const { catalog, compareWith, focus, restored } = message;
  frame.setTitle(`Catalog of ${catalog.certname}`);
  frame.setLoading(false);
  frame.showError(undefined);
  showRestored(restored);
  // in idle time: sizing and writing thousands of resources must not hold back the drawing
  keeping.schedule(() =>
    keepShown(
      'graph',
      { catalog, ...(compareWith ? { compareWith } : {}) },
      `The catalog's ${catalog.resources.length.toLocaleString('en-US')} resources`,
      restored?.savedAt,
    ),
  );
  // the same drawing again (a snapshot after the panel was shown again): nothing to redo
  if (
    shown &&
    !focus &&
    shown.catalog.certname === catalog.certname &&
    shown.catalog.version === catalog.version &&
    shown.compareLabel === compareWith?.label
  ) {
    status.textContent = drawnStatus;
    return;
  }
  state.useFor(catalog.certname);
  legendBox.classList.toggle('comparing', compareWith !== undefined);
  shown = {
    catalog,
    diff: compareWith ? diffCatalogs(catalog, compareWith.catalog) : undefined,
    compareLabel: compareWith?.label,
    containers: containers(catalog),
  };
  shownGeneration++;
  if (focus && catalog.resources.some((resource) => resource.id === focus)) {
    state.update({ selected: focus, focus: true });
  }
  toolbar.setTypes(typesOf(catalog), state.value.hiddenTypes);
  toolbar.setRelationships(state.value.hiddenGroups);
  void draw();
}

// --- drawing ------------------------------------------------------------------------------------

async function draw(): Promise<void> {
  if (!shown) return;
  drawing = true;
  const { catalog, diff } = shown;
  const generation = ++drawGeneration;
  const view = state.value;
  const focus = view.focus && view.selected ? view.selected : undefined;
  // the whole graph (no focus) is named by what shapes it, so that leaving focus mode can show
  // the drawing kept from before instead of laying out and drawing it again
  const key = focus
    ? undefined
    : JSON.stringify([
        shownGeneration,
        view.direction,
        [...view.hiddenGroups].sort(),
        [...view.hiddenTypes].sort(),
        [...view.collapsed].sort(),
      ]);
  if (key !== undefined) {
    const paintStarted = performance.now();
    if (await renderer.reuse(key, readPalette())) {
      if (generation !== drawGeneration) return;
      timings.layoutMs = 0;
      // the drawing itself was kept, laid out
      timings.keptLayout = true;
      timings.hostLayout = false;
      timings.paintMs = performance.now() - paintStarted;
      timings.firstPaintMs = timings.paintMs;
      timings.usableMs = timings.paintMs;
      whenUsable(undefined);
      afterDrawing();
      return;
    }
  }
  // the model in a task of its own: taking the message in (and the controls it changed) was one
  await nextTask();
  if (generation !== drawGeneration) return;
  const model = buildGraphModel(catalog, {
    hiddenGroups: new Set(view.hiddenGroups),
    hiddenTypes: new Set(view.hiddenTypes),
    collapsed: new Set(view.collapsed),
    focus,
    diff,
  });
  // and the layout's request in another (each tens of milliseconds at 20,000 resources)
  await nextTask();
  if (generation !== drawGeneration) return;
  progress = `Laying out ${count(model.nodes.length, 'resource')}…`;
  status.textContent = progress;
  const measure = labelMeasurer(model.nodes.length);
  const sized = model.nodes.map((node) => {
    const label = nodeLabel(node);
    return { ...node, label, width: Math.ceil(measure(label)) + 20, height: 26 };
  });
  const started = performance.now();
  const again = layOutAgain;
  layOutAgain = false;
  const layout = await layouts.layout(
    {
      direction: view.direction,
      nodes: sized.map(({ id, width, height }) => ({ id, width, height })),
      edges: model.edges.map(({ source, target }) => ({ source, target })),
    },
    again,
  );
  if (generation !== drawGeneration) return;
  timings.layoutMs = performance.now() - started;
  timings.keptLayout = layout.kept === true;
  timings.hostLayout = layout.byHost === true;
  timings.engine = layout.engine;
  if (layout.error) console.warn(`ELK failed (${layout.error}); the fast layout was used.`);
  showLayoutFailure(layout.failure);
  const nodes: DrawnNode[] = sized.map((node, index) => {
    // the layouts give top-left corners, cytoscape wants centres
    const corner = layout.positions[node.id] ?? { x: index * 40, y: -80 };
    return { ...node, x: corner.x + node.width / 2, y: corner.y + node.height / 2 };
  });
  const edges = model.edges.map((edge) => ({
    ...edge,
    group: relationshipGroup(edge.relationship),
  }));
  const paintStarted = performance.now();
  progress = `Drawing ${count(nodes.length, 'resource')}…`;
  status.textContent = progress;
  const firstPaintMs = await renderer.draw(nodes, edges, readPalette(), key, () => {
    if (generation !== drawGeneration) return;
    timings.usableMs = performance.now() - paintStarted;
    whenUsable(focus);
  });
  if (generation !== drawGeneration || firstPaintMs === undefined) return;
  timings.paintMs = performance.now() - paintStarted;
  timings.firstPaintMs = firstPaintMs;
  afterDrawing();
}

/** The layout worker's failure, if the last layout had one, with "Retry" (a fresh worker). */
function showLayoutFailure(failure: string | undefined): void {
  layoutNotice.hidden = failure === undefined;
  if (failure === undefined) {
    layoutNotice.replaceChildren();
    return;
  }
  const retry = document.createElement('vscode-button');
  retry.textContent = 'Retry';
  retry.title = 'Lay the graph out again in a new layout worker';
  retry.addEventListener('click', () => relayout());
  const text = element('span', '');
  text.textContent = `The graph layout did not finish (${failure}), so it is drawn with the simpler fast layout.`;
  layoutNotice.replaceChildren(text, retry);
}

/** Lays the graph out anew ("Retry"): a new key, so the drawing kept from before is not reused. */
function relayout(): void {
  layOutAgain = true;
  layoutNotice.hidden = true;
  shownGeneration++;
  void draw();
}

/**
 * What follows a drawing once it can be selected, searched and zoomed (a big graph's sketch, while
 * cytoscape still takes the elements in): selection, status line, search marks, controls, details.
 */
function whenUsable(focus: string | undefined): void {
  const drawn = renderer.counts();
  legendBox.classList.toggle('webgl', renderer.usesWebgl());
  renderer.select(state.value.selected, false);
  drawnStatus = statusLine(drawn.nodes, drawn.edges, focus);
  // a big graph's labels come once cytoscape has every element, and exports wait for that
  status.textContent = renderer.takingIn()
    ? `${drawnStatus} · Finishing the drawing…`
    : drawnStatus;
  find(toolbar.query(), false);
  refreshControls();
  showDetails();
}

/** What follows every drawing once it is whole: the status line, exports asked for meanwhile. */
function afterDrawing(): void {
  drawing = false;
  timings.draws++;
  // the status line whenUsable worked out, without "Finishing the drawing…"
  status.textContent = drawnStatus;
  if (pendingPicture) {
    exportAs(pendingPicture.format, pendingPicture.token, readPalette());
    pendingPicture = undefined;
  }
  if (pendingExport) {
    askExport(pendingExport);
    pendingExport = undefined;
  }
  const drawn = renderer.counts();
  postToHost('graph', {
    type: 'drawn',
    nodes: drawn.nodes,
    edges: drawn.edges,
    layoutMs: timings.layoutMs,
    keptLayout: timings.keptLayout,
    hostLayout: timings.hostLayout,
    paintMs: timings.paintMs,
    firstPaintMs: timings.firstPaintMs,
    usableMs: timings.usableMs,
  });
}

function statusLine(nodes: number, edges: number, focus: string | undefined): string {
  if (!shown) return '';
  const { catalog, diff, compareLabel } = shown;
  // comparing draws the union: what only the other catalog has counts too
  const resources = catalog.resources.length + (diff?.removedResources.length ?? 0);
  const edgeTotal = catalog.edges.length + (diff?.removedEdges.length ?? 0);
  const parts = [
    catalog.certname,
    `version ${catalog.version}`,
    catalog.environment,
    `${nodes.toLocaleString('en-US')} of ${count(resources, 'resource')}`,
    `${edges.toLocaleString('en-US')} of ${count(edgeTotal, 'edge')}`,
  ];
  if (focus) parts.push(`focus on ${focus}`);
  if (diff) {
    const c = diff.counts;
    parts.push(
      `compared with ${compareLabel}: ${c.added} added, ${c.removed} removed, ${c.changed} changed resources; ${c.addedEdges} added, ${c.removedEdges} removed edges`,
    );
  }
  return parts.join(' · ');
}

// --- interaction --------------------------------------------------------------------------------

function select(id: string | undefined, centre: boolean): void {
  const view = state.value;
  if (id === view.selected) {
    if (centre) renderer.select(id, true);
    return;
  }
  if (id === undefined && view.focus) {
    // focus needs a resource: clearing the selection shows the whole graph again
    state.update({ selected: undefined, focus: false });
    void draw();
    return;
  }
  state.update({ selected: id });
  if (view.focus) {
    void draw();
    return;
  }
  renderer.select(id, centre);
  refreshControls();
  showDetails();
}

/** An arrow key: the next resource that way, or (nothing selected) the one mid-view. */
function moveSelection(direction: Direction): void {
  const { nodes, centre } = renderer.placement();
  const selected = state.value.selected;
  const from = selected === undefined ? undefined : nodes.find((node) => node.id === selected);
  const target = from ? nextInDirection(from, nodes, direction) : nearestTo(centre, nodes);
  if (target === undefined) {
    announcer.textContent = `Nothing further ${direction}.`;
    return;
  }
  select(target, !renderer.inView(target));
  announcer.textContent = target;
}

function setFocus(on: boolean): void {
  if (on && !state.value.selected) return;
  state.update({ focus: on });
  void draw();
}

function toggleCollapse(id: string): void {
  const collapsed = state.value.collapsed.includes(id);
  if (!collapsed && !shown?.containers.has(id)) return;
  state.toggle('collapsed', id, !collapsed);
  void draw();
}

function find(query: string, next: boolean): void {
  if (!shown) return;
  const found = query.trim()
    ? searchResources(
        shown.catalog.resources.filter((resource) => renderer.has(resource.id)),
        query,
      )
    : [];
  if (found.join('\n') !== matches.join('\n')) matchIndex = -1;
  matches = found;
  renderer.mark(matches);
  if (next && matches.length > 0) {
    matchIndex = (matchIndex + 1) % matches.length;
    select(matches[matchIndex], true);
  }
  toolbar.setMatches(
    !query.trim()
      ? ''
      : matches.length === 0
        ? 'no match'
        : matchIndex >= 0
          ? `${matchIndex + 1} of ${matches.length}`
          : count(matches.length, 'match', 'matches'),
  );
}

function act(action: ToolbarAction): void {
  const view = state.value;
  switch (action) {
    case 'focus':
      return setFocus(!view.focus);
    case 'collapse':
      if (view.selected) toggleCollapse(view.selected);
      return;
    case 'expandAll':
      state.update({ collapsed: [] });
      return void draw();
    case 'direction':
      state.update({ direction: view.direction === 'LR' ? 'TB' : 'LR' });
      return void draw();
    case 'fit':
      return renderer.fit();
    case 'zoomIn':
      return renderer.zoomBy(1.25);
    case 'zoomOut':
      return renderer.zoomBy(1 / 1.25);
    case 'compare':
      return postToHost('graph', { type: 'compare' });
    case 'refresh':
      return postToHost('graph', { type: 'refresh' });
    case 'reveal':
      if (shown) postToHost('graph', { type: 'openNode', certname: shown.catalog.certname });
      return;
    case 'png':
    case 'svg':
      if (drawing) {
        // the export is of the graph being laid out and drawn (a big graph's sketch may be up)
        pendingExport = action;
        status.textContent = `${progress} The ${action.toUpperCase()} export follows once it is drawn.`;
        return;
      }
      return askExport(action);
  }
}

/**
 * The host asks the user where the export goes (its save dialog), then for the picture with a
 * one-time token (`makeExport`): it writes no picture it did not ask for.
 */
function askExport(format: 'png' | 'svg'): void {
  // one export at a time: asking again would take the token of the PNG being made
  if (exportingPng) return;
  postToHost('graph', { type: 'askExport', format });
}

function exportAs(format: 'png' | 'svg', token: string, palette: Palette): void {
  if (format === 'png') return void exportPng(token, palette);
  void exportSvg(token, palette);
}

async function exportSvg(token: string, palette: Palette): Promise<void> {
  const exporting = `${drawnStatus} · Exporting as SVG…`;
  status.textContent = exporting;
  // a big graph's elements go into cytoscape first (seconds, for tens of thousands)
  const data = await renderer.svg(palette);
  if (status.textContent === exporting) status.textContent = drawnStatus;
  if (data) postToHost('graph', { type: 'export', format: 'svg', token, data });
}

async function exportPng(token: string, palette: Palette): Promise<void> {
  if (exportingPng) return;
  exportingPng = true;
  const exporting = `${drawnStatus} · Exporting as PNG…`;
  status.textContent = exporting;
  // what the export ends with, unless a drawing has since taken the status line
  const end = (text: string) => {
    if (status.textContent === exporting) status.textContent = text;
  };
  try {
    // the status line is painted before seconds of drawing a big graph's picture
    await nextPaint();
    const picture = await renderer.png(palette, MESSAGE_TEXT_MAX_CHARS);
    if (!picture) {
      end(`${drawnStatus} · The graph is too big for a PNG: Export as SVG has all of it.`);
      return;
    }
    postToHost('graph', { type: 'export', format: 'png', token, data: picture.data });
    // a big graph's picture is capped in size: say why its boxes have no names, and where they are
    end(
      picture.labelled
        ? drawnStatus
        : `${drawnStatus} · The PNG is drawn at ${Math.round(picture.scale * 100)}% of full size, too small for labels: Export as SVG has every label.`,
    );
  } catch (error) {
    end(`${drawnStatus} · The PNG could not be made: ${(error as Error).message}`);
  } finally {
    exportingPng = false;
  }
}

function refreshControls(): void {
  const view = state.value;
  toolbar.setState({
    focus: view.focus,
    topDown: view.direction === 'TB',
    selected: view.selected !== undefined,
    collapsible:
      view.selected !== undefined &&
      (shown?.containers.has(view.selected) === true || view.collapsed.includes(view.selected)),
    collapsed: view.collapsed.length > 0,
  });
}

function showDetails(): void {
  if (!shown) return;
  const { catalog, diff } = shown;
  const id = state.value.selected;
  const resource =
    catalog.resources.find((item) => item.id === id) ??
    diff?.removedResources.find((item) => item.id === id);
  const edges = diff ? [...catalog.edges, ...diff.removedEdges] : catalog.edges;
  const reach = resource ? dependencies(catalog, resource.id) : undefined;
  renderDetails(details, {
    resource,
    edges,
    diff: id ? diff?.states.get(id) : undefined,
    dependsOn: reach?.dependsOn.size ?? 0,
    dependents: reach?.dependents.size ?? 0,
    select: (target) => select(target, true),
    findNodes: (resourceId) =>
      postToHost('graph', { type: 'findNodesWithResource', resource: resourceId }),
    openManifest: (resourceId) =>
      postToHost('graph', { type: 'openManifest', resource: resourceId }),
  });
}

// VS Code swaps the body's theme classes when the colour theme changes
new MutationObserver(() => renderer.restyle(readPalette())).observe(document.body, {
  attributes: true,
  attributeFilter: ['class'],
});

// --- helpers ------------------------------------------------------------------------------------

function typesOf(catalog: CatalogGraphDto): string[] {
  return [...new Set(catalog.resources.map((resource) => resource.type))].sort();
}

/**
 * Measures label widths with the canvas font cytoscape draws them in; thousands of labels are
 * estimated instead (measuring each costs more than a frame, and big graphs are seen zoomed out).
 */
function labelMeasurer(nodes: number): (text: string) => number {
  const context = nodes <= 1000 ? document.createElement('canvas').getContext('2d') : null;
  if (!context) return (text) => text.length * 6.2;
  context.font = `11px ${getComputedStyle(document.body).fontFamily || 'sans-serif'}`;
  return (text) => context.measureText(text).width;
}

function count(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

function element(tag: string, className: string): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  return node;
}

// Another node's graph in this panel (a preview taken over): the page empties itself as a new page
// is, and keeps what is costly to start (cytoscape's module, the layout and sketch workers).
onRenew(() => {
  // a drawing or layout under way finds itself outdated and stops
  drawGeneration++;
  shownGeneration++;
  shown = undefined;
  drawing = false;
  progress = '';
  drawnStatus = '';
  pendingExport = undefined;
  pendingPicture = undefined;
  matches = [];
  matchIndex = -1;
  keeping.cancel();
  catalogParts.clear();
  state.reset();
  renderer.clear();
  toolbar.reset();
  showLayoutFailure(undefined);
  legendBox.classList.remove('comparing');
  details.replaceChildren();
  announcer.textContent = '';
  frame.startOver({ keepContent: true });
});

postToHost('graph', { type: 'ready' });
