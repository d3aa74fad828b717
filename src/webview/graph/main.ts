/**
 * The catalog graph: resources as nodes, catalog edges as arrows, laid out by ELK (layered) in a
 * Web Worker and drawn by cytoscape. Search, select (details panel), focus on what a resource
 * depends on and what depends on it, filter by type and relationship, collapse classes, compare
 * with another catalog, fit/zoom, export PNG and SVG.
 */
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '@vscode-elements/elements/dist/vscode-toolbar-button/index.js';
import cytoscape, { type Core, type ElementDefinition } from 'cytoscape';
import type { CatalogGraphDto } from '../../shared/catalogGraph';
import {
  buildGraphModel,
  dependencies,
  diffCatalogs,
  relationshipGroup,
  type CatalogDiff,
  type RelationshipGroup,
} from '../../shared/catalogGraphModel';
import { onHostMessage, postToHost } from '../common/vscodeApi';
import { renderDetails } from './detailsPanel';
import { graphStyle, readPalette, typeColour } from './graphStyle';
import { LayoutClient } from './layoutClient';
import { toSvg } from './svgExport';
import './graph.css';

const LARGE = 1000;
/** Elements added per frame when drawing a large graph. */
const ADD_SLICE = 600;
const layouts = new LayoutClient();

let catalog: CatalogGraphDto | undefined;
let diff: CatalogDiff | undefined;
let cy: Core | undefined;
let selected: string | undefined;
let focusMode = false;
let direction: 'LR' | 'TB' = 'LR';
let drawGeneration = 0;
const hiddenGroups = new Set<RelationshipGroup>();
const hiddenTypes = new Set<string>();
const collapsed = new Set<string>();
const timings = { layoutMs: 0, paintMs: 0 };

const app = document.getElementById('app')!;
const toolbar = element('div', 'toolbar');
const search = document.createElement('vscode-textfield');
search.placeholder = 'Find Type[title]…';
search.setAttribute('aria-label', 'Find a resource by type or title');
const matchCount = element('span', 'muted');
const checks = {
  contains: checkbox('Containment', 'contains'),
  ordering: checkbox('before / require', 'ordering'),
  refresh: checkbox('notify / subscribe', 'refresh'),
};
const buttons = {
  focus: iconButton(
    'target',
    'Focus: only what the selected resource depends on and what depends on it',
  ),
  collapse: iconButton('fold', 'Collapse the selected class into one node (or expand it)'),
  expandAll: iconButton('unfold', 'Expand every collapsed class'),
  direction: iconButton('arrow-swap', 'Lay out top-down / left-to-right'),
  fit: iconButton('screen-full', 'Fit the graph'),
  zoomIn: iconButton('zoom-in', 'Zoom in'),
  zoomOut: iconButton('zoom-out', 'Zoom out'),
  compare: iconButton('diff', 'Compare with another catalog…'),
  png: iconButton('file-media', 'Export PNG…'),
  svg: iconButton('file-code', 'Export SVG…'),
};
const typeFilter = document.createElement('details');
typeFilter.className = 'type-filter';
const typeSummary = element('summary', '', 'Types');
typeFilter.append(typeSummary);
toolbar.append(
  search,
  matchCount,
  ...Object.values(checks),
  typeFilter,
  element('span', 'spacer'),
  ...Object.values(buttons),
);
const status = element('div', 'status muted');
status.setAttribute('role', 'status');
const body = element('div', 'graph-body');
const canvas = element('div', 'graph-canvas');
canvas.setAttribute('aria-label', 'Catalog graph');
const details = element('aside', 'details');
body.append(canvas, details);
const banner = element('div', 'banner');
banner.hidden = true;
app.append(toolbar, status, banner, body);

/** For tests and benchmarks: what is drawn. */
const testHooks = {
  nodeIds: () => cy?.nodes().map((node) => node.id()) ?? [],
  edgeIds: () => cy?.edges().map((edge) => String(edge.data('key'))) ?? [],
  selected: () => selected,
  focusMode: () => focusMode,
  timings,
  select: (id: string) => select(id),
  setFocus: (on: boolean) => {
    focusMode = on;
    void draw();
  },
};
(window as unknown as { __pdbxGraph: typeof testHooks }).__pdbxGraph = testHooks;

onHostMessage('graph', (message) => {
  switch (message.type) {
    case 'loading':
      status.textContent = `Loading the catalog of ${message.certname}…`;
      banner.hidden = true;
      return;
    case 'error':
      banner.hidden = false;
      banner.textContent = message.message;
      status.textContent = '';
      return;
    case 'catalog':
      catalog = message.catalog;
      diff = message.compareWith ? diffCatalogs(message.catalog, message.compareWith) : undefined;
      banner.hidden = true;
      fillTypeFilter();
      if (message.focus && catalog.resources.some((resource) => resource.id === message.focus)) {
        selected = message.focus;
        focusMode = true;
      }
      void draw();
      return;
  }
});

