/**
 * What PQL knows: entities, their fields, operators, functions and keywords, with the short
 * documentation shown in completion and hover. Source: PuppetDB's v4 query API docs (fields per
 * entity) and its PQL grammar; see /shared/reference/pql-language.md.
 */
export type FieldType = 'string' | 'number' | 'boolean' | 'timestamp' | 'json' | 'path' | 'array';

export interface FieldInfo {
  name: string;
  type: FieldType;
  doc: string;
  /** Values the field takes, offered in completion. */
  values?: readonly string[];
}

export interface EntityInfo {
  name: string;
  doc: string;
  fields: readonly FieldInfo[];
  /** Entities of the AST query language only; PQL does not accept them. */
  astOnly?: boolean;
  /** Fields that take a dotted path (`facts.os.name`, `parameters.ensure`). */
  dottedRoots?: readonly string[];
}

const REPORT_STATUS = ['failed', 'changed', 'unchanged'];
const EVENT_STATUS = ['success', 'failure', 'noop', 'skipped'];
const CACHED_CATALOG = ['explicitly_requested', 'on_failure', 'not_used'];
const NODE_STATE = ['active', 'inactive', 'any'];

const f = (name: string, type: FieldType, doc: string, values?: readonly string[]): FieldInfo => ({
  name,
  type,
  doc,
  values,
});

const certname = f('certname', 'string', 'The node’s certname.');
const environment = f('environment', 'string', 'The Puppet environment.');
const nodeState = f(
  'node_state',
  'string',
  'Pseudo-field: `active` (default), `inactive` or `any`. Queries return active nodes only unless this says otherwise.',
  NODE_STATE,
);

