import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { registerCommands } from './commands/registerCommands';
import { registerCatalogGraph } from './graph/catalogGraphFeature';
import type { ResultsSnapshot } from '../shared/protocol';
import { registerPql } from './pql/pqlFeature';
import { ResultsPanel } from './pql/resultsPanel';
import { registerReportViews } from './reports/reportViewsFeature';
import { Services } from './services';
import { registerPanelSerializers } from './webviews/panelSerializers';

/** What activate() hands to integration tests: the live services, not a test double. */
export interface ExtensionApi {
  services: Services;
  /** How long activate() itself took (npm run bench:tree prints it). */
  activationMs: number;
  /** The PQL results panel's state, if it is open. */
  pqlResults(): ResultsSnapshot | undefined;
}

export function activate(context: vscode.ExtensionContext): ExtensionApi {
  const started = performance.now();
  const log = vscode.window.createOutputChannel('PuppetDB Explorer', { log: true });
  const services = new Services(context, log);
  const features = [
    registerPql(services),
    registerCatalogGraph(services),
    registerReportViews(services),
  ];
  context.subscriptions.push(
    log,
    services,
    ...registerCommands(services),
    ...features.flatMap((feature) => feature.disposables),
    ...registerPanelSerializers(Object.assign({}, ...features.map((feature) => feature.revivers))),
  );
  return {
    services,
    activationMs: performance.now() - started,
    pqlResults: () => ResultsPanel.state(),
  };
}

export function deactivate(): void {
  // every service is disposed through context.subscriptions
}
