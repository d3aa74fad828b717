import { performance } from 'node:perf_hooks';
import type * as vscode from 'vscode';
import { registerCommands } from './commands/registerCommands';
import { Services } from './services';

/** What activate() hands to integration tests: the live services, not a test double. */
export interface ExtensionApi {
  services: Services;
  /** How long activate() itself took (npm run bench:tree prints it). */
  activationMs: number;
}

export function activate(context: vscode.ExtensionContext): ExtensionApi {
  const started = performance.now();
  const services = new Services(context);
  context.subscriptions.push(services, ...registerCommands(services));
  return { services, activationMs: performance.now() - started };
}

export function deactivate(): void {
  // every service is disposed through context.subscriptions
}
