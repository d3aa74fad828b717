import * as vscode from 'vscode';
import type { ErrorReporter } from '../errors';

/**
 * Registers a command whose failures are logged and shown with their actions (Retry, Edit
 * Connection, Show Log) and give an `undefined` result instead of an unhandled rejection: every
 * command of the extension goes through here.
 */
export function registerGuardedCommand<A extends unknown[], R>(
  errors: ErrorReporter,
  id: string,
  handler: (...args: A) => R | Promise<R>,
): vscode.Disposable {
  return vscode.commands.registerCommand(id, guarded(errors, `Command ${id}`, handler));
}

/**
 * `handler` with the commands' handling of failures: logged and shown (with their actions) as
 * `what`, and answered `undefined`. The test API's entry points fail the same way.
 */
export function guarded<A extends unknown[], R>(
  errors: ErrorReporter,
  what: string,
  handler: (...args: A) => R | Promise<R>,
): (...args: A) => Promise<R | undefined> {
  const run = async (...args: A): Promise<R | undefined> => {
    try {
      return await handler(...args);
    } catch (error) {
      void errors.show(what, error, {
        connectionId: connectionIdOf(args[0]),
        retry: () => run(...args),
      });
      return undefined;
    }
  };
  return run;
}

/** The connection a command was run for, when its argument says (a tree node or a target). */
function connectionIdOf(argument: unknown): string | undefined {
  const { connectionId, connection } = (argument ?? {}) as {
    connectionId?: unknown;
    connection?: { id?: unknown };
  };
  if (typeof connectionId === 'string') return connectionId;
  return typeof connection?.id === 'string' ? connection.id : undefined;
}
