/**
 * What the extension's tests and benchmarks may do that no command argument may: add a
 * connection with its secrets without the confirmation a command's argument needs, import from
 * files they name, export to a file they name. The API exists only when VS Code runs the
 * extension's tests (`ExtensionMode.Test`: an extension host started with extensionTestsPath,
 * as test/vscode/runInVsCode.ts and the benchmarks do); for a user it is undefined.
 */
import * as vscode from 'vscode';
import { addConnection } from './commands/registerCommands';
import { importConnections, importPathsOf, vetPrefilled } from './commands/connectionCommands';
import { guarded } from './commands/registerGuardedCommand';
import {
  findPackages,
  type FindPackagesResult,
  type FindPackagesTarget,
} from './packages/findPackages';
import type { ClientToolsPaths } from './connections/puppetdbConf';
import type { Services } from './services';

export interface TestingApi {
  /**
   * Add Connection given `{ connection, secrets?, auth? }`: checked as the form checks what a
   * user types, the clear-text question asked; the id, or undefined (declined, or refused and
   * said, as a command's failure is).
   */
  addConnection(prefilled: unknown): Promise<string | undefined>;
  /** Import Connections from these files: a puppetdb.conf read instead of the user's, or all three. */
  importConnections(paths: string | Partial<ClientToolsPaths>): Promise<string[] | undefined>;
  /** Find Packages told everything, the CSV of the nodes written to `exportTo` (a file path). */
  findPackages(
    target: FindPackagesTarget,
    exportTo: string,
  ): Promise<FindPackagesResult | undefined>;
}

export function testingApi(services: Services): TestingApi {
  const { errors, store } = services;
  return {
    addConnection: guarded(errors, 'Test API: add connection', async (prefilled: unknown) => {
      const result = await vetPrefilled(store, prefilled);
      return result && addConnection(services, result);
    }),
    importConnections: guarded(
      errors,
      'Test API: import connections',
      (paths: string | Partial<ClientToolsPaths>) => importConnections(store, importPathsOf(paths)),
    ),
    findPackages: guarded(
      errors,
      'Test API: find packages',
      (target: FindPackagesTarget, exportTo: string) =>
        findPackages(services, target, vscode.Uri.file(exportTo)),
    ),
  };
}