export const ENTITIES: readonly EntityInfo[] = [
  {
    name: 'nodes',
    doc: 'Every node PuppetDB knows, with the timestamps and status of its latest facts, catalog and report.',
    fields: [
      certname,
      f('deactivated', 'timestamp', 'When the node was deactivated; null while active.'),
      f('expired', 'timestamp', 'When the node expired (node TTL); null if it has not.'),
      f('catalog_environment', 'string', 'Environment of the latest catalog.'),
      f('facts_environment', 'string', 'Environment of the latest facts.'),
      f('report_environment', 'string', 'Environment of the latest report.'),
      f('catalog_timestamp', 'timestamp', 'When the latest catalog was received.'),
      f('facts_timestamp', 'timestamp', 'When the latest facts were received.'),
      f('report_timestamp', 'timestamp', 'When the latest report was received.'),
      f('latest_report_status', 'string', 'Status of the latest report.', REPORT_STATUS),
      f('latest_report_noop', 'boolean', 'Whether the latest run was a noop run.'),
      f(
        'latest_report_noop_pending',
        'boolean',
        'Whether the latest run had noop changes pending.',
      ),
      f('latest_report_corrective_change', 'boolean', 'Whether the latest run corrected drift.'),
      f('latest_report_hash', 'string', 'Hash of the latest report.'),
      f('latest_report_job_id', 'string', 'Orchestrator job of the latest run (PE).'),
      f(
        'cached_catalog_status',
        'string',
        'Whether the latest run used a cached catalog.',
        CACHED_CATALOG,
      ),
      f('expires_facts', 'boolean', 'Whether the node’s facts expire.'),
      f('expires_facts_updated', 'timestamp', 'When expires_facts last changed.'),
      nodeState,
    ],
    dottedRoots: [],
  },
  {
    name: 'facts',
    doc: 'Top-level facts, one row per node and fact.',
    fields: [
      certname,
      f('name', 'string', 'The fact’s name.'),
      f('value', 'json', 'The fact’s value (structured facts are JSON).'),
      environment,
      nodeState,
    ],
  },
  {
    name: 'fact_contents',
    doc: 'The leaves of (structured) facts, one row per node and fact path.',
    fields: [
      certname,
      environment,
      f('name', 'string', 'The top-level fact’s name.'),
      f('path', 'path', 'The path to the value, e.g. ["os", "release", "major"]; match with `~>`.'),
      f('value', 'json', 'The value at that path.'),
      nodeState,
    ],
  },
  {
    name: 'fact_paths',
    doc: 'Every fact path in the fleet and its value type.',
    fields: [
      f('path', 'path', 'The path, e.g. ["os", "family"].'),
      f('type', 'string', 'The value’s type (string, integer, boolean, …).'),
      f('depth', 'number', 'How deep the path is (0 for a top-level fact).'),
    ],
  },
  {
    name: 'factsets',
    doc: 'Each node’s whole fact set with its metadata.',
    fields: [
      certname,
      environment,
      f('timestamp', 'timestamp', 'When the facts were received.'),
      f('producer_timestamp', 'timestamp', 'When the facts were produced.'),
      f('producer', 'string', 'The server that submitted them.'),
      f('hash', 'string', 'Hash of the fact set.'),
      f('facts', 'json', 'The facts (in the response).'),
      nodeState,
    ],
  },
  {
    name: 'inventory',
    doc: 'One row per node with all its facts and trusted facts; filter with `facts.<path>` and `trusted.<path>`.',
    fields: [
      certname,
      environment,
      f('timestamp', 'timestamp', 'When the facts were received.'),
      f('facts', 'json', 'All facts; use dotted paths: `facts.os.name`.'),
      f('trusted', 'json', 'Trusted facts; e.g. `trusted.extensions.pp_role`.'),
      nodeState,
    ],
    dottedRoots: ['facts', 'trusted'],
  },
  {
    name: 'resources',
    doc: 'The resources of the latest catalogs.',
    fields: [
      certname,
      environment,
      f('type', 'string', 'The resource type, capitalised (`File`, `Class`, `Package`).'),
      f('title', 'string', 'The resource title.'),
      f('tag', 'string', 'A tag (filter only; case-insensitive). The response has `tags`.'),
      f('exported', 'boolean', 'Whether the resource is exported.'),
      f('file', 'string', 'The manifest that declares it.'),
      f('line', 'number', 'The line in that manifest.'),
      f('resource', 'string', 'The resource’s hash.'),
      f('parameters', 'json', 'The parameters; use dotted paths: `parameters.ensure`.'),
      nodeState,
    ],
    dottedRoots: ['parameters'],
  },
  {
    name: 'reports',
    doc: 'Puppet run reports.',
    fields: [
      certname,
      f('hash', 'string', 'The report’s hash (its identity).'),
      environment,
      f('status', 'string', 'The run’s status.', REPORT_STATUS),
      f('noop', 'boolean', 'Whether it was a noop run.'),
      f('noop_pending', 'boolean', 'Whether noop changes were pending.'),
      f('puppet_version', 'string', 'The agent’s Puppet version.'),
      f('report_format', 'number', 'The report format version.'),
      f('configuration_version', 'string', 'The catalog’s configuration version.'),
      f('start_time', 'timestamp', 'When the run started.'),
      f('end_time', 'timestamp', 'When the run ended.'),
      f('producer_timestamp', 'timestamp', 'When the report was produced.'),
      f('receive_time', 'timestamp', 'When PuppetDB received it.'),
      f('producer', 'string', 'The server that submitted it.'),
      f('transaction_uuid', 'string', 'The run’s transaction UUID.'),
      f('catalog_uuid', 'string', 'The catalog’s UUID.'),
      f('code_id', 'string', 'The code ID of the catalog.'),
      f(
        'cached_catalog_status',
        'string',
        'Whether the run used a cached catalog.',
        CACHED_CATALOG,
      ),
      f('corrective_change', 'boolean', 'Whether the run corrected drift.'),
      f('job_id', 'string', 'Orchestrator job (PE).'),
      f('latest_report?', 'boolean', 'True for each node’s latest report.'),
      nodeState,
    ],
  },
  {
    name: 'events',
    doc: 'Resource events of the reports: what each run changed, failed, skipped or would change.',
    fields: [
      certname,
      f('report', 'string', 'Hash of the report.'),
      f('status', 'string', 'The event’s status.', EVENT_STATUS),
      f('timestamp', 'timestamp', 'When it happened.'),
      f('run_start_time', 'timestamp', 'When the run started.'),
      f('run_end_time', 'timestamp', 'When the run ended.'),
      f('report_receive_time', 'timestamp', 'When the report was received.'),
      f('resource_type', 'string', 'Type of the resource.'),
      f('resource_title', 'string', 'Title of the resource.'),
      f('property', 'string', 'The property that changed (null for some events).'),
      f('name', 'string', 'The event’s name (e.g. content_changed).'),
      f('new_value', 'json', 'The value after the event.'),
      f('old_value', 'json', 'The value before the event.'),
      f('message', 'string', 'The event’s message.'),
      f('file', 'string', 'The manifest that declares the resource.'),
      f('line', 'number', 'The line in that manifest.'),
      f('containing_class', 'string', 'The class that contains the resource.'),
      f('containment_path', 'array', 'The containment path (filter with `~>`-style paths).'),
      f('latest_report?', 'boolean', 'True for events of each node’s latest report.'),
      environment,
      f('configuration_version', 'string', 'The catalog’s configuration version.'),
      f('corrective_change', 'boolean', 'Whether the event corrected drift.'),
      nodeState,
    ],
  },
  {
    name: 'catalogs',
    doc: 'Each node’s latest compiled catalog.',
    fields: [
      certname,
      f('version', 'string', 'The configuration version.'),
      environment,
      f('transaction_uuid', 'string', 'The run’s transaction UUID.'),
      f('catalog_uuid', 'string', 'The catalog’s UUID.'),
      f('code_id', 'string', 'The code ID.'),
      f('hash', 'string', 'The catalog’s hash.'),
      f('producer_timestamp', 'timestamp', 'When it was compiled.'),
      f('producer', 'string', 'The server that compiled it.'),
      nodeState,
    ],
  },
  {
    name: 'edges',
    doc: 'Relationships between resources of the latest catalogs.',
    fields: [
      certname,
      f('relationship', 'string', 'The kind of edge.', [
        'contains',
        'before',
        'required-by',
        'notifies',
        'subscription-of',
      ]),
      f('source_title', 'string', 'Title of the source resource.'),
      f('source_type', 'string', 'Type of the source resource.'),
      f('target_title', 'string', 'Title of the target resource.'),
      f('target_type', 'string', 'Type of the target resource.'),
      nodeState,
    ],
  },
  {
    name: 'environments',
    doc: 'The Puppet environments PuppetDB knows.',
    fields: [f('name', 'string', 'The environment’s name.')],
  },
  {
    name: 'packages',
    doc: 'Packages found by the package inventory, fleet-wide.',
    fields: [
      f('package_name', 'string', 'The package.'),
      f('version', 'string', 'Its version.'),
      f('provider', 'string', 'Its provider (apt, yum, gem, …).'),
    ],
  },
  {
    name: 'package_inventory',
    doc: 'Packages per node, from the package inventory.',
    fields: [
      certname,
      f('package_name', 'string', 'The package.'),
      f('version', 'string', 'Its version.'),
      f('provider', 'string', 'Its provider.'),
      nodeState,
    ],
  },
  ...['fact_names', 'event_counts', 'aggregate_event_counts', 'producers'].map((name) => ({
    name,
    doc: `An endpoint of the AST query language only: PQL does not accept \`${name}\`. Query /pdb/query/v4/${name.replace(/_/g, '-')} instead.`,
    fields: [],
    astOnly: true,
  })),
];

