import type { Services } from '../services';
import type { ConnectionSettings } from '../settings';

export interface ResolvedConnection {
  connection: ConnectionSettings | undefined;
  problem: string | undefined;
  /** The query names a connection, which is only followed once the workspace is trusted. */
  needsTrust?: boolean;
}

/**
 * The connection a query runs on: the one its `# @connection` line names (by name or id,
 * case-insensitive), else the active one of the status bar. In Restricted Mode a
 * `# @connection` line is not followed: a file of an untrusted workspace must not choose which
 * of the user's PuppetDBs (and credentials) its text goes to; nor is the active connection
 * used instead, since the file asked for another.
 */
export function resolveConnection(
  services: Services,
  hint: string | undefined,
): ResolvedConnection {
  const connections = services.store.list();
  if (hint) {
    if (!services.trust.isTrusted) {
      return {
        connection: undefined,
        problem: `Restricted Mode: "# @connection ${hint}" is not followed until you trust this workspace.`,
        needsTrust: true,
      };
    }
    const wanted = hint.toLowerCase();
    const named = connections.find(
      (item) => item.name.toLowerCase() === wanted || item.id.toLowerCase() === wanted,
    );
    if (named) return { connection: named, problem: undefined };
    return {
      connection: undefined,
      problem: `No PuppetDB connection is named "${hint}" (see the "# @connection" line).`,
    };
  }
  const active = services.statusBar.activeConnectionId;
  const connection = connections.find((item) => item.id === active);
  return {
    connection,
    problem: connection ? undefined : 'No PuppetDB connection yet: add one first.',
  };
}
