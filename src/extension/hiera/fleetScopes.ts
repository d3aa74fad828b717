/**
 * What Hiera needs to know of every active node: its environment and only the facts its
 * hierarchy interpolates (`variablesIn`), in two requests whatever the fleet's size (one for the
 * facts, one for the nodes and their environments), kept a while per connection and variable set.
 * The facts are asked as the inventory's projections of exactly the paths interpolated
 * (`facts.os.family`, not the whole `os` fact): on the 10,000-node fleet a fifth of the bytes and
 * about half the time. Paths PQL cannot project (a digit segment, which the inventory does not
 * read as an array index; odd characters) fall back to whole facts.
 * Pure of vscode: the host hands it a client and is told when the answer was cut.
 */
import type { PuppetDB } from '../../client';
import { splitKey } from '../../shared/hiera/keys';
import type { NodeScope } from '../../shared/hiera/scope';
import { MAX_LIST_ROWS, readAtMost } from '../boundedRows';
import { KeptAnswers } from '../keptAnswers';

/**
 * How long scopes are reused. Facts change once per Puppet run (30 minutes by default); a lens
 * re-resolves on every edit and scroll, so a minute-old fleet is as good as a fresh one. The
 * connection's refresh and a changed hiera.yaml start again at once.
 */
export const SCOPES_LIFETIME_MS = 60_000;
const REQUEST_TIMEOUT_MS = 30_000;

export interface FleetScopesAnswer {
  scopes: NodeScope[];
  /** How many requests it took (host tests check "as few as possible"). */
  requests: number;
}

/**
 * The top-level facts behind normalised variables: `facts.os.family` → `os`, any `trusted.x` →
 * the `trusted` fact (PuppetDB keeps trusted data as a fact of that name). `environment` and
 * `server_facts.x` are no facts: the node's environment answers the first; PuppetDB keeps no
 * server facts, so only `server_facts.environment` is known.
 */
export function factNamesFor(variables: readonly string[]): string[] {
  const names = new Set<string>();
  for (const variable of variables) {
    const split = splitKey(variable);
    if (!('segments' in split)) continue;
    const [root, first] = split.segments;
    if (root === 'facts' && first) names.add(first);
    else if (root === 'trusted') names.add('trusted');
  }
  return [...names].sort();
}

/** PQL for the facts named, of every active node (PuppetDB leaves inactive ones out). */
export function scopeFactsQuery(names: readonly string[]): string {
  return `facts[certname, environment, name, value] { name in ${pqlArray(names)} }`;
}

/**
 * The paths the inventory can project for these variables (`facts.os.family`,
 * `trusted.extensions.pp_role`), or undefined when one cannot be projected and whole facts are
 * asked instead. `trusted.certname` is the node's certname and needs no fact.
 */
export function projectedPaths(variables: readonly string[]): string[][] | undefined {
  const paths = new Map<string, string[]>();
  for (const variable of variables) {
    const split = splitKey(variable);
    if (!('segments' in split)) continue;
    const [root, first] = split.segments;
    if ((root !== 'facts' && root !== 'trusted') || first === undefined) continue;
    if (root === 'trusted' && first === 'certname' && split.segments.length === 2) continue;
    if (!split.segments.every((segment) => PROJECTABLE_SEGMENT.test(segment))) return undefined;
    paths.set(split.segments.join('.'), split.segments);
  }
  return [...paths.values()].sort((a, b) => (a.join('.') < b.join('.') ? -1 : 1));
}

/** A segment PQL reads as a field name, and the inventory as an object key (never an index). */
const PROJECTABLE_SEGMENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** PQL for the projected paths of every active node's inventory. */
export function scopeInventoryQuery(paths: readonly string[][]): string {
  const fields = ['certname', ...paths.map((path) => path.join('.'))];
  return `inventory[${fields.join(', ')}] { node_state = "active" }`;
}

/** The PQL requests for the facts these variables read: none, projected paths, or whole facts. */
export function scopeFactsRequest(
  variables: readonly string[],
):
  | { kind: 'none' }
  | { kind: 'projected'; query: string; paths: string[][] }
  | { kind: 'facts'; query: string; names: string[] } {
  const names = factNamesFor(variables);
  const paths = projectedPaths(variables);
  if (paths) {
    return paths.length === 0
      ? { kind: 'none' }
      : { kind: 'projected', query: scopeInventoryQuery(paths), paths };
  }
  return { kind: 'facts', query: scopeFactsQuery(names), names };
}

/** Every active node and the environment it was last compiled in (else its facts'). */
export const SCOPE_NODES_QUERY =
  'nodes[certname, catalog_environment, facts_environment] { node_state = "active" }';

export class FleetScopes {
  private readonly kept = new KeptAnswers<FleetScopesAnswer>(SCOPES_LIFETIME_MS);

