import type { Services } from '../services';
import type { ConnectionSettings } from '../settings';

/**
 * The connection a query runs on: the one its `# @connection` line names (by name or id,
 * case-insensitive), else the active one of the status bar.
 */
export function resolveConnection(
  services: Services,
  hint: string | undefined,
): { connection: ConnectionSettings | undefined; problem: string | undefined } {
  const connections = services.store.list();
  if (hint) {
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
