import type { ResultsToHost } from '../../shared/protocol';

/** Which columns of which entity link elsewhere, and the message each link sends. */
export function linkColumns(entity: string | undefined): Set<string> {
  // `file` (with `line`) of resources and events: the manifest that declared it
  const columns = new Set(['certname', 'file']);
  if (entity === 'events') columns.add('report');
  if (entity === 'reports') columns.add('hash');
  if (entity === 'nodes') columns.add('latest_report_hash');
  return columns;
}

export function linkMessage(
  entity: string | undefined,
  column: string,
  value: string,
  at: { runId: number; row: number },
): ResultsToHost | undefined {
  // the host reads the row's file and line itself: the webview only says which row
  if (column === 'file') return { type: 'openManifest', ...at };
  // the row goes too: on a run on several connections, the host opens it on the row's connection
  if (column === 'certname') {
    return entity === 'catalogs'
      ? { type: 'openCatalog', certname: value, ...at }
      : { type: 'openNode', certname: value, ...at };
  }
  if (column === 'report' || column === 'hash' || column === 'latest_report_hash') {
    return { type: 'openEvents', reportHash: value, ...at };
  }
  return undefined;
}
