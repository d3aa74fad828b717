import type { DeclaredAtFilter, FleetEventsFilter } from '../shared/protocol';
import type { RunsFilter } from '../shared/recentRuns';

/**
 * What the view commands accept besides tree items, so that the tree, the PQL results, the
 * events table, the graph and tests can all open one another's views.
 */

/** `puppetdbExplorer.openCatalogGraph`: also a PuppetNodeNode of the tree. */
export interface CatalogGraphTarget {
  connectionId: string;
  certname: string;
  /** A resource to select and centre on, `Type[title]`. */
  focus?: string;
}

/** `puppetdbExplorer.openEvents`: also a ReportNode or a PuppetNodeNode of the tree. */
export type EventsTarget = (
  | { connectionId: string; reportHash: string }
  /** A node's events: its latest report, or every report in [since, until) (ISO-8601). */
  | { connectionId: string; certname: string; since?: string; until?: string }
  /** The fleet's events of one resource or class (checked like a webview message). */
  | { connectionId: string; fleet: FleetEventsFilter }
  /** The fleet's latest events of resources declared at a manifest line (checked the same way). */
  | { connectionId: string; declaredAt: DeclaredAtFilter }
) & {
  /** Answer as soon as the table painted its first events (the bench), not once all loaded. */
  firstRows?: boolean;
};

/** `puppetdbExplorer.openReport`: also a ReportNode of the tree. */
export interface ReportTarget {
  connectionId: string;
  reportHash: string;
  /** Answer once the page has painted the report (tests, the bench), not once it is loaded. */
  waitForPaint?: boolean;
}

/** `puppetdbExplorer.revealNode`: selects a node in the explorer tree. */
export interface RevealNodeTarget {
  connectionId: string;
  certname: string;
}

/**
 * `puppetdbExplorer.showRecentRuns`: a connection node, nothing (the active connection or a pick;
 * the last 24 hours), or `{ connectionId, filter?, firstRows? }`. It answers once the runs are
 * loaded; with `firstRows` (the bench) as soon as the webview painted the first rows.
 */
export interface RecentRunsTarget {
  connectionId: string;
  filter?: RunsFilter;
  firstRows?: boolean;
}

/**
 * `puppetdbExplorer.openInventory`: a connection node, `{ connectionId, waitForPaint?,
 * firstRows? }`, or nothing (asked). It answers once the rows are loaded; with `waitForPaint`
 * (tests, the bench) once the webview has painted every loaded row; with `firstRows` (the bench)
 * as soon as it painted the first rows.
 */
export interface InventoryTarget {
  connectionId: string;
  waitForPaint?: boolean;
  firstRows?: boolean;
}
