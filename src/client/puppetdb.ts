import { createHash } from 'node:crypto';
import { QueryEngine } from './engine';
import { APIError, DoesNotComputeError, EmptyResponseError } from './errors';
import { normalizeResourceType } from './internal/python';
import { checkArgument, checkOptions, type CheckedOptions, type Operation } from './optionChecks';
import { resolveOptions, type ConnectOptions, type ResolvedOptions } from './options';
import { detectPqlEntity, type PqlEntity } from './pqlEntity';
import type { QueryOptions, RequestOptions, SignalOptions } from './queryStep';
import type { RecordStream } from './recordStream';
import type {
  Catalog,
  Edge,
  Event,
  Fact,
  Inventory,
  Node,
  NodeStatusInput,
  Report,
  Resource,
} from './records';
import { toRecords, type RecordEntity } from './records/entityRecords';
import { Transport } from './transport';
import { endpointPath, type EndpointKey } from './endpoints';

export type JsonObject = Record<string, unknown>;

/** Options of `query()` and `stream()`: the common query step's, plus a path below the endpoint. */
export interface EndpointQueryOptions extends QueryOptions {
  /** A string is quoted as the reference does ("/" kept); array items are encoded whole. */
  path?: string | string[];
}

export interface NodeStatusOptions {
  /** Hours without a report after which a node counts as unreported (default 2; null: never). */
  unreported?: number | null;
  /** Compute each node's status from its latest report. */
  withStatus?: boolean;
  /** With `withStatus`, count the latest report's events (one extra request to event-counts). */
  withEventNumbers?: boolean;
  /** The clock for the unreported check (default: now). */
  now?: Date;
}

export interface NodesOptions extends QueryOptions, NodeStatusOptions {}

export interface FactsOptions extends QueryOptions {
  name?: string;
  /** Only with `name`: facts whose value, compared as a string by PuppetDB, equals this. */
  value?: string;
}

export interface ResourcesOptions extends QueryOptions {
  /** Normalised as Puppet does (`sysctl::value` → `Sysctl::Value`). */
  type?: string;
  /** Only with `type`. */
  title?: string;
}

export interface EventCountsOptions extends QueryOptions {
  summarizeBy: string;
}

export interface AggregateEventCountsOptions extends RequestOptions {
  summarizeBy: string;
  query?: QueryOptions['query'];
  countBy?: string;
  countFilter?: QueryOptions['countFilter'];
}

export interface PqlOptions extends NodeStatusOptions, RequestOptions {
  limit?: number;
  offset?: number;
  orderBy?: QueryOptions['orderBy'];
  includeTotal?: boolean;
}

export interface MetricOptions extends SignalOptions {
  version?: 'v1' | 'v2';
}

export interface CommandOptions extends SignalOptions {
  /** Wait up to this many seconds for PuppetDB to process the command (PuppetDB's secondsToWaitForCompletion). */
  waitSeconds?: number;
}

/** Records a PQL query can return: typed when its entity has a record type, plain objects otherwise. */
export type PqlRecord =
  Node | Fact | Resource | Catalog | Edge | Event | Report | Inventory | JsonObject;

/** The commands the reference knows, with the wire-format version it sends. */
export const COMMAND_VERSIONS: Readonly<Record<string, number>> = {
  'deactivate node': 3,
  'replace catalog': 9,
  'replace facts': 5,
  'store report': 8,
};

const DEFAULT_UNREPORTED_HOURS = 2;

/** A connection to one PuppetDB: every query operation of the reference, plus paging and streaming. */
export class PuppetDB implements AsyncDisposable {
  private readonly settings: ResolvedOptions;
  private readonly transport: Transport;
  private readonly engine: QueryEngine;

  constructor(options: ConnectOptions = {}) {
    this.settings = resolveOptions(options);
    this.transport = new Transport(this.settings);
    this.engine = new QueryEngine(this.transport, this.settings.maxListRows);
  }

  /** `protocol://host:port/url-path`. */
  get baseUrl(): string {
    return this.settings.baseUrl;
  }

  /** The base URL of every server, in the order they are tried (one unless `serverUrls` lists several). */
  get serverUrls(): string[] {
    return this.settings.servers.map((server) => server.baseUrl);
  }

  /** The base URL of the server that answered last (with `serverUrls`, the one failed over to); undefined before any answer. */
  get lastServer(): string | undefined {
    return this.transport.lastServer;
  }

  /** The query API version. */
  get version(): 'v4' {
    return 'v4';
  }

