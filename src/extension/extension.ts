// first: it marks when the bundle began to run
import { bundleStarted } from './bundleStart';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { registerCommands } from './commands/registerCommands';
import { registerCode } from './code/codeFeature';
import { registerFleet } from './fleet/fleetFeature';
import { blastRadiusPanels } from './blastRadius/blastRadiusPanel';
import { compareRunsPanels } from './compareRuns/compareRunsPanel';
import { factExplorerPanels } from './factExplorer/factExplorerPanel';
import { catalogGraphPanels, type GraphPanelState } from './graph/catalogGraphPanel';
import { overviewPanels } from './overview/overviewPanel';
import type { DateStyle } from '../shared/dateFormat';
import type { ResultsSnapshot, WebviewEntry } from '../shared/protocol';
import { registerPackages } from './packages/packagesFeature';
import { inventoryPanels } from './inventory/inventoryPanel';
import { registerNotebooks } from './notebook/notebookFeature';
import { openQueryAsNotebook } from './notebook/openAsNotebook';
import { registerPql } from './pql/pqlFeature';
import { registerQueryLibrary, type QueryLibraryApi } from './queryLibrary/queryLibraryFeature';
import { resultsPanels } from './pql/resultsPanel';
import { eventsPanels } from './reports/eventsPanel';
import { reportPanels } from './reports/reportPanel';
import { registerHiera } from './hiera/hieraFeature';
import { WhyFailingDocuments } from './history/whyFailingDocuments';
import { registerPeers } from './peers/peersFeature';
import { registerBlastRadius } from './blastRadius/blastRadiusFeature';
import { BlastRadiusEngine } from './blastRadius/computeBlastRadius';
import { blastRadiusApi, type BlastRadiusApi } from './blastRadius/blastRadiusApi';
import { registerFleetRuns } from './runs/fleetRunsFeature';
import { recentRunsPanels } from './runs/recentRunsPanel';
import { Services } from './services';
import type { BundleLoading, Loaded, Startup } from './startup/handover';
import { testingApi, type TestingApi } from './testingApi';
import { registerPanels } from './webviews/definePanel';
import { connectionsOverviewPanels } from './connectionsOverview/connectionsOverviewPanel';
import { WebviewPanels } from './ids';
import { createPanel } from './webviews/webviewHtml';
import type { Receipt } from './webviews/webviewPanelHost';

/**
 * What activate() hands to the extension's own tests and benchmarks: the live services, not a
 * test double. Only while VS Code runs them (`ExtensionMode.Test`: an extension host started
 * with extensionTestsPath); any other extension could read it, and the services hold the user's
 * connections and secrets, so otherwise activate() hands out nothing.
 */
export interface ExtensionApi {
  services: Services;
  /** How long the extension's start() took, its bundle loaded (npm run bench:tree prints it). */
  activationMs: number;
  /** The PQL results panel's state, if it is open. */
  pqlResults(): ResultsSnapshot | undefined;
  /** The state of each catalog graph panel open now (what its webview last reported drawing). */
  graphPanels(): GraphPanelState[];
  /**
   * Hands `message` to the newest open panel of `entry` exactly as if its webview had posted it,
   * once the page shows that panel's subject (a preview's page told to start over has said so):
   * tests post hostile input this way; undefined when no such panel is open.
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
  /** The date style the newest open panel of `entry` last gave its webview, if any. */
  dateStyleShown(entry: WebviewEntry): DateStyle | undefined;
  /** The blast radius engine and what its status bar item shows. */
  blastRadius: BlastRadiusApi;
  /** The Queries view's items, and Import Puppetboard Presets from a file the test names. */
  queries: QueryLibraryApi;
}

/** When every module of the bundle had run (this one is the last). */
const bundleLoaded = performance.now();

/**
 * Registers everything the startup shell (startup/startupShell.ts) did not, when something first
 * needs the extension; it answers for the panel serializers the shell keeps.
 */
