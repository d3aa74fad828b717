/**
 * How many active nodes apply a class, a defined type or a node definition, and how many of them
 * failed in their last run: counted by PuppetDB with aggregate PQL. The questions asked in one
 * turn of the event loop (the lenses VS Code resolves for the visible range, a hover) go out
 * together, one request per kind; answers are kept a short while per connection. Which nodes
 * failed, and how many of them apply each class, is asked fleet-wide once per connection
 * (failedNodes.ts), so that a file's lenses then cost one request.
 */
import type { PuppetDB } from '../../client';
import { KeptAnswers } from '../keptAnswers';
import { normaliseClassTitle, normaliseType } from '../fleet/resourceRef';
import { FailedNodes, type Rows } from './failedNodes';
import { MAX_LIST_ROWS, readAtMost } from '../boundedRows';

export type CountTarget =
  { kind: 'class' | 'define'; name: string } | { kind: 'node'; certnames: readonly string[] };

export interface FleetCounts {
  nodes: number;
  failed: number;
}

/** How long an answer is reused (a lens re-resolves on every edit and scroll). */
export const LIFETIME_MS = 30_000;
/** A lens never waits longer than this for its counts (it then says "unreachable"). */
const REQUEST_TIMEOUT_MS = 20_000;

interface Pending {
  target: CountTarget;
  resolve(counts: FleetCounts): void;
  reject(error: unknown): void;
}

export class FleetCounter {
  private readonly cache = new KeptAnswers<FleetCounts>(LIFETIME_MS);
  private readonly queues = new Map<string, Map<string, Pending[]>>();
  private readonly failed: FailedNodes;
  /** How many requests went to PuppetDB (tests check the batching). */
  requests = 0;

  constructor(
    private readonly clientOf: (connectionId: string) => Promise<PuppetDB>,
    /** An answer stopped at `max` rows (MAX_LIST_ROWS): the counts are of the rows before it. */
    private readonly onTruncated: (max: number) => void = () => {},
  ) {
    this.failed = new FailedNodes(this.rows, REQUEST_TIMEOUT_MS);
  }

  count(connectionId: string, target: CountTarget, now = Date.now()): Promise<FleetCounts> {
    const key = `${connectionId}\n${targetKey(target)}`;
    return this.cache.get(
      key,
      () =>
        new Promise<FleetCounts>((resolve, reject) => {
          let queue = this.queues.get(connectionId);
          if (!queue) {
            queue = new Map();
            this.queues.set(connectionId, queue);
            setTimeout(() => void this.flush(connectionId), 0);
          }
          const waiting = queue.get(targetKey(target)) ?? [];
          waiting.push({ target, resolve, reject });
          queue.set(targetKey(target), waiting);
        }),
      now,
    );
  }

  /** Forgets every answer (the connection changed, or the user asked again). */
  clear(): void {
    this.cache.clear();
    this.failed.clear();
  }

  private readonly rows: Rows = async (client, { endpoint, query, method }, signal) => {
    this.requests++;
    const { rows, truncatedAt } = await readAtMost(
      client.stream(endpoint, { query, signal, method }),
      MAX_LIST_ROWS,
    );
    if (truncatedAt !== undefined) this.onTruncated(truncatedAt);
    return rows as Array<Record<string, unknown>>;
  };

  private async flush(connectionId: string): Promise<void> {
    const queue = this.queues.get(connectionId);
    this.queues.delete(connectionId);
    if (!queue) return;
    const pending = [...queue.values()].flat();
    try {
      const client = await this.clientOf(connectionId);
      const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
      const targets = pending.map((item) => item.target);
      const answers = await this.ask(connectionId, client, targets, signal);
      for (const item of pending) {
        item.resolve(answers.get(targetKey(item.target)) ?? { nodes: 0, failed: 0 });
      }
    } catch (error) {
      for (const item of pending) item.reject(error);
    }
  }

  private async ask(
    connectionId: string,
    client: PuppetDB,
    targets: readonly CountTarget[],
    signal: AbortSignal,
  ): Promise<Map<string, FleetCounts>> {
    const answers = new Map<string, FleetCounts>();
    const rows = (query: string) => this.rows(client, { endpoint: 'pql', query }, signal);
    const classes = unique(
      targets.flatMap((t) => (t.kind === 'class' ? [normaliseClassTitle(t.name)] : [])),
    );
    const defines = unique(
      targets.flatMap((t) => (t.kind === 'define' ? [normaliseType(t.name) ?? ''] : [])),
    ).filter(Boolean);
    const certnames = unique(targets.flatMap((t) => (t.kind === 'node' ? t.certnames : [])));
    const jobs: Array<Promise<void>> = [];
    if (classes.length > 0) {
      jobs.push(
        Promise.all([
          rows(classCountQuery(classes)),
          this.failed.byClass(connectionId, client),
        ]).then(([all, failedByClass]) => {
          for (const title of classes) {
            const nodes = countOf(all, 'title', title);
            // the failed nodes may be up to a lifetime older than the count: never more than it
            const failed = Math.min(failedByClass.get(title) ?? 0, nodes);
            answers.set(targetKey({ kind: 'class', name: title }), { nodes, failed });
          }
        }),
      );
    }
    if (defines.length > 0) {
      // a node holds many instances of a defined type: one row per node and type, whose
      // certnames say which of them failed
      jobs.push(
        Promise.all([
          rows(
            `resources[certname, type] { type in ${pqlArray(defines)} group by certname, type }`,
          ),
          this.failed.certnames(connectionId, client),
        ]).then(([all, failedNodes]) => {
          for (const type of defines) {
            const holders = all.filter((row) => row.type === type);
            answers.set(targetKey({ kind: 'define', name: type }), {
              nodes: holders.length,
              failed: holders.filter((row) => failedNodes.has(String(row.certname))).length,
            });
          }
        }),
      );
    }
    if (certnames.length > 0) {
      jobs.push(
        rows(`nodes[certname, latest_report_status] { certname in ${pqlArray(certnames)} }`).then(
          (nodes) => {
            for (const target of targets) {
              if (target.kind !== 'node') continue;
              const mine = nodes.filter((row) => target.certnames.includes(String(row.certname)));
              answers.set(targetKey(target), {
                nodes: mine.length,
                failed: mine.filter((row) => row.latest_report_status === 'failed').length,
              });
            }
          },
        ),
      );
    }
    await Promise.all(jobs);
    return answers;
  }
}

/**
 * On how many active nodes each of a batch of classes (normalised titles) runs: one row per
 * class, as a node's catalog holds Class[X] once. npm run bench:code sends it raw.
 */
export function classCountQuery(titles: readonly string[]): string {
  return `resources[title, count()] { type = "Class" and title in ${pqlArray(titles)} group by title }`;
}

function targetKey(target: CountTarget): string {
  switch (target.kind) {
    case 'class':
      return `Class[${normaliseClassTitle(target.name)}]`;
    case 'define':
      return `define:${normaliseType(target.name) ?? target.name}`;
    case 'node':
      return `node:${[...target.certnames].sort().join(',')}`;
  }
}

function countOf(rows: ReadonlyArray<Record<string, unknown>>, field: string, value: string) {
  const row = rows.find((candidate) => candidate[field] === value);
  return typeof row?.count === 'number' ? row.count : 0;
}

/** A PQL array of strings; JSON's string escapes are PQL's. */
function pqlArray(values: readonly string[]): string {
  return `[${values.map((value) => JSON.stringify(value)).join(', ')}]`;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
