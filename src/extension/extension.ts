import type * as vscode from 'vscode';
import { registerCommands } from './commands/registerCommands';
import { Services } from './services';

/** What activate() hands to integration tests: the live services, not a test double. */
export interface ExtensionApi {
  services: Services;
}

export function activate(context: vscode.ExtensionContext): ExtensionApi {
  const services = new Services(context);
  context.subscriptions.push(services, ...registerCommands(services));
  return { services };
}

export function deactivate(): void {
  // every service is disposed through context.subscriptions
}
