/**
 * The catalog graph's logic, kept free of the DOM so it runs (and is tested) anywhere: which
 * resources and edges to draw given the filters, focus and collapsed classes, and how two
 * catalogs differ.
 *
 * Edge semantics (PuppetDB normalises every relationship so): `contains` goes from a container
 * to what it contains; `before`, `required-by`, `notifies` and `subscription-of` go from the
 * resource applied first to the one that depends on it.
 */
import type {
  CatalogEdgeDto,
  CatalogGraphDto,
  CatalogResourceDto,
  Relationship,
} from './catalogGraph';

export type RelationshipGroup = 'contains' | 'ordering' | 'refresh';

export function relationshipGroup(relationship: Relationship): RelationshipGroup {
  if (relationship === 'contains') return 'contains';
  return relationship === 'notifies' || relationship === 'subscription-of' ? 'refresh' : 'ordering';
}

export type DiffState = 'added' | 'removed' | 'changed' | 'same';

export interface GraphNode {
  id: string;
  type: string;
  title: string;
  /** How many resources a collapsed class stands for (itself included). */
  members: number;
  diff: DiffState;
}

export interface GraphEdge {
  id: string;
  source: string;
  target: string;
  relationship: Relationship;
  diff: DiffState;
}

export interface GraphModel {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export interface ViewOptions {
  hiddenGroups?: ReadonlySet<RelationshipGroup>;
  hiddenTypes?: ReadonlySet<string>;
  /** Containers (classes, defined types) drawn as one node with everything they contain. */
  collapsed?: ReadonlySet<string>;
  /** Only this resource, what it depends on and what depends on it (transitively). */
  focus?: string;
  diff?: CatalogDiff;
}

export const edgeId = (edge: Pick<CatalogEdgeDto, 'source' | 'target' | 'relationship'>): string =>
  `${edge.source} ${edge.relationship} ${edge.target}`;

/** What to draw. With a diff, resources and edges only in the other catalog are drawn too. */
export function buildGraphModel(catalog: CatalogGraphDto, options: ViewOptions = {}): GraphModel {
  const diff = options.diff;
  const resources = diff ? [...catalog.resources, ...diff.removedResources] : catalog.resources;
  const edges = diff ? [...catalog.edges, ...diff.removedEdges] : catalog.edges;
  const representative = collapseMap({ resources, edges }, options.collapsed ?? new Set());
  const kept = options.focus ? focusSet({ resources, edges }, options.focus) : undefined;
  const hiddenTypes = options.hiddenTypes ?? new Set<string>();
  const nodes = new Map<string, GraphNode>();
  /** Each drawn node's place in `nodes`, which numbers the edges between them (below). */
  const order = new Map<string, number>();
  for (const resource of resources) {
    if (kept && !kept.has(resource.id)) continue;
    const id = representative.get(resource.id) ?? resource.id;
    const shown = nodes.get(id);
    if (shown) {
      shown.members++;
      continue;
    }
    const owner = id === resource.id ? resource : resources.find((item) => item.id === id)!;
    if (hiddenTypes.has(owner.type)) continue;
    order.set(id, nodes.size);
    nodes.set(id, {
      id,
      type: owner.type,
      title: owner.title,
      members: 1,
      diff: diff?.states.get(id) ?? 'same',
    });
  }
  const hiddenGroups = options.hiddenGroups ?? new Set<RelationshipGroup>();
  // an edge is drawn once however many collapse into it: found by its ends' places, then by its
  // relationship (not by hashing tens of thousands of edge id strings: a fifth of the model's time)
  const between = new Map<number, GraphEdge[]>();
  const drawn: GraphEdge[] = [];
  for (const edge of edges) {
    if (hiddenGroups.has(relationshipGroup(edge.relationship))) continue;
    const source = representative.get(edge.source) ?? edge.source;
    const target = representative.get(edge.target) ?? edge.target;
    const from = order.get(source);
    const to = order.get(target);
    if (source === target || from === undefined || to === undefined) continue;
    const pair = from * nodes.size + to;
    const same = between.get(pair);
    if (same?.some((other) => other.relationship === edge.relationship)) continue;
    const mapped = { source, target, relationship: edge.relationship };
    const drawnEdge = {
      id: edgeId(mapped),
      ...mapped,
      diff: diff?.edgeStates.get(edgeId(edge)) ?? 'same',
    };
    drawn.push(drawnEdge);
    if (same) same.push(drawnEdge);
    else between.set(pair, [drawnEdge]);
  }
  return { nodes: [...nodes.values()], edges: drawn };
}

/** Each resource inside a collapsed class (transitively, through `contains`) → that class. */
function collapseMap(
  catalog: Pick<CatalogGraphDto, 'resources' | 'edges'>,
  collapsed: ReadonlySet<string>,
): Map<string, string> {
  const map = new Map<string, string>();
  if (collapsed.size === 0) return map;
  const children = adjacency(catalog.edges, (edge) => edge.relationship === 'contains', 'forward');
  // outer classes first, so a class inside a collapsed class maps to the outer one
  const order = [...collapsed].sort(
    (a, b) => depthOf(catalog.edges, a) - depthOf(catalog.edges, b),
  );
  for (const root of order) {
    if (map.has(root)) continue;
    for (const id of reachable(children, root)) if (id !== root && !map.has(id)) map.set(id, root);
  }
  return map;
}

function depthOf(edges: readonly CatalogEdgeDto[], id: string): number {
  let depth = 0;
  let current: string | undefined = id;
  const seen = new Set<string>();
  while (current && !seen.has(current)) {
    seen.add(current);
    current = edges.find(
      (edge) => edge.relationship === 'contains' && edge.target === current,
    )?.source;
    if (current) depth++;
  }
  return depth;
}

/**
 * Focus: the resource, everything it depends on and everything that depends on it, following
 * ordering and refresh edges transitively (containment is not a dependency, so containers and
 * siblings stay out).
 */
export function focusSet(
  catalog: Pick<CatalogGraphDto, 'resources' | 'edges'>,
  id: string,
): Set<string> {
  const { dependsOn, dependents } = dependencies(catalog, id);
  return new Set([id, ...dependsOn, ...dependents]);
}

/** What a resource depends on and what depends on it, each transitively (the focus halves). */
export function dependencies(
  catalog: Pick<CatalogGraphDto, 'edges'>,
  id: string,
): { dependsOn: Set<string>; dependents: Set<string> } {
  const dependency = (edge: CatalogEdgeDto) => edge.relationship !== 'contains';
  const dependsOn = reachable(adjacency(catalog.edges, dependency, 'backward'), id);
  const dependents = reachable(adjacency(catalog.edges, dependency, 'forward'), id);
  dependsOn.delete(id);
  dependents.delete(id);
  return { dependsOn, dependents };
}

function adjacency(
  edges: readonly CatalogEdgeDto[],
  include: (edge: CatalogEdgeDto) => boolean,
  direction: 'forward' | 'backward',
): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const edge of edges) {
    if (!include(edge)) continue;
    const [from, to] =
      direction === 'forward' ? [edge.source, edge.target] : [edge.target, edge.source];
    const list = map.get(from);
    if (list) list.push(to);
    else map.set(from, [to]);
  }
  return map;
}

