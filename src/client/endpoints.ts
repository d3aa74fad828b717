import { APIError } from './errors';
import { pyQuote } from './internal/python';

/** The reference's endpoint keys and the paths they map to below the base URL. */
export const ENDPOINTS = {
  facts: 'pdb/query/v4/facts',
  'fact-names': 'pdb/query/v4/fact-names',
  nodes: 'pdb/query/v4/nodes',
  resources: 'pdb/query/v4/resources',
  catalogs: 'pdb/query/v4/catalogs',
  mbean: 'metrics/v1/mbeans',
  metrics: 'metrics/v2/read',
  'metrics-base': 'metrics/v2',
  'metrics-exec': 'metrics/v2/exec',
  'metrics-list': 'metrics/v2/list',
  'metrics-search': 'metrics/v2/search',
  'metrics-write': 'metrics/v2/write',
  'metrics-version': 'metrics/v2/version',
  reports: 'pdb/query/v4/reports',
  events: 'pdb/query/v4/events',
  'event-counts': 'pdb/query/v4/event-counts',
  'aggregate-event-counts': 'pdb/query/v4/aggregate-event-counts',
  'server-time': 'pdb/meta/v1/server-time',
  version: 'pdb/meta/v1/version',
  environments: 'pdb/query/v4/environments',
  factsets: 'pdb/query/v4/factsets',
  'fact-paths': 'pdb/query/v4/fact-paths',
  'fact-contents': 'pdb/query/v4/fact-contents',
  edges: 'pdb/query/v4/edges',
  pql: 'pdb/query/v4',
  inventory: 'pdb/query/v4/inventory',
  packages: 'pdb/query/v4/packages',
  'package-inventory': 'pdb/query/v4/package-inventory',
  status: 'status/v1/services/puppetdb-status',
  cmd: 'pdb/cmd/v1',
} as const;

export type EndpointKey = keyof typeof ENDPOINTS;

/**
 * Fields that make each entity's order total, so that limit/offset pages neither skip nor repeat
 * rows while paging. They are appended after the caller's own ordering.
 */
export const STABLE_ORDER: Partial<Record<EndpointKey, readonly string[]>> = {
  nodes: ['certname'],
  facts: ['certname', 'name'],
  'fact-contents': ['certname', 'path'],
  'fact-paths': ['path'],
  'fact-names': ['name'],
  factsets: ['certname'],
  resources: ['certname', 'resource'],
  catalogs: ['certname'],
  edges: ['certname', 'source_type', 'source_title', 'target_type', 'target_title', 'relationship'],
  events: ['report', 'resource_type', 'resource_title', 'property', 'timestamp'],
  reports: ['hash'],
  inventory: ['certname'],
  packages: ['package_name', 'version', 'provider'],
  'package-inventory': ['certname', 'package_name', 'version', 'provider'],
  environments: ['name'],
};

export function isEndpointKey(key: string): key is EndpointKey {
  return Object.prototype.hasOwnProperty.call(ENDPOINTS, key);
}

/**
 * The path of an endpoint, plus extra path segments. Each segment is percent-encoded whole, so
 * a resource title holding "/" stays one segment (the reference leaves "/" bare, which PuppetDB
 * answers with a redirect loop).
 */
export function endpointPath(endpoint: string, segments: readonly string[] = []): string {
  if (!endpoint) throw new APIError('No endpoint was given.');
  if (!isEndpointKey(endpoint)) throw new APIError(`Unknown endpoint "${endpoint}".`);
  const base = ENDPOINTS[endpoint];
  if (segments.length === 0) return base;
  return `${base}/${segments.map((segment) => pyQuote(segment).replaceAll('/', '%2F')).join('/')}`;
}