  constructor(
    private readonly clientOf: (connectionId: string) => Promise<PuppetDB>,
    private readonly onTruncated: (max: number) => void = () => {},
  ) {}

  /** The scopes of the connection's active nodes for these variables. */
  scopes(
    connectionId: string,
    variables: readonly string[],
    now = Date.now(),
  ): Promise<FleetScopesAnswer> {
    const request = scopeFactsRequest(variables);
    const key = `${connectionId}\n${request.kind === 'none' ? '' : request.query}`;
    return this.kept.get(key, () => this.read(connectionId, request), now);
  }

  /** Forgets every answer (the connection refreshed, or its facts may have changed). */
  clear(): void {
    this.kept.clear();
  }

  private async read(
    connectionId: string,
    request: ReturnType<typeof scopeFactsRequest>,
  ): Promise<FleetScopesAnswer> {
    const client = await this.clientOf(connectionId);
    const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    const rows = async (query: string, max: number) => {
      const { rows, truncatedAt } = await readAtMost(client.stream('pql', { query, signal }), max);
      if (truncatedAt !== undefined) this.onTruncated(truncatedAt);
      return rows as Array<Record<string, unknown>>;
    };
    const [nodes, facts] = await Promise.all([
      rows(SCOPE_NODES_QUERY, MAX_LIST_ROWS),
      request.kind === 'none'
        ? Promise.resolve([])
        : rows(
            request.query,
            MAX_LIST_ROWS * (request.kind === 'facts' ? request.names.length : 1),
          ),
    ]);
    const scopes = scopesOf(
      nodes,
      request.kind === 'projected' ? factRowsOfProjections(facts, request.paths) : facts,
    );
    return { scopes, requests: request.kind === 'none' ? 1 : 2 };
  }
}

/**
 * The inventory's projected rows as the facts endpoint's rows (`name`, `value`), each top-level
 * fact rebuilt holding only the paths asked: `facts.os.family` = "Debian" → `os` =
 * `{ family: "Debian" }`; `trusted.x` paths → the `trusted` fact. A path the node lacks (null) is
 * left out, as a missing fact is. A path inside another asked whole is written first, so the
 * whole value, written after it, stands.
 */
export function factRowsOfProjections(
  rows: ReadonlyArray<Record<string, unknown>>,
  paths: readonly string[][],
): Array<Record<string, unknown>> {
  const deepestFirst = [...paths].sort((a, b) => b.length - a.length);
  const out: Array<Record<string, unknown>> = [];
  for (const row of rows) {
    if (typeof row.certname !== 'string') continue;
    const facts = new Map<string, unknown>();
    for (const path of deepestFirst) {
      const value = row[path.join('.')];
      if (value === null || value === undefined) continue;
      const [root, ...rest] = path as [string, ...string[]];
      const name = root === 'trusted' ? 'trusted' : rest.shift()!;
      if (rest.length === 0) {
        facts.set(name, value);
        continue;
      }
      let holder = facts.get(name);
      if (!isRecord(holder)) facts.set(name, (holder = {}));
      let at = holder as Record<string, unknown>;
      for (const segment of rest.slice(0, -1)) {
        if (!isRecord(at[segment])) at[segment] = {};
        at = at[segment] as Record<string, unknown>;
      }
      at[rest[rest.length - 1]!] = value;
    }
    for (const [name, value] of facts) out.push({ certname: row.certname, name, value });
  }
  return out;
}

/** Nodes and fact rows into one scope per active node, in certname order. */
export function scopesOf(
  nodes: ReadonlyArray<Record<string, unknown>>,
  facts: ReadonlyArray<Record<string, unknown>>,
): NodeScope[] {
  const byCertname = new Map<string, NodeScope>();
  for (const node of nodes) {
    if (typeof node.certname !== 'string') continue;
    const environment = [node.catalog_environment, node.facts_environment].find(
      (value): value is string => typeof value === 'string' && value !== '',
    );
    byCertname.set(node.certname, {
      certname: node.certname,
      environment: environment ?? 'production',
      facts: {},
      trusted: { certname: node.certname },
      serverFacts: {},
    });
  }
  for (const row of facts) {
    const scope = typeof row.certname === 'string' ? byCertname.get(row.certname) : undefined;
    if (!scope || typeof row.name !== 'string') continue;
    scope.facts[row.name] = row.value;
    if (row.name === 'trusted' && isRecord(row.value)) {
      // the certname PuppetDB knows the node by wins over what the agent reported
      scope.trusted = { ...row.value, certname: scope.certname };
    }
  }
  for (const scope of byCertname.values()) {
    scope.serverFacts = { environment: scope.environment };
  }
  return [...byCertname.values()].sort((a, b) => (a.certname < b.certname ? -1 : 1));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A PQL array of strings; JSON's string escapes are PQL's. */
function pqlArray(values: readonly string[]): string {
  return `[${values.map((value) => JSON.stringify(value)).join(', ')}]`;
}
