/**
 * Two reports compared (one node's two runs, or one run on two nodes): their events, logs and
 * metrics in one request, then compareRuns (src/shared/history). Without vscode.
 */
import type { PuppetDB } from '../../client';
import { compareRuns, type RunComparison } from '../../shared/history';
import { runDetails } from './historyQueries';

export async function compareReports(
  client: PuppetDB,
  hashA: string,
  hashB: string,
  signal?: AbortSignal,
): Promise<RunComparison> {
  const details = await runDetails(client, [hashA, hashB], signal);
  const a = details.get(hashA);
  const b = details.get(hashB);
  if (!a) throw new Error(`PuppetDB has no report ${hashA}.`);
  if (!b) throw new Error(`PuppetDB has no report ${hashB}.`);
  return compareRuns(a, b);
}