const byName = new Map(ENTITIES.map((entity) => [entity.name, entity]));

export function entityInfo(name: string): EntityInfo | undefined {
  return byName.get(name);
}

export function isEntity(name: string): boolean {
  return byName.has(name);
}

export function fieldInfo(entity: string | undefined, field: string): FieldInfo | undefined {
  return entity ? byName.get(entity)?.fields.find((item) => item.name === field) : undefined;
}

export interface WordInfo {
  name: string;
  doc: string;
  /** How to write it, for completion details and hover headers. */
  syntax?: string;
}

export const OPERATORS: readonly WordInfo[] = [
  {
    name: '=',
    doc: 'Equal (strings, numbers, booleans, timestamps; an array field matches if any element does).',
  },
  { name: '!=', doc: 'Not equal (PuppetDB turns it into `not (=)`).' },
  {
    name: '~',
    doc: 'Matches a POSIX regular expression (PostgreSQL). Double backslashes inside double-quoted strings.',
  },
  { name: '!~', doc: 'Does not match the regular expression.' },
  {
    name: '~>',
    doc: 'Regular expressions per path element: `path ~> ["networking", ".*", "mac"]`.',
  },
  { name: '<', doc: 'Less than (numbers, timestamps).' },
  { name: '<=', doc: 'Less than or equal.' },
  { name: '>', doc: 'Greater than.' },
  { name: '>=', doc: 'Greater than or equal.' },
  {
    name: 'in',
    doc: 'One of a list, or of a subquery’s results: `certname in ["a", "b"]`, `certname in facts[certname] { … }`.',
  },
  { name: 'is null', doc: 'The field has no value.' },
  { name: 'is not null', doc: 'The field has a value.' },
  { name: 'and', doc: 'Both conditions (binds tighter than `or`).' },
  { name: 'or', doc: 'Either condition.' },
  { name: '!', doc: 'Negates the condition or parenthesised group after it.' },
];