function reachable(adjacent: Map<string, string[]>, start: string): Set<string> {
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length > 0) {
    for (const next of adjacent.get(queue.pop()!) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

export interface CatalogDiff {
  /** Per resource id of either catalog. */
  states: Map<string, DiffState>;
  edgeStates: Map<string, DiffState>;
  /** Resources and edges only in the other (older) catalog, drawn as removed. */
  removedResources: CatalogResourceDto[];
  removedEdges: CatalogEdgeDto[];
  counts: {
    added: number;
    removed: number;
    changed: number;
    addedEdges: number;
    removedEdges: number;
  };
}

/** How `current` differs from `other`: added, removed and changed resources (parameters), edges. */
export function diffCatalogs(current: CatalogGraphDto, other: CatalogGraphDto): CatalogDiff {
  const before = new Map(other.resources.map((resource) => [resource.id, resource]));
  const now = new Map(current.resources.map((resource) => [resource.id, resource]));
  const states = new Map<string, DiffState>();
  const counts = { added: 0, removed: 0, changed: 0, addedEdges: 0, removedEdges: 0 };
  for (const [id, resource] of now) {
    const old = before.get(id);
    const state: DiffState = !old ? 'added' : sameResource(old, resource) ? 'same' : 'changed';
    if (state !== 'same') counts[state]++;
    states.set(id, state);
  }
  const removedResources = other.resources.filter((resource) => !now.has(resource.id));
  for (const resource of removedResources) states.set(resource.id, 'removed');
  counts.removed = removedResources.length;
  const oldEdges = new Set(other.edges.map(edgeId));
  const newEdges = new Set(current.edges.map(edgeId));
  const edgeStates = new Map<string, DiffState>();
  for (const id of newEdges) {
    const state = oldEdges.has(id) ? 'same' : 'added';
    if (state === 'added') counts.addedEdges++;
    edgeStates.set(id, state);
  }
  const removedEdges = other.edges.filter((edge) => !newEdges.has(edgeId(edge)));
  for (const edge of removedEdges) edgeStates.set(edgeId(edge), 'removed');
  counts.removedEdges = removedEdges.length;
  return { states, edgeStates, removedResources, removedEdges, counts };
}

function sameResource(a: CatalogResourceDto, b: CatalogResourceDto): boolean {
  return (
    stableJson(a.parameters) === stableJson(b.parameters) &&
    a.exported === b.exported &&
    [...a.tags].sort().join() === [...b.tags].sort().join()
  );
}

/** JSON with object keys sorted, so key order does not count as a change. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Resources that contain others (classes, defined types, stages): the ones that can collapse. */
export function containers(catalog: Pick<CatalogGraphDto, 'edges'>): Set<string> {
  return new Set(
    catalog.edges.filter((edge) => edge.relationship === 'contains').map((edge) => edge.source),
  );
}

/**
 * Resources whose `Type[title]` contains every word of the query (case-insensitive), best first:
 * an exact id, then ids starting with the query, then the rest in catalog order.
 */
export function searchResources(
  resources: readonly Pick<CatalogResourceDto, 'id'>[],
  query: string,
): string[] {
  const wanted = query.trim().toLowerCase();
  if (!wanted) return [];
  const words = wanted.split(/\s+/);
  const rank = (id: string) => (id === wanted ? 0 : id.startsWith(wanted) ? 1 : 2);
  return resources
    .map((resource) => ({ id: resource.id, lower: resource.id.toLowerCase() }))
    .filter((item) => words.every((word) => item.lower.includes(word)))
    .map((item, index) => ({ id: item.id, rank: rank(item.lower), index }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((item) => item.id);
}

/** A node's label: `Type[title]`, shortened, with how many resources a collapsed node hides. */
export function nodeLabel(node: Pick<GraphNode, 'type' | 'title' | 'members'>): string {
  const text = `${node.type}[${node.title}]`;
  const short = text.length > 40 ? `${text.slice(0, 38)}…]` : text;
  return node.members > 1 ? `${short} +${node.members - 1}` : short;
}