async function draw(): Promise<void> {
  if (!catalog) return;
  const generation = ++drawGeneration;
  const model = buildGraphModel(catalog, {
    hiddenGroups,
    hiddenTypes,
    collapsed,
    focus: focusMode && selected ? selected : undefined,
    diff,
  });
  status.textContent = `Laying out ${model.nodes.length.toLocaleString('en-US')} resources…`;
  const sizes = model.nodes.map((node) => {
    const label = labelOf(node.type, node.title, node.members);
    return { id: node.id, label, width: Math.min(260, 24 + label.length * 6.4), height: 28 };
  });
  const started = performance.now();
  const layout = await layouts.layout({
    direction,
    nodes: sizes,
    edges: model.edges.filter(
      (edge) => edge.relationship !== 'contains' || !hiddenGroups.has('contains'),
    ),
  });
  if (generation !== drawGeneration) return;
  timings.layoutMs = performance.now() - started;
  if (layout.error) {
    banner.hidden = false;
    banner.textContent = `The layout failed: ${layout.error}`;
  }
  const palette = readPalette();
  const large = model.nodes.length + model.edges.length > LARGE;
  const elements: ElementDefinition[] = [
    ...model.nodes.map((node, index) => {
      const size = sizes[index]!;
      const position = layout.positions[node.id] ?? { x: 0, y: 0 };
      return {
        group: 'nodes' as const,
        data: {
          id: node.id,
          label: size.label,
          width: size.width,
          height: size.height,
          members: node.members,
          type: node.type,
          colour: typeColour(palette, node.type),
        },
        position: { x: position.x + size.width / 2, y: position.y + size.height / 2 },
        classes: node.diff === 'same' ? '' : node.diff,
      };
    }),
    ...model.edges.map((edge, index) => ({
      group: 'edges' as const,
      data: {
        id: `e${index}`,
        key: edge.id,
        source: edge.source,
        target: edge.target,
        relationship: edge.relationship,
      },
      classes: [relationshipGroup(edge.relationship), edge.diff === 'same' ? '' : edge.diff]
        .join(' ')
        .trim(),
    })),
  ];
  const paintStarted = performance.now();
  cy?.destroy();
  cy = cytoscape({
    container: canvas,
    elements: large ? [] : elements,
    style: graphStyle(palette, large),
    layout: { name: 'preset' },
    minZoom: 0.02,
    maxZoom: 4,
    pixelRatio: 1,
    textureOnViewport: large,
    hideEdgesOnViewport: large,
    motionBlur: false,
    boxSelectionEnabled: false,
  });
  if (large) {
    // added in slices, one per frame, so no single task blocks the page for long
    const nodesFirst = [
      ...elements.filter((item) => item.group === 'nodes'),
      ...elements.filter((item) => item.group === 'edges'),
    ];
    for (let start = 0; start < nodesFirst.length; start += ADD_SLICE) {
      if (generation !== drawGeneration) return;
      cy.add(nodesFirst.slice(start, start + ADD_SLICE));
      if (start === 0) cy.fit(undefined, 20);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  }
  cy.on('tap', 'node', (event) => select(event.target.id() as string, false));
  cy.on('dbltap', 'node[type = "Class"]', (event) => toggleCollapse(event.target.id() as string));
  cy.on('tap', (event) => {
    if (event.target === cy) select(undefined, false);
  });
  if (selected && cy.getElementById(selected).nonempty()) {
    cy.getElementById(selected).select();
    markIncident();
  }
  cy.fit(undefined, 20);
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  timings.paintMs = performance.now() - paintStarted;
  const counts = diff
    ? ` · compared: +${diff.counts.added} −${diff.counts.removed} ~${diff.counts.changed} resources, +${diff.counts.addedEdges} −${diff.counts.removedEdges} edges`
    : '';
  status.textContent = `${catalog.certname} · version ${catalog.version} · ${catalog.environment} · ${model.nodes.length.toLocaleString('en-US')} of ${catalog.resources.length.toLocaleString('en-US')} resources, ${model.edges.length.toLocaleString('en-US')} of ${catalog.edges.length.toLocaleString('en-US')} edges${focusMode && selected ? ` · focus on ${selected}` : ''}${counts}`;
  buttons.focus.toggleAttribute('checked', focusMode);
  postToHost('graph', {
    type: 'drawn',
    nodes: model.nodes.length,
    edges: model.edges.length,
    layoutMs: timings.layoutMs,
  });
  showDetails();
}

function select(id: string | undefined, centre = true): void {
  selected = id;
  if (cy) {
    cy.elements().unselect();
    const node = id ? cy.getElementById(id) : undefined;
    if (node?.nonempty()) {
      node.select();
      if (centre) {
        cy.animate({ center: { eles: node }, zoom: Math.max(cy.zoom(), 0.8) }, { duration: 200 });
      }
    }
    markIncident();
  }
  if (focusMode) void draw();
  else showDetails();
}

function markIncident(): void {
  if (!cy) return;
  cy.edges().removeClass('incident');
  if (selected) cy.getElementById(selected).connectedEdges().addClass('incident');
}

function showDetails(): void {
  if (!catalog) return;
  const resources = diff ? [...catalog.resources, ...diff.removedResources] : catalog.resources;
  const resource = resources.find((item) => item.id === selected);
  const edges = diff ? [...catalog.edges, ...diff.removedEdges] : catalog.edges;
  renderDetails(details, resource, edges, selected ? diff?.states.get(selected) : undefined, (id) =>
    select(id),
  );
  if (resource) {
    const { dependsOn, dependents } = dependencies(catalog, resource.id);
    details.prepend(
      element(
        'p',
        'muted',
        `Depends on ${dependsOn.size} · ${dependents.size} depend on it (transitively)`,
      ),
    );
  }
}

function toggleCollapse(id: string): void {
  if (collapsed.has(id)) collapsed.delete(id);
  else collapsed.add(id);
  void draw();
}

function fillTypeFilter(): void {
  if (!catalog) return;
  typeFilter.replaceChildren(typeSummary);
  const types = [...new Set(catalog.resources.map((resource) => resource.type))].sort();
  for (const type of types) {
    const box = document.createElement('vscode-checkbox');
    box.setAttribute('label', type);
    box.toggleAttribute('checked', !hiddenTypes.has(type));
    box.addEventListener('change', () => {
      if ((box as unknown as { checked: boolean }).checked) hiddenTypes.delete(type);
      else hiddenTypes.add(type);
      typeSummary.textContent = hiddenTypes.size
        ? `Types (${types.length - hiddenTypes.size}/${types.length})`
        : 'Types';
      void draw();
    });
    typeFilter.append(box);
  }
}

search.addEventListener('keydown', (event) => {
  if (event.key !== 'Enter' || !cy) return;
  const wanted = String((search as unknown as { value: string }).value)
    .trim()
    .toLowerCase();
  cy.nodes().removeClass('match');
  if (!wanted) {
    matchCount.textContent = '';
    return;
  }
  const matches = cy.nodes().filter((node) => node.id().toLowerCase().includes(wanted));
  matches.addClass('match');
  matchCount.textContent = `${matches.length} match${matches.length === 1 ? '' : 'es'}`;
  if (matches.nonempty()) select(matches[0]!.id());
});

for (const [group, box] of Object.entries(checks) as Array<[RelationshipGroup, HTMLElement]>) {
  box.addEventListener('change', () => {
    if ((box as unknown as { checked: boolean }).checked) hiddenGroups.delete(group);
    else hiddenGroups.add(group);
    void draw();
  });
}
buttons.focus.addEventListener('click', () => {
  focusMode = !focusMode && selected !== undefined;
  void draw();
});
buttons.collapse.addEventListener('click', () => {
  if (selected?.startsWith('Class[')) toggleCollapse(selected);
});
buttons.expandAll.addEventListener('click', () => {
  collapsed.clear();
  void draw();
});
buttons.direction.addEventListener('click', () => {
  direction = direction === 'LR' ? 'TB' : 'LR';
  void draw();
});
buttons.fit.addEventListener('click', () => cy?.fit(undefined, 20));
buttons.zoomIn.addEventListener('click', () =>
  cy?.zoom({ level: cy.zoom() * 1.25, renderedPosition: centre() }),
);
buttons.zoomOut.addEventListener('click', () =>
  cy?.zoom({ level: cy.zoom() / 1.25, renderedPosition: centre() }),
);
buttons.compare.addEventListener('click', () => postToHost('graph', { type: 'compare' }));
buttons.png.addEventListener('click', () => {
  if (cy) {
    postToHost('graph', {
      type: 'export',
      format: 'png',
      data: cy.png({ full: true, scale: 1, bg: readPalette().background }),
    });
  }
});
buttons.svg.addEventListener('click', () => {
  if (cy) postToHost('graph', { type: 'export', format: 'svg', data: toSvg(cy, readPalette()) });
});
// theme changes: VS Code swaps the body's classes
new MutationObserver(() =>
  cy?.style(graphStyle(readPalette(), cy.elements().length > LARGE)),
).observe(document.body, {
  attributes: true,
  attributeFilter: ['class'],
});

function centre(): { x: number; y: number } {
  return { x: canvas.clientWidth / 2, y: canvas.clientHeight / 2 };
}

function labelOf(type: string, title: string, members: number): string {
  const text = `${type}[${title}]`;
  const short = text.length > 38 ? `${text.slice(0, 36)}…]` : text;
  return members > 1 ? `${short} (+${members - 1})` : short;
}

function element(tag: string, className: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function iconButton(icon: string, label: string): HTMLElement {
  const node = document.createElement('vscode-toolbar-button');
  node.setAttribute('icon', icon);
  node.setAttribute('aria-label', label);
  node.title = label;
  return node;
}

function checkbox(label: string, group: RelationshipGroup): HTMLElement {
  const box = document.createElement('vscode-checkbox');
  box.setAttribute('label', label);
  box.setAttribute('checked', '');
  box.dataset.group = group;
  return box;
}

postToHost('graph', { type: 'ready' });