export const FUNCTIONS: readonly WordInfo[] = [
  {
    name: 'count',
    syntax: 'count() | count(field)',
    doc: 'Number of rows (of non-null values of a field). Projection and group by only.',
  },
  { name: 'avg', syntax: 'avg(field)', doc: 'Average of a numeric field.' },
  { name: 'sum', syntax: 'sum(field)', doc: 'Sum of a numeric field.' },
  { name: 'min', syntax: 'min(field)', doc: 'Smallest value.' },
  { name: 'max', syntax: 'max(field)', doc: 'Largest value.' },
  {
    name: 'to_string',
    syntax: 'to_string(field, "FORMAT")',
    doc: 'Formats a timestamp with a PostgreSQL to_char pattern, e.g. `"DAY"`, `"YYYY-MM-DD"`.',
  },
];

export const KEYWORDS: readonly WordInfo[] = [
  {
    name: 'group by',
    doc: 'Groups rows for aggregate functions in the projection: `facts[name, count()] { group by name }`. Cannot be combined with limit/offset/order by.',
  },
  {
    name: 'order by',
    doc: 'Sorts: `order by receive_time desc, certname`. Paging is only stable with an order.',
  },
  { name: 'limit', doc: 'At most this many rows.' },
  { name: 'offset', doc: 'Skip this many rows (applied before limit).' },
  { name: 'asc', doc: 'Ascending order (the default).' },
  { name: 'desc', doc: 'Descending order.' },
  { name: 'true', doc: 'Boolean true.' },
  { name: 'false', doc: 'Boolean false.' },
  { name: 'null', doc: 'Used in `is null` / `is not null`.' },
  { name: 'not', doc: 'Used in `is not null`; negate conditions with `!`.' },
  { name: 'is', doc: 'Used in `is null` / `is not null`.' },
  {
    name: 'match',
    syntax: 'match("regex")',
    doc: 'In a dotted path, matches path elements: `facts.partitions.match("sd.*").mount`.',
  },
];
