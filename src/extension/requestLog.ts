import type * as vscode from 'vscode';
import type { RequestEvent } from '../client';
import { causeChain } from './errorText';
import type { ConnectionSettings } from './settings';

/**
 * One line in the log per HTTP request the client made: debug for answers, a warning when the
 * client fails over to the next server or sends a query again on a new connection, an error
 * (with its causes) for failures, info for a cancellation. The client's events hold no header,
 * credential or body, so neither does the log.
 */
export function logRequest(
  log: vscode.LogOutputChannel,
  connection: Pick<ConnectionSettings, 'name'>,
  event: RequestEvent,
): void {
  const line = `${connection.name}: ${event.method} ${event.url} → ${describeOutcome(event)}`;
  if (!event.error) log.debug(line);
  else if (event.error.name === 'RequestAbortedError') log.info(`${line} (cancelled)`);
  else if (event.failingOver) log.warn(`${line}; trying the next server`);
  else if (event.resending) log.warn(`${line}; sending it again on a new connection`);
  else log.error(`${line}\n  ${causeChain(event.error)}`);
}

function describeOutcome(event: RequestEvent): string {
  const parts = [
    event.status === undefined ? 'no answer' : String(event.status),
    `${formatBytes(event.bytes)}`,
    `${Math.round(event.ms)} ms`,
    ...(event.rows === undefined ? [] : [`${event.rows} rows`]),
    `from ${event.server}`,
  ];
  return parts.join(', ');
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
