import type * as vscode from 'vscode';
import type { Services } from '../services';
import type { ConnectionSettings } from '../settings';
import { splitQueries } from '../pql/language/querySplitter';

/** Where a cell's connection comes from, for the message when it does not exist. */
export type ConnectionSource = 'line' | 'cell' | 'notebook' | 'active';

export interface CellConnection {
  connection: ConnectionSettings | undefined;
  /** What names it, and the name as written (the active connection's name for `active`). */
  source: ConnectionSource;
  name: string | undefined;
}

/**
 * The connection a PQL cell runs on: a `# @connection` line in the cell, else the cell's
 * `connection`, else the notebook's, else the active one of the status bar. A name that is not
 * one of the user's connections resolves to none: the cell fails, it never runs elsewhere.
 */
export function cellConnection(services: Services, cell: vscode.NotebookCell): CellConnection {
  const line = splitQueries(cell.document.getText()).find((query) => query.connection)?.connection;
  const named: Array<[ConnectionSource, unknown]> = [
    ['line', line],
    ['cell', cell.metadata?.connection],
    ['notebook', cell.notebook.metadata?.connection],
  ];
  for (const [source, name] of named) {
    if (typeof name !== 'string' || name.trim() === '') continue;
    const wanted = name.trim().toLowerCase();
    const connection = services.store
      .list()
      .find((item) => item.name.toLowerCase() === wanted || item.id.toLowerCase() === wanted);
    return { connection, source, name };
  }
  const active = services.statusBar.activeConnectionId;
  const connection = services.store.list().find((item) => item.id === active);
  return { connection, source: 'active', name: connection?.name };
}
