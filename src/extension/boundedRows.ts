/**
 * Every list the extension reads from PuppetDB stops at a cap: a server that streams an endless
 * array of small records (a broken proxy, a hostile server) must not fill the extension host's
 * memory. The caps are the settings where one applies (`pql.maxRows`, `events.maxEvents`), the
 * `limit` a request asked for, or MAX_LIST_ROWS; where a reader stops early, the user is told
 * "truncated at N" (truncationNotice.ts). Pure, without vscode: the fleet counts and the overview
 * queries read through it in plain Node tests too.
 */

/**
 * The most rows of one answer to the extension's own questions: at most a row per node of the
 * fleet, or per distinct name in it (package, fact name, fact path, environment, resource type
 * or title, manifest file), or per resource of one catalog. Twice the largest fleet the extension
 * is measured against (bench:tree's 50,000 nodes); at a few hundred bytes a row, it holds tens of
 * MB while it is read. An answer past it is cut there and says so.
 */
export const MAX_LIST_ROWS = 100_000;

/**
 * The most items a tree folder without pages lists (environments, fact names, a node's resources,
 * a report's events): the view is sent every item at once, and a person reads no longer list
 * (the folders that can hold more, nodes, facts, reports and packages, come a page at a time).
 */
export const MAX_TREE_ITEMS = 10_000;

/** Anything that yields rows as they are decoded: the client's RecordStream (`batches()`). */
export interface RowBatches<T> {
  batches(): AsyncIterable<readonly T[]>;
}

export interface BoundedRows<T> {
  rows: T[];
  /** The cap, when the answer had more rows than it (the rest was not read). */
  truncatedAt: number | undefined;
}

/**
 * At most `max` rows of `source`. Leaving the loop early ends the request (the client discards
 * the rest of the body), so nothing past the cap is held, nor even read.
 */
export async function readAtMost<T>(source: RowBatches<T>, max: number): Promise<BoundedRows<T>> {
  const rows: T[] = [];
  for await (const batch of source.batches()) {
    const room = max - rows.length;
    const taken = Math.min(room, batch.length);
    for (let index = 0; index < taken; index++) rows.push(batch[index]!);
    if (batch.length > room) return { rows, truncatedAt: max };
  }
  return { rows, truncatedAt: undefined };
}

/** An answer the extension needs whole was longer than it reads (readWhole). */
export class AnswerTooLongError extends Error {
  constructor(
    what: string,
    readonly max: number,
  ) {
    super(
      `${what}: PuppetDB sent more than ${max.toLocaleString('en-US')} rows, the most the extension reads for it; the rest was not read.`,
    );
    this.name = 'AnswerTooLongError';
  }
}

/**
 * Every row of `source`, for a question whose answer cut short would be wrong (a group's members,
 * its counts): past `max` rows it fails with AnswerTooLongError, naming `what`, instead of
 * answering from part of it; nothing past the cap is read.
 */
export async function readWhole<T>(source: RowBatches<T>, max: number, what: string): Promise<T[]> {
  const { rows, truncatedAt } = await readAtMost(source, max);
  if (truncatedAt !== undefined) throw new AnswerTooLongError(what, truncatedAt);
  return rows;
}
