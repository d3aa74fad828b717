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
import { WebviewPanels } from './ids';
import { createPanel } from './webviews/webviewHtml';
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
  /**
   * Rebuilds a panel of `entry` from `state` as if VS Code revived it after a window reload with
   * the state its webview saved (tests hand it forged states this way).
   */
  revivePanel(entry: WebviewEntry, state: unknown): Promise<void>;
  /**
   * The id of the newest open panel of `entry`, once its webview was given it (and keeps it for
   * a window reload).
   */
  panelId(entry: WebviewEntry): string | undefined;
}

/** Set by activate(): deactivate() tells it the panels closed by the shutdown come back. */
let keepPanelRecords: (() => void) | undefined;

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
  const serializers = registerPanelSerializers(
    log,
    services.panelRecords,
    Object.assign({}, ...features.map((feature) => feature.revivers)),
  );
  keepPanelRecords = () => services.panelRecords.keepAll();
  context.subscriptions.push(
    log,
    services,
    ...registerCommands(services),
    ...features.flatMap((feature) => feature.disposables),
    ...serializers.disposables,
  );
  if (context.extensionMode !== vscode.ExtensionMode.Test) return undefined;
  return {
    services,
    activationMs: performance.now() - started,
    pqlResults: () => ResultsPanel.state(),
    receiveFromWebview: async (entry, message) => WebviewPanelHost.newest(entry)?.receive(message),
    testing: testingApi(services),
    revivePanel: (entry, state) =>
      serializers.revive(
        entry,
        createPanel(services.extensionUri, WebviewPanels[entry], entry),
        state,
      ),
    panelId: (entry) => {
      const host = WebviewPanelHost.newest(entry);
      return host?.webviewHasId ? host.panelId : undefined;
    },
  };
}

export function deactivate(): void {
  // VS Code calls this before it disposes context.subscriptions, which closes every panel: those
  // panels come back after a window reload, so their records must stay
  keepPanelRecords?.();
  // every service is disposed through context.subscriptions
}
