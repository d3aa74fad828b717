import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { registerCommands } from './commands/registerCommands';
import { registerCode } from './code/codeFeature';
import { registerFactExplorer } from './factExplorer/factExplorerFeature';
import { registerFleet } from './fleet/fleetFeature';
import { registerCatalogGraph } from './graph/catalogGraphFeature';
import { registerOverview } from './overview/overviewFeature';
import type { ResultsSnapshot, WebviewEntry } from '../shared/protocol';
import { registerInventory } from './inventory/inventoryFeature';
import { registerPql } from './pql/pqlFeature';
import { ResultsPanel } from './pql/resultsPanel';
import { registerReportViews } from './reports/reportViewsFeature';
import { registerFleetRuns } from './runs/fleetRunsFeature';
import { Services } from './services';
import { testingApi, type TestingApi } from './testingApi';
import { registerPanelSerializers } from './webviews/panelSerializers';
import { WebviewPanelHost, type Receipt } from './webviews/webviewPanelHost';

/**
 * What activate() hands to the extension's own tests and benchmarks: the live services, not a
 * test double. Only while VS Code runs them (`ExtensionMode.Test`: an extension host started
 * with extensionTestsPath); any other extension could read it, and the services hold the user's
 * connections and secrets, so otherwise activate() hands out nothing.
 */
export interface ExtensionApi {
  services: Services;
  /** How long activate() itself took (npm run bench:tree prints it). */
  activationMs: number;
  /** The PQL results panel's state, if it is open. */
  pqlResults(): ResultsSnapshot | undefined;
  /**
   * Hands `message` to the newest open panel of `entry` exactly as if its webview had posted it
   * (tests post hostile input this way); undefined when no such panel is open.
   */
  receiveFromWebview(entry: WebviewEntry, message: unknown): Promise<Receipt | undefined>;
  /** What tests and benchmarks may do that no command argument may (see testingApi.ts). */
  testing: TestingApi;
}

export function activate(context: vscode.ExtensionContext): ExtensionApi | undefined {
  const started = performance.now();
  const log = vscode.window.createOutputChannel('PuppetDB Explorer', { log: true });
  const services = new Services(context, log);
  const features = [
    registerPql(services),
    registerCatalogGraph(services),
    registerReportViews(services),
    registerFleet(services),
    registerInventory(services),
    registerCode(services),
    registerOverview(services),
    registerFleetRuns(services),
    registerFactExplorer(services),
  ];
  context.subscriptions.push(
    log,
    services,
    ...registerCommands(services),
    ...features.flatMap((feature) => feature.disposables),
    ...registerPanelSerializers(
      log,
      Object.assign({}, ...features.map((feature) => feature.revivers)),
    ),
  );
  if (context.extensionMode !== vscode.ExtensionMode.Test) return undefined;
  return {
    services,
    activationMs: performance.now() - started,
    pqlResults: () => ResultsPanel.state(),
    receiveFromWebview: async (entry, message) => WebviewPanelHost.newest(entry)?.receive(message),
    testing: testingApi(services),
  };
}

export function deactivate(): void {
  // every service is disposed through context.subscriptions
}
