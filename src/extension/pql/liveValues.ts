import type { PuppetDB } from '../../client';
import type { ConnectionStore } from '../connections/connectionStore';
import { readAtMost } from '../boundedRows';

export type LiveValueKind =
  'factNames' | 'factPaths' | 'certnames' | 'environments' | 'resourceTypes';

const LIFETIME_MS = 60_000;
const REQUEST_TIMEOUT_MS = 3_000;
/** The most values of one kind offered (and read: a longer answer is cut there, quietly). */
const MAX_VALUES = 5_000;

/**
 * Values from the active PuppetDB for completion (fact names and paths, certnames,
 * environments, resource types), cached per connection for a minute. Concurrent asks share
 * one request; a failure yields no values (completion must not nag) and is not cached.
 */
export class LiveValues {
  private readonly cache = new Map<string, { at: number; values: Promise<string[][]> }>();

  constructor(private readonly store: ConnectionStore) {}

  /** Each value as path segments (a single segment for everything but fact paths). */
  async get(connectionId: string, kind: LiveValueKind): Promise<string[][]> {
    const key = `${connectionId}\u0000${kind}`;
    const cached = this.cache.get(key);
    if (cached && Date.now() - cached.at < LIFETIME_MS) return cached.values;
    const values = this.fetch(connectionId, kind).catch(() => {
      this.cache.delete(key);
      return [] as string[][];
    });
    this.cache.set(key, { at: Date.now(), values });
    return values;
  }

  clear(): void {
    this.cache.clear();
  }

  private async fetch(connectionId: string, kind: LiveValueKind): Promise<string[][]> {
    const client = await this.store.client(connectionId);
    const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    const single = (values: unknown[]) => values.map((value) => [String(value)]);
    const rows = async (endpoint: 'fact-names' | 'environments' | 'fact-paths') =>
      (await readAtMost(client.stream(endpoint, { limit: MAX_VALUES, signal }), MAX_VALUES)).rows;
    switch (kind) {
      case 'factNames':
        return single(await rows('fact-names'));
      case 'environments':
        return single(
          ((await rows('environments')) as Array<{ name?: unknown }>).map((row) => row.name),
        );
      case 'certnames':
        return single(
          (
            await pqlRows(
              client,
              `nodes[certname] { order by certname limit ${MAX_VALUES} }`,
              signal,
            )
          ).map((row) => row.certname),
        );
      case 'resourceTypes':
        return single(
          (await pqlRows(client, 'resources[type, count()] { group by type }', signal)).map(
            (row) => row.type,
          ),
        );
      case 'factPaths':
        return (await rows('fact-paths')).map((row) =>
          ((row as { path: unknown[] }).path ?? []).map(String),
        );
    }
  }
}

async function pqlRows(
  client: PuppetDB,
  query: string,
  signal: AbortSignal,
): Promise<Array<Record<string, unknown>>> {
  return (await readAtMost(client.stream('pql', { query, signal }), MAX_VALUES)).rows as Array<
    Record<string, unknown>
  >;
}