  /** The total of the latest query sent with `includeTotal`, else undefined. */
  get total(): number | undefined {
    return this.engine.total;
  }

  /** Only the address: settings hold credentials that must not end up in logs or files. */
  toJSON(): { baseUrl: string } {
    return { baseUrl: this.baseUrl };
  }

  async disconnect(): Promise<void> {
    await this.transport.close();
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.disconnect();
  }

  // --- the common query step -------------------------------------------------------------

  /** Any endpoint by its reference key, decoded whole (`_query`). */
  async query(endpoint: EndpointKey, options: EndpointQueryOptions = {}): Promise<unknown> {
    const checked = checkOptions('query', options);
    if (checked.pageSize !== undefined) {
      return this.engine.collect(this.streamChecked(endpoint, checked), this.whereOf(endpoint));
    }
    const { path, signal, method, pageSize: _, ...parameters } = checked;
    return this.engine.json({ endpoint, path, parameters, signal, method });
  }

  /** Any endpoint by its reference key, as a lazy stream of plain rows. */
  stream(endpoint: EndpointKey, options: EndpointQueryOptions = {}): RecordStream<unknown> {
    return this.streamChecked(endpoint, checkOptions('stream', options));
  }

  private streamChecked(
    endpoint: EndpointKey,
    options: CheckedOptions<EndpointQueryOptions>,
  ): RecordStream<unknown> {
    const { path, ...rest } = options;
    return this.engine.stream({ endpoint, path, options: rest }, (rows) => rows);
  }

  // --- nodes ----------------------------------------------------------------------------

  nodes(options: NodesOptions = {}): RecordStream<Node> {
    return this.nodesAt(checkOptions('nodes', options), undefined);
  }

  /** One node by certname; an unknown node is a 404 PuppetDBHTTPError. */
  async node(name: string, options: RequestOptions & NodeStatusOptions = {}): Promise<Node> {
    checkArgument('node', 'name', name, 'text');
    const node = await this.nodesAt(checkOptions('node', options), [name]).first();
    if (!node) throw new EmptyResponseError(`PuppetDB returned no node named ${name}.`);
    return node;
  }

  private nodesAt(
    options: CheckedOptions<NodesOptions>,
    path: string[] | undefined,
  ): RecordStream<Node> {
    const { unreported, withStatus, withEventNumbers, now, ...query } = options;
    const status = { unreported, withStatus, withEventNumbers, now };
    return this.withNodeStatus(status, query.signal, (toNodes, before) =>
      this.engine.stream({ endpoint: 'nodes', path, options: query, before }, toNodes),
    );
  }

  /**
   * Builds Node records with the reference's status logic. The event counts of the latest
   * reports are fetched once per iteration (not once per row) and indexed by certname.
   */
  private withNodeStatus<T>(
    status: NodeStatusOptions,
    signal: AbortSignal | undefined,
    makeStream: (
      toNodes: (rows: unknown[]) => Promise<Node[]>,
      before: () => Promise<void>,
    ) => RecordStream<T>,
  ): RecordStream<T> {
    const withStatus = status.withStatus ?? false;
    const withEventNumbers = status.withEventNumbers ?? true;
    const unreported =
      status.unreported === undefined ? DEFAULT_UNREPORTED_HOURS : status.unreported;
    let latestEvents: Promise<Map<string, JsonObject>> | undefined;
    let now = new Date();
    // The event counts are asked for beside the nodes, not before them: the two requests
    // overlap (at 10,000 nodes the counts take a third of the time). Each page of nodes waits
    // for the counts; every response gives at least one page (`[]` too), so a failure of the
    // counts always reaches the caller, as when they were fetched first.
    const before = async (): Promise<void> => {
      now = status.now ?? new Date();
      if (withStatus && withEventNumbers) {
        const counts = this.latestEventCounts(signal);
        counts.catch(() => undefined); // read by the first page; unread when the nodes fail first
        latestEvents = counts;
      }
    };
    const toNodes = async (rows: unknown[]): Promise<Node[]> =>
      this.records('node', {
        withStatus,
        withEventNumbers,
        latestEvents: await latestEvents,
        now,
        unreported,
      })(rows);
    return makeStream(toNodes, before);
  }

