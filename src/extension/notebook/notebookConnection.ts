import type * as vscode from 'vscode';
import type { Services } from '../services';
import type { ConnectionSettings } from '../settings';
import { splitQueries } from '../pql/language/querySplitter';

/** Where a cell's connection comes from, for the message when it does not exist. */
export type ConnectionSource = 'line' | 'cell' | 'notebook' | 'active';

export interface CellConnection {
  connection: ConnectionSettings | undefined;
  /**
   * A `# @connection` line naming several connections (`# @connection east, west`): each of
   * them, when every name is one of the user's connections (the run merges their rows).
   */
  connections?: ConnectionSettings[];
  /** What names it, and the name as written (the active connection's name for `active`). */
  source: ConnectionSource;
  name: string | undefined;
}

/** The connection of that name (or id, in any case), if the user has one. */
function connectionNamed(services: Services, name: string): ConnectionSettings | undefined {
  const wanted = name.trim().toLowerCase();
  return services.store
    .list()
    .find((item) => item.name.toLowerCase() === wanted || item.id.toLowerCase() === wanted);
}

/**
 * The connection a PQL cell runs on: a `# @connection` line in the cell, else the cell's
 * `connection`, else the notebook's, else the active one of the status bar. A name that is not
 * one of the user's connections resolves to none: the cell fails, it never runs elsewhere. A
 * `# @connection` line may name several, separated by commas: the cell runs on each of them.
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
    const connection = connectionNamed(services, name);
    if (connection || source !== 'line' || !name.includes(',')) return { connection, source, name };
    // several names: every one must be a connection, or the cell names the first that is none
    const names = name
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const connections = names.map((part) => connectionNamed(services, part));
    const unknown = names.find((_, index) => !connections[index]);
    if (unknown !== undefined) return { connection: undefined, source, name: unknown };
    const found = connections as ConnectionSettings[];
    return { connection: found[0], connections: found, source, name };
  }
  const active = services.statusBar.activeConnectionId;
  const connection = services.store.list().find((item) => item.id === active);
  return { connection, source: 'active', name: connection?.name };
}