export function start(
  context: vscode.ExtensionContext,
  { log, loading, wokenBy }: Startup,
): Loaded<ExtensionApi> {
  const started = performance.now();
  const services = new Services(context, log);
  const whyFailingDocuments = new WhyFailingDocuments(services);
  const hiera = registerHiera(services);
  // one blast radius engine (its cache, its request count) for the view, the lenses and the
  // status bar; a changed Hiera data file reaches the nodes whose hierarchy reads it
  const blastRadiusEngine = new BlastRadiusEngine(services, hiera.certnamesReading);
  // every view's panels, from its definition: one panel per key, revived after a reload
  const views = registerPanels(services, {
    results: resultsPanels(),
    graph: catalogGraphPanels(services),
    events: eventsPanels(services),
    report: reportPanels(services),
    inventory: inventoryPanels(services),
    overview: overviewPanels(services),
    runs: recentRunsPanels(),
    factExplorer: factExplorerPanels(services),
    compareRuns: compareRunsPanels(services, whyFailingDocuments),
    blastRadius: blastRadiusPanels(blastRadiusEngine),
    connectionsOverview: connectionsOverviewPanels(),
  });
  const { panels } = views;
  const features = [
    registerNotebooks(services),
    registerPql(services, panels.results, openQueryAsNotebook),
    registerFleet(services),
    registerPackages(services),
    registerCode(services),
    registerFleetRuns(services),
    registerPeers(services),
  ];
  const blastRadius = registerBlastRadius(services, blastRadiusEngine);
  const queryLibrary = registerQueryLibrary(services);
  features.push(hiera, blastRadius, queryLibrary);
  context.subscriptions.push(
    services,
    whyFailingDocuments,
    ...registerCommands(services),
    ...features.flatMap((feature) => feature.disposables),
    ...views.disposables,
  );
  const activationMs = performance.now() - started;
  log.info(loadLine(wokenBy, bundleLoaded - bundleStarted, activationMs, loading));
  return {
    api: context.extensionMode === vscode.ExtensionMode.Test ? api() : undefined,
    revivePanel: views.revive,
    deactivate: () => views.records.keepAll(),
  };

  function api(): ExtensionApi {
    return {
      services,
      activationMs,
      pqlResults: () => panels.results.newest()?.results(),
      receiveFromWebview: async (entry, message) => {
        const host = panels[entry].newest();
        // as the page posts it once it shows this host's subject (a preview's page may be renewing)
        await host?.pageIsOurs;
        return host?.receive(message);
      },
      graphPanels: () => panels.graph.all().map((panel) => panel.state()),
      testing: testingApi(services),
      revivePanel: (entry, state) =>
        views.revive(entry, createPanel(services.extensionUri, WebviewPanels[entry], entry), state),
      panelId: (entry) => {
        const host = panels[entry].newest();
        return host?.webviewHasId ? host.panelId : undefined;
      },
      dateStyleShown: (entry) => panels[entry].newest()?.dateStyleShown,
      blastRadius: blastRadiusApi(blastRadiusEngine, blastRadius.statusBar),
      queries: queryLibrary.api,
    };
  }
}

/** What the log says of the extension's load (issue 35: measured in a real host at each start). */
function loadLine(
  wokenBy: string,
  modulesMs: number,
  startMs: number,
  loading?: BundleLoading,
): string {
  const ms = (value: number) => value.toFixed(1);
  if (!loading) {
    return (
      `Loaded for ${wokenBy} in ${ms(modulesMs + startMs)} ms: the bundle's modules ran in ` +
      `${ms(modulesMs)} ms, start() took ${ms(startMs)} ms`
    );
  }
  const how = loading.fromCache ? 'from its code cache' : 'compiled; its code cache is kept';
  return (
    `Loaded for ${wokenBy} in ${ms(loading.ms + startMs)} ms: its code loaded in ` +
    `${ms(loading.ms - modulesMs)} ms (${how}), its modules ran in ${ms(modulesMs)} ms, ` +
    `start() took ${ms(startMs)} ms`
  );
}