  private async latestEventCounts(
    signal: AbortSignal | undefined,
  ): Promise<Map<string, JsonObject>> {
    const counts = (await this.engine.json({
      endpoint: 'event-counts',
      parameters: { query: '["=", "latest_report?", true]', summarizeBy: 'certname' },
      signal,
    })) as JsonObject[];
    const byCertname = new Map<string, JsonObject>();
    for (const count of counts) {
      const title = (count.subject as { title?: unknown } | undefined)?.title;
      if (typeof title === 'string' && !byCertname.has(title)) byCertname.set(title, count);
    }
    return byCertname;
  }

  // --- facts ----------------------------------------------------------------------------

  facts(options: FactsOptions = {}): RecordStream<Fact> {
    const { name, value, ...query } = checkOptions('facts', options);
    const path = name === undefined ? undefined : value === undefined ? [name] : [name, value];
    return this.engine.stream({ endpoint: 'facts', path, options: query }, this.records('fact'));
  }

  factsets(options: QueryOptions = {}): Promise<JsonObject[]> {
    return this.list('factsets', 'factsets', options);
  }

  factContents(options: QueryOptions = {}): Promise<JsonObject[]> {
    return this.list('factContents', 'fact-contents', options);
  }

  factPaths(options: QueryOptions = {}): Promise<JsonObject[]> {
    return this.list('factPaths', 'fact-paths', options);
  }

  /** Every fact name PuppetDB knows, sorted; `[]` on a PuppetDB that has no facts yet. */
  async factNames(options: RequestOptions = {}): Promise<string[]> {
    const { signal, method, payload } = checkOptions('factNames', options);
    return (await this.engine.json({
      endpoint: 'fact-names',
      parameters: { payload },
      signal,
      method,
    })) as string[];
  }

  // --- resources, catalogs, edges -----------------------------------------------------------

  resources(options: ResourcesOptions = {}): RecordStream<Resource> {
    const { type, title, ...query } = checkOptions('resources', options);
    const normalized = type === undefined ? undefined : normalizeResourceType(type);
    const path =
      normalized === undefined
        ? undefined
        : title === undefined
          ? [normalized]
          : [normalized, title];
    return this.engine.stream(
      { endpoint: 'resources', path, options: query },
      this.records('resource'),
    );
  }

  /** The latest catalog of one node; an unknown node is a 404 PuppetDBHTTPError. */
  async catalog(node: string, options: RequestOptions = {}): Promise<Catalog> {
    checkArgument('catalog', 'node', node, 'text');
    const checked = checkOptions('catalog', options);
    const catalog = await this.engine
      .stream({ endpoint: 'catalogs', path: [node], options: checked }, this.records('catalog'))
      .first();
    if (!catalog) throw new EmptyResponseError(`PuppetDB returned no catalog for ${node}.`);
    return catalog;
  }

  catalogs(options: QueryOptions = {}): RecordStream<Catalog> {
    return this.recordQuery('catalogs', 'catalog', options);
  }

  edges(options: QueryOptions = {}): RecordStream<Edge> {
    return this.recordQuery('edges', 'edge', options);
  }

  environments(options: QueryOptions = {}): Promise<JsonObject[]> {
    return this.list('environments', 'environments', options);
  }

  // --- reports and events -----------------------------------------------------------------

  reports(options: QueryOptions = {}): RecordStream<Report> {
    return this.recordQuery('reports', 'report', options);
  }

  events(options: QueryOptions = {}): RecordStream<Event> {
    return this.recordQuery('events', 'event', options);
  }

  async eventCounts(options: EventCountsOptions): Promise<JsonObject[]> {
    const checked = checkOptions('eventCounts', options);
    requireSummarizeBy(checked.summarizeBy);
    return this.list('eventCounts', 'event-counts', checked);
  }

  /**
   * Event totals. PuppetDB answers a list with one map per `summarizeBy` value; like the spec,
   * a single summary is returned as its map, a comma-separated combination as the list.
   */
  async aggregateEventCounts(
    options: AggregateEventCountsOptions,
  ): Promise<JsonObject | JsonObject[]> {
    const checked = checkOptions('aggregateEventCounts', options);
    requireSummarizeBy(checked.summarizeBy);
    const { summarizeBy, query, countBy, countFilter, payload, signal, method } = checked;
    const result = (await this.engine.json({
      endpoint: 'aggregate-event-counts',
      parameters: { query, summarizeBy, countBy, countFilter, payload },
      signal,
      method,
    })) as JsonObject | JsonObject[];
    if (Array.isArray(result) && result.length === 1 && !summarizeBy.includes(',')) {
      return result[0]!;
    }
    return result;
  }

  inventory(options: QueryOptions = {}): RecordStream<Inventory> {
    return this.recordQuery('inventory', 'inventory', options);
  }

