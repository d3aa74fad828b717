/** Every command, view and context ID the extension contributes; package.json must match (test/unit/manifest.test.ts). */
export const Commands = {
  addConnection: 'puppetdbExplorer.addConnection',
  editConnection: 'puppetdbExplorer.editConnection',
  renameConnection: 'puppetdbExplorer.renameConnection',
  removeConnection: 'puppetdbExplorer.removeConnection',
  testConnection: 'puppetdbExplorer.testConnection',
  importConnections: 'puppetdbExplorer.importConnections',
  switchConnection: 'puppetdbExplorer.switchConnection',
  refresh: 'puppetdbExplorer.refresh',
  loadMore: 'puppetdbExplorer.loadMore',
  retry: 'puppetdbExplorer.retry',
  filterNodes: 'puppetdbExplorer.filterNodes',
  clearNodeFilter: 'puppetdbExplorer.clearNodeFilter',
  copyCertname: 'puppetdbExplorer.copyCertname',
  copyValue: 'puppetdbExplorer.copyValue',
  openAsJson: 'puppetdbExplorer.openAsJson',
  deactivateNode: 'puppetdbExplorer.deactivateNode',
  runQuery: 'puppetdbExplorer.runQuery',
  runQueryOnSeveral: 'puppetdbExplorer.runQueryOnSeveral',
  newQuery: 'puppetdbExplorer.newQuery',
  showQueryHistory: 'puppetdbExplorer.showQueryHistory',
  revealNode: 'puppetdbExplorer.revealNode',
  openCatalogGraph: 'puppetdbExplorer.openCatalogGraph',
  openEvents: 'puppetdbExplorer.openEvents',
  openReport: 'puppetdbExplorer.openReport',
  findNodesWithResource: 'puppetdbExplorer.findNodesWithResource',
  openManifest: 'puppetdbExplorer.openManifest',
  showNodesApplying: 'puppetdbExplorer.showNodesApplying',
  showEventsForLine: 'puppetdbExplorer.showEventsForLine',
  showLog: 'puppetdbExplorer.showLog',
  openInventory: 'puppetdbExplorer.openInventory',
  findPackages: 'puppetdbExplorer.findPackages',
  openOverview: 'puppetdbExplorer.openOverview',
  openConnectionsOverview: 'puppetdbExplorer.openConnectionsOverview',
  showRecentRuns: 'puppetdbExplorer.showRecentRuns',
  showFleetEvents: 'puppetdbExplorer.showFleetEvents',
  exploreFact: 'puppetdbExplorer.exploreFact',
  showEnvironment: 'puppetdbExplorer.showEnvironment',
  whyFailing: 'puppetdbExplorer.whyFailing',
  compareRuns: 'puppetdbExplorer.compareRuns',
  compareWithPreviousRun: 'puppetdbExplorer.compareWithPreviousRun',
  whyResourceFailing: 'puppetdbExplorer.whyResourceFailing',
  comparePeers: 'puppetdbExplorer.comparePeers',
  rankPeers: 'puppetdbExplorer.rankPeers',
  showBlastRadius: 'puppetdbExplorer.showBlastRadius',
  showHieraReaders: 'puppetdbExplorer.showHieraReaders',
  lookUpKeyAcrossFleet: 'puppetdbExplorer.lookUpKeyAcrossFleet',
  hieraLookupOrder: 'puppetdbExplorer.hieraLookupOrder',
  lookUpKeyOnNode: 'puppetdbExplorer.lookUpKeyOnNode',
  openAsNotebook: 'puppetdbExplorer.openAsNotebook',
  exportCellResult: 'puppetdbExplorer.exportCellResult',
  exportNotebookMarkdown: 'puppetdbExplorer.exportNotebookMarkdown',
  runSavedQuery: 'puppetdbExplorer.runSavedQuery',
  openSavedQuery: 'puppetdbExplorer.openSavedQuery',
  copySavedQuery: 'puppetdbExplorer.copySavedQuery',
  addToQueryLibrary: 'puppetdbExplorer.addToQueryLibrary',
  removeFromQueryLibrary: 'puppetdbExplorer.removeFromQueryLibrary',
  importQueryPresets: 'puppetdbExplorer.importQueryPresets',
  refreshQueries: 'puppetdbExplorer.refreshQueries',
  keepView: 'puppetdbExplorer.keepView',
} as const;

export const Views = {
  container: 'puppetdbExplorer',
  explorer: 'puppetdbExplorer.explorer',
  /** The query library: the workspace's queries, the user's library, the starter queries. */
  queries: 'puppetdbExplorer.queries',
} as const;

/** The tree views of the container, in its order (`Views.container` itself is no view). */
export const TreeViews = [Views.explorer, Views.queries] as const;

/** `contextValue`s of tree items, used in package.json menus as `viewItem == …`. */
export const ContextValues = {
  connection: 'connection',
  nodesFolder: 'nodesFolder',
  node: 'node',
  fact: 'fact',
  resource: 'resource',
  report: 'report',
  loadMore: 'loadMore',
  error: 'error',
  /** An error item whose fix is likely in the connection's settings (it offers Edit Connection). */
  connectionError: 'connectionError',
  /** The Queries view: a workspace `.pql` file, a `.pqlbook` notebook, a library or starter query. */
  queryFile: 'queryFile',
  queryNotebook: 'queryNotebook',
  libraryQuery: 'libraryQuery',
  starterQuery: 'starterQuery',
  /** The Queries view's "My Library" section (Import Puppetboard Presets…). */
  librarySection: 'librarySection',
} as const;

/**
 * Context keys the extension sets (`setContext`), read by package.json's `when` clauses and the
 * walkthrough's `onContext:` completion events.
 */
export const Contexts = {
  /** At least one usable connection: commands that need a PuppetDB show in the palette. */
  hasConnections: 'puppetdbExplorer.hasConnections',
  /** A Puppet node was expanded in the explorer this session (the walkthrough's "browse" step). */
  nodeBrowsed: 'puppetdbExplorer.nodeBrowsed',
  /** The active panel is a preview (a report, a graph…): its title bar offers Keep Open. */
  previewViewActive: 'puppetdbExplorer.previewViewActive',
} as const;

/** View types of the webview panels (also their serializers' keys). */
export const WebviewPanels = {
  results: 'puppetdbExplorer.results',
  graph: 'puppetdbExplorer.catalogGraph',
  events: 'puppetdbExplorer.events',
  report: 'puppetdbExplorer.report',
  inventory: 'puppetdbExplorer.inventory',
  overview: 'puppetdbExplorer.overview',
  runs: 'puppetdbExplorer.recentRuns',
  factExplorer: 'puppetdbExplorer.factExplorer',
  compareRuns: 'puppetdbExplorer.compareRuns',
  blastRadius: 'puppetdbExplorer.blastRadius',
  connectionsOverview: 'puppetdbExplorer.connectionsOverview',
} as const;

export const ConfigurationSection = 'puppetdbExplorer';

export const PqlLanguageId = 'puppetdb-pql';

/** PQL notebooks (`.pqlbook`): the notebook type, its controller and its output renderer. */
export const Notebooks = {
  type: 'puppetdb-pqlbook',
  controller: 'puppetdbExplorer.pqlbook.controller',
  renderer: 'puppetdbExplorer.pqlbook.renderer',
} as const;
