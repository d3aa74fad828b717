/**
 * The protocol between the extension host and its webviews: the list of views, each with its
 * messages (`<view>.ts`: types, compiled by both sides) and its run-time check (`<view>Schema.ts`,
 * which the host applies to whatever a webview posts). What every view shares is in common.ts.
 *
 * A new view is its two files beside these and its line in each list below (`Protocols`,
 * `viewSchemas`, and the re-export): a view missing from a list does not compile.
 *
 * Webview code imports types from here; a constant it needs, it imports from the view's own file
 * (or common.ts), so that its bundle does not carry the host's schemas.
 */
import type { Kept } from './common';
import type { ViewSchema } from './commonSchema';
import { blastRadiusSchema } from './blastRadiusSchema';
import type { BlastRadiusProtocol } from './blastRadius';
import { compareRunsSchema } from './compareRunsSchema';
import type { CompareRunsProtocol } from './compareRuns';
import { connectionsOverviewSchema } from './connectionsOverviewSchema';
import type { ConnectionsOverviewProtocol } from './connectionsOverview';
import { eventsSchema } from './eventsSchema';
import type { EventsProtocol } from './events';
import { factExplorerSchema } from './factExplorerSchema';
import type { FactExplorerProtocol } from './factExplorer';
import { graphSchema } from './graphSchema';
import type { GraphProtocol } from './graph';
import { inventorySchema } from './inventorySchema';
import type { InventoryProtocol } from './inventory';
import { overviewSchema } from './overviewSchema';
import type { OverviewProtocol } from './overview';
import { reportSchema } from './reportSchema';
import type { ReportProtocol } from './report';
import { resultsSchema } from './resultsSchema';
import type { ResultsProtocol } from './results';
import { runsSchema } from './runsSchema';
import type { RunsProtocol } from './runs';

export * from './blastRadius';
export * from './common';
export * from './compareRuns';
export * from './connectionsOverview';
export * from './events';
export * from './factExplorer';
export * from './graph';
export * from './inventory';
export * from './overview';
export * from './report';
export * from './results';
export * from './runs';

/** Every view's protocol, by its entry (which bundle a panel runs: `dist/webview/<entry>.js`). */
export interface Protocols {
  results: ResultsProtocol;
  graph: GraphProtocol;
  events: EventsProtocol;
  report: ReportProtocol;
  inventory: InventoryProtocol;
  overview: OverviewProtocol;
  runs: RunsProtocol;
  factExplorer: FactExplorerProtocol;
  compareRuns: CompareRunsProtocol;
  blastRadius: BlastRadiusProtocol;
  connectionsOverview: ConnectionsOverviewProtocol;
}

/** Which bundle a panel runs: `dist/webview/<entry>.js`. */
export type WebviewEntry = keyof Protocols;

/**
 * What the host needs to rebuild a panel after a window reload. The host keeps it itself, under
 * the panel's random id (src/extension/webviews/panelRecords.ts); the webview keeps only that id,
 * sent in a `persist` message, as its VS Code state (src/webview/common/vscodeApi.ts does that
 * for every view), and the panel serializer looks it up again. What a webview saved is never
 * what a restored panel fetches, opens or runs.
 */
export type RestoreInfo = Protocols[WebviewEntry]['restore'];

/**
 * What each webview keeps of what it shows (in its VS Code state, beside its panel's id), so a
 * panel restored after a window reload shows it again without asking PuppetDB anything. For
 * display only: a restored panel's actions never take a file, a line or a query from it.
 */
export type ShownContents = { [E in WebviewEntry]: Protocols[E]['shown'] };

/** The kept content as it sits in the webview's state: the content, or why it is not there. */
export type KeptContent<E extends WebviewEntry> = Kept<ShownContents[E]>;

/** Every view's run-time checks, by its entry (see schema.ts). */
export const viewSchemas: { [E in WebviewEntry]: ViewSchema<Protocols[E]> } = {
  results: resultsSchema,
  graph: graphSchema,
  events: eventsSchema,
  report: reportSchema,
  inventory: inventorySchema,
  overview: overviewSchema,
  runs: runsSchema,
  factExplorer: factExplorerSchema,
  compareRuns: compareRunsSchema,
  blastRadius: blastRadiusSchema,
  connectionsOverview: connectionsOverviewSchema,
};