  /**
   * The packages PuppetDB 7 knows (name, version, provider: one row each, from the nodes'
   * `package_inventory`), beyond the reference. Group with an `extract` query to count nodes.
   */
  packages(options: QueryOptions = {}): RecordStream<JsonObject> {
    const checked = checkOptions('packages', options);
    return this.engine.stream(
      { endpoint: 'packages', options: checked },
      (rows) => rows as JsonObject[],
    );
  }

  /** Which node has which package (certname, package_name, version, provider), beyond the reference. */
  packageInventory(options: QueryOptions = {}): RecordStream<JsonObject> {
    const checked = checkOptions('packageInventory', options);
    return this.engine.stream(
      { endpoint: 'package-inventory', options: checked },
      (rows) => rows as JsonObject[],
    );
  }

  // --- PQL --------------------------------------------------------------------------------

  /**
   * Runs a PQL query. Rows of an entity with a record type (nodes, facts, resources, catalogs,
   * edges, events, reports, inventory) become records; anything else stays plain objects.
   */
  pql(pql: string, options: PqlOptions = {}): RecordStream<PqlRecord> {
    const checked = checkOptions('pql', options);
    const text = pqlText('pql', pql);
    const entity = detectPqlEntity(text);
    const {
      unreported,
      withStatus,
      withEventNumbers,
      now,
      signal,
      method,
      limit,
      offset,
      orderBy,
      includeTotal,
      payload,
    } = checked;
    const asksForStatus =
      withStatus === true ||
      (unreported !== undefined && unreported !== DEFAULT_UNREPORTED_HOURS) ||
      withEventNumbers === false;
    if (entity !== 'node' && asksForStatus) {
      throw new APIError(
        'with_status, unreported and with_event_numbers are used only for queries for nodes!',
      );
    }
    const request = {
      endpoint: 'pql' as const,
      options: { query: text, signal, method, limit, offset, orderBy, includeTotal, payload },
    };
    if (entity === 'node') {
      return this.withNodeStatus(
        { unreported, withStatus, withEventNumbers, now },
        signal,
        (toNodes, before) => this.engine.stream<PqlRecord>({ ...request, before }, toNodes),
      );
    }
    return this.engine.stream<PqlRecord>(request, this.pqlRecordFactory(entity));
  }

  /**
   * Checks a PQL query without running it: PuppetDB's `ast_only` mode answers with the query's
   * AST, or with the same 400 (and parse position) that running it would give. Beyond the
   * reference, for editors that check as the user types.
   */
  async pqlAst(pql: string, options: RequestOptions = {}): Promise<unknown> {
    const { signal, method, payload } = checkOptions('pqlAst', options);
    const text = pqlText('pqlAst', pql);
    return this.engine.json({
      endpoint: 'pql',
      parameters: { query: text, payload },
      extraSearch: [['ast_only', 'true']],
      signal,
      method,
      tracksTotal: false,
    });
  }

  private pqlRecordFactory(entity: PqlEntity | undefined): (rows: unknown[]) => PqlRecord[] {
    return entity ? this.records(entity) : (rows) => rows as JsonObject[];
  }

  /**
   * A query of an endpoint that takes nothing but the query options (no path), its rows made
   * `entity` records: catalogs, edges, reports, events, inventory.
   */
  private recordQuery<E extends RecordEntity>(
    endpoint: 'catalogs' | 'edges' | 'reports' | 'events' | 'inventory',
    entity: E,
    options: QueryOptions,
  ) {
    return this.engine.stream(
      { endpoint, options: checkOptions(endpoint, options) },
      this.records(entity),
    );
  }

  /** The records of `entity` (one table for every path: records/entityRecords.ts). */
  private records<E extends RecordEntity>(entity: E, nodeStatus?: NodeStatusInput) {
    return toRecords(entity, { api: this, nodeStatus });
  }

  // --- status, metadata, metrics ---------------------------------------------------------------

  /** The puppetdb-status service record (state, queue depth, database health). */
  async status(options: SignalOptions = {}): Promise<JsonObject> {
    const { signal } = checkOptions('status', options);
    return (await this.engine.json({ endpoint: 'status', signal })) as JsonObject;
  }

  /** The PuppetDB server version, e.g. "7.12.1". */
  async currentVersion(options: SignalOptions = {}): Promise<string> {
    const { signal } = checkOptions('currentVersion', options);
    const response = (await this.engine.json({ endpoint: 'version', signal })) as JsonObject;
    return String(response.version);
  }

