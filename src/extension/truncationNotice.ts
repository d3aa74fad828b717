/**
 * "Truncated at N": what the user is told when a read stopped at its cap (boundedRows.ts), once
 * while the message is on screen, however often a lens or a folder reads again.
 */
import * as vscode from 'vscode';
import { readAtMost, type BoundedRows, type RowBatches } from './boundedRows';

/**
 * At most `max` rows of `source`; past them, the user is told that `what` (words of ours, such
 * as "The node list") is truncated at `max`.
 */
export async function collectAtMost<T>(
  source: RowBatches<T>,
  max: number,
  what: string,
): Promise<BoundedRows<T>> {
  const read = await readAtMost(source, max);
  if (read.truncatedAt !== undefined) noteTruncated(what, read.truncatedAt);
  return read;
}

/** The rows alone, for readers that show no more of the cut than the message. */
export async function rowsAtMost<T>(
  source: RowBatches<T>,
  max: number,
  what: string,
): Promise<T[]> {
  return (await collectAtMost(source, max, what)).rows;
}

/** The messages on screen now. */
const showing = new Set<string>();

/** Tells the user that `what` stopped at `max` rows. */
export function noteTruncated(what: string, max: number): void {
  const message = vscode.l10n.t(
    '{0}: truncated at {1} rows. PuppetDB sent more than that; the rest was not read.',
    what,
    max.toLocaleString('en-US'),
  );
  if (showing.has(message)) return;
  showing.add(message);
  void Promise.resolve(vscode.window.showWarningMessage(message)).finally(() =>
    showing.delete(message),
  );
}

/**
 * One page of a paged list (`limit` rows asked for, `includeTotal`): at most `limit` rows, and
 * the total PuppetDB gave. A server that sends more than the page asked for is cut at it.
 */
export async function pageAtMost<T>(
  stream: RowBatches<T> & { readonly total: number | undefined },
  limit: number,
  what: string,
): Promise<{ records: T[]; total: number | undefined }> {
  const { rows } = await collectAtMost(stream, limit, what);
  return { records: rows, total: stream.total };
}