  /** The server's clock (the reference meant to return it; its version always fails). */
  async serverTime(options: SignalOptions = {}): Promise<Date> {
    const { signal } = checkOptions('serverTime', options);
    const response = (await this.engine.json({ endpoint: 'server-time', signal })) as JsonObject;
    const time = new Date(String(response.server_time));
    if (Number.isNaN(time.getTime())) {
      throw new APIError(
        `PuppetDB sent an unreadable server time: ${String(response.server_time)}.`,
      );
    }
    return time;
  }

  /**
   * A metric by its mbean name, or the list of mbeans without one. v2 (Jolokia) names are
   * escaped as Jolokia requires; a Jolokia error becomes a DoesNotComputeError.
   */
  async metric(metric?: string, options: MetricOptions = {}): Promise<unknown> {
    if (metric !== undefined) checkArgument('metric', 'metric', metric, 'text');
    const { signal, version = this.settings.metricApiVersion } = checkOptions('metric', options);
    if (version === 'v1') return this.engine.json({ endpoint: 'mbean', path: metric, signal });
    const response = (await this.engine.json(
      metric
        ? { endpoint: 'metrics', path: escapeJolokiaName(metric), signal }
        : { endpoint: 'metrics-list', signal },
    )) as JsonObject;
    if ('error' in response) throw new DoesNotComputeError(String(response.error));
    return response.value;
  }

  // --- commands -----------------------------------------------------------------------------

  /**
   * Submits a command (`replace facts`, `replace catalog`, `store report`, `deactivate node`)
   * with its payload in the command's wire format. The checksum is the SHA-1 of the body sent.
   */
  async command(
    command: string,
    payload: JsonObject,
    options: CommandOptions = {},
  ): Promise<JsonObject> {
    checkArgument('command', 'command', command, 'text');
    checkArgument('command', 'payload', payload, 'object');
    const { signal, waitSeconds } = checkOptions('command', options);
    const name = command.replaceAll('_', ' ').toLowerCase();
    const version = COMMAND_VERSIONS[name];
    if (version === undefined) {
      throw new APIError(
        `Unknown command "${command}"; PuppetDB accepts ${Object.keys(COMMAND_VERSIONS).join(', ')}.`,
      );
    }
    const certname = payload.certname;
    if (typeof certname !== 'string') throw new APIError(`The ${name} payload has no certname.`);
    const body = JSON.stringify(payload);
    const extraSearch: Array<[string, string]> = [
      ['command', name],
      ['version', String(version)],
      ['certname', certname],
      ['checksum', createHash('sha1').update(body, 'utf8').digest('hex')],
    ];
    if (waitSeconds !== undefined) {
      extraSearch.push(['secondsToWaitForCompletion', String(waitSeconds)]);
    }
    return (await this.engine.json({
      endpoint: 'cmd',
      method: 'POST',
      extraSearch,
      body,
      signal,
      tracksTotal: false,
    })) as JsonObject;
  }

  private async list(
    operation: Operation,
    endpoint: EndpointKey,
    options: QueryOptions,
  ): Promise<JsonObject[]> {
    const checked = checkOptions(operation, options);
    const rows = await this.engine.collect(
      this.engine.stream({ endpoint, options: checked }, (batch) => batch),
      this.whereOf(endpoint),
    );
    return rows as JsonObject[];
  }

  /** An endpoint's URL, as errors name it. */
  private whereOf(endpoint: EndpointKey): string {
    return `${this.settings.baseUrl}${endpointPath(endpoint)}`;
  }
}

/** Jolokia's escaping of mbean names in URL paths: "!" first, then "/" and '"'. */
export function escapeJolokiaName(name: string): string {
  return name.replaceAll('!', '!!').replaceAll('/', '!/').replaceAll('"', '!"');
}

/** The PQL text to send: trimmed; a non-string or an empty query is an error. */
function pqlText(operation: 'pql' | 'pqlAst', pql: unknown): string {
  checkArgument(operation, 'pql', pql, 'string');
  const text = (pql as string).trim();
  if (!text) throw new APIError('The PQL query is empty.');
  return text;
}

function requireSummarizeBy(summarizeBy: string | undefined): void {
  if (!summarizeBy) {
    throw new DoesNotComputeError(
      'summarizeBy is required (certname, resource or containing_class).',
    );
  }
}

/** The reference's `connect()`: a connection with the spec's defaults. */
export function connect(options: ConnectOptions = {}): PuppetDB {
  return new PuppetDB(options);
}
