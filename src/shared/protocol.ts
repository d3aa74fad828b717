/**
 * The one protocol between the extension host and its webviews: every message each side may
 * send, as discriminated unions on `type`. Types only, compiled by both sides; nothing here
 * may import vscode, Node or DOM code.
 *
 * Every webview starts by posting `{ type: 'ready' }`. The host answers with a full snapshot of
 * the view's current state (and again after every reload of the webview, e.g. after it was
 * hidden), so no message is ever lost to a webview that was not listening yet.
 *
 * The host checks every message a webview posts against src/shared/protocolSchema.ts before it
 * acts on it: a webview shows PuppetDB data, so what it posts is treated as untrusted input.
 */
import type { CatalogGraphDto } from './catalogGraph';
import type { CatalogPart } from './catalogParts';
import type { FactDistributionDto, FactPath, FactValue } from './factExplorer';
import type { InventoryRow, InventorySort } from './inventoryTable';
import type { PackedRows } from './packedRows';
import type { CountKey, OverviewDto, RunsRange, RunStatusKey } from './overview';
import type { EventRowDto, ReportDto } from './reportDto';
import type { RunRow, RunsFilter, RunStatusCounts } from './recentRuns';

/** Which bundle a panel runs: `dist/webview/<entry>.js`. */
export type WebviewEntry =
  'results' | 'graph' | 'events' | 'report' | 'inventory' | 'overview' | 'runs' | 'factExplorer';

interface Ready {
  type: 'ready';
}

/**
 * What the host needs to rebuild a panel after a window reload. The host keeps it itself, under
 * the panel's random id (src/extension/webviews/panelRecords.ts); the webview keeps only that id,
 * sent in a `persist` message, as its VS Code state (src/webview/common/vscodeApi.ts does that
 * for every view), and the panel serializer looks it up again. What a webview saved is never
 * what a restored panel fetches, opens or runs.
 */
export type RestoreInfo =
  | { entry: 'results'; connectionId: string; query: string }
  | { entry: 'graph'; connectionId: string; certname: string; compareWith?: string }
  | {
      entry: 'events';
      connectionId: string;
      source:
        | { reportHash: string }
        | { certname: string; since?: string; until?: string }
        | { fleet: FleetEventsFilter }
        | { declaredAt: DeclaredAtFilter };
    }
  | { entry: 'report'; connectionId: string; reportHash: string }
  | { entry: 'inventory'; connectionId: string; columns: string[] }
  | { entry: 'overview'; connectionId: string; range: RunsRange; environment?: string }
  | { entry: 'runs'; connectionId: string; filter: RunsFilter }
  | { entry: 'factExplorer'; connectionId: string; path: FactPath };

interface Persist {
  type: 'persist';
  /** The panel's id, under which the host keeps its RestoreInfo. */
  panelId: string;
}

/**
 * What each webview keeps of what it shows (in its VS Code state, beside its panel's id), so a
 * panel restored after a window reload shows it again without asking PuppetDB anything. For
 * display only: a restored panel's actions never take a file, a line or a query from it.
 */
export interface ShownContents {
  results: ResultsSnapshot;
  graph: { catalog: CatalogGraphDto; compareWith?: { catalog: CatalogGraphDto; label: string } };
  events: { title: string; certname: string | undefined; events: EventRowDto[] };
  report: ReportDto;
  inventory: { title: string; columns: string[]; rows: InventoryRow[] };
  overview: OverviewDto;
  runs: RecentRunsSnapshot;
  factExplorer: FactDistributionDto;
}

/**
 * Above this size (JSON characters) a view keeps only a note, not its content: VS Code writes
 * the state of every open panel into the workspace storage, and a window must close quickly.
 */
export const SHOWN_CONTENT_MAX_CHARS = 1_048_576;

/**
 * The longest text one field of a view's message may hold (a query, an error, an exported
 * picture): the host ignores a message past it (protocolSchema.ts).
 */
export const MESSAGE_TEXT_MAX_CHARS = 64 * 1024 * 1024;

/** The kept content as it sits in the webview's state: the content, or why it is not there. */
export interface KeptContent<E extends WebviewEntry> {
  /** When the view kept it (ISO-8601). */
  savedAt: string;
  content?: ShownContents[E];
  /** Why the content was not kept (e.g. too large), for the restored panel's note. */
  omitted?: string;
}

/**
 * Says a panel shows what it showed before a window reload (nothing was fetched); the view
 * offers "Run again" / "Load again".
 */
export interface RestoredNote {
  /** When that content was shown (ISO-8601), if known. */
  savedAt: string | undefined;
  /** Why there is no content to show, when there is none. */
  omitted?: string;
}

/**
 * What every view's error banner offers beside its own retry: the extension's log (where the
 * failure is written with its causes), and the connection's form when its settings are the
 * likely fix.
 */
export type ErrorBannerAction = { type: 'showLog' } | { type: 'editConnection' };

/** A failure a view shows in its error banner. */
export interface ViewError {
  type: 'error';
  message: string;
  /** The connection's settings are the likely fix (a refused address, TLS, a credential): Edit Connection. */
  editConnection?: boolean;
}

// --- PQL results (src/webview/results) --------------------------------------------------------

export interface ResultsSnapshot {
  runId: number;
  query: string;
  connectionName: string;
  /** The PQL entity of the query (`nodes`, `events`, …), when it could be read. */
  entity: string | undefined;
  rows: unknown[];
  state: 'running' | 'done' | 'error' | 'cancelled';
  elapsedMs: number;
  /** Time until the first rows arrived (ms), once they have. */
  firstRowsMs: number | undefined;
  /** Time until the webview had painted the first rows, and every row of the run (ms). */
  shownFirstMs: number | undefined;
  shownAllMs: number | undefined;
  /** Whether another page can be asked for (`loadMore`). */
  hasMore: boolean;
  /** How many rows the query matches in all (X-Records), when the server said. */
  total: number | undefined;
  error: ResultsError | undefined;
  /** Set when the panel stopped holding rows at one of its limits (settings `pql.maxRows`, `pql.maxResultMB`). */
  truncated?: ResultsTruncation;
  /** Set when the rows are those kept across a window reload, not a fresh run. */
  restored?: RestoredNote;
}

export interface ResultsTruncation {
  /** Rows held when the limit was reached. */
  rows: number;
  /** Which limit: the row count or the bytes of the rows. */
  limit: 'rows' | 'bytes';
  /** The limit's value (rows, or megabytes). */
  value: number;
}

export interface ResultsError {
  /** One paragraph a person reads first. */
  message: string;
  /** Preformatted text (PuppetDB's echo of the query with a caret under the problem). */
  detail?: string;
  line?: number;
  column?: number;
  /** The connection's settings are the likely fix: the banner offers Edit Connection. */
  editConnection?: boolean;
}

export type HostToResults =
  | Persist
  /** The whole state: on `ready` and when a new run starts. */
  | { type: 'snapshot'; snapshot: ResultsSnapshot }
  /** More rows of the run `runId`, to append (streamed as the body arrives). */
  | { type: 'rows'; runId: number; rows: unknown[]; elapsedMs: number; firstRowsMs: number }
  /** The run ended; the state fields replace those of the snapshot. */
  | {
      type: 'finished';
      runId: number;
      state: ResultsSnapshot['state'];
      elapsedMs: number;
      hasMore: boolean;
      total: number | undefined;
      error: ResultsSnapshot['error'];
      truncated?: ResultsTruncation;
    };

export type ResultsToHost =
  | Ready
  /** The webview painted `rowCount` rows of the run (sent after each paint that added rows). */
  | { type: 'rendered'; runId: number; rowCount: number }
  | { type: 'cancel'; runId: number }
  | { type: 'loadMore'; runId: number }
  | { type: 'rerun' }
  | { type: 'export'; format: 'csv' | 'json' }
  /** Run the query again and stream every row to a file (the panel held only part of them). */
  | { type: 'exportAll'; format: 'csv' | 'json' }
  | { type: 'copyCurl' }
  | { type: 'openNode'; certname: string }
  | { type: 'openCatalog'; certname: string }
  | { type: 'openEvents'; reportHash: string }
  /** Open the manifest line of row `row` of run `runId` (its `file`/`line` columns, read by the host). */
  | { type: 'openManifest'; runId: number; row: number }
  | ErrorBannerAction;

// --- catalog graph (src/webview/graph) --------------------------------------------------------

export type HostToGraph =
  | Persist
  | { type: 'loading'; certname: string }
  | {
      type: 'catalog';
      catalog: CatalogGraphDto;
      /** A second catalog to compare with (added/removed/changed highlighted). */
      compareWith?: { catalog: CatalogGraphDto; label: string };
      /**
       * A resource to select and focus on, e.g. `File[/etc/motd]`. Sent once: snapshots after a
       * reload leave it out, so the webview keeps what the user selected since.
       */
      focus?: string;
      /** Set when this is the catalog kept across a window reload, not a fresh fetch. */
      restored?: RestoredNote;
    }
  /** A big catalog's resources and edges, ahead of its `catalog` message (catalogParts.ts). */
  | CatalogPart
  /** Restored after a window reload without its catalog (it was too large to keep). */
  | { type: 'restored'; title: string; note: RestoredNote }
  /**
   * The user chose in the save dialog where the export asked for goes: make the picture and send
   * it in an `export` message with this token (good for one export).
   */
  | { type: 'makeExport'; format: 'png' | 'svg'; token: string }
  | ViewError;

export type GraphToHost =
  | Ready
  /** Ask the host to pick a second catalog (another node, or the previous one) to compare with. */
  | { type: 'compare' }
  /** Fetch the node's catalog again (a newer one makes the one shown now "previous"). */
  | { type: 'refresh' }
  /** The user pressed Export as PNG or SVG: the host asks where to save it (`makeExport`). */
  | { type: 'askExport'; format: 'png' | 'svg' }
  /**
   * The picture for the file the user chose: PNG as a data URL (base64), SVG as text, with the
   * token of the host's `makeExport` (the host writes nothing without it).
   */
  | { type: 'export'; format: 'png' | 'svg'; token: string; data: string }
  /** Reveal the graph's node in the explorer tree. */
  | { type: 'openNode'; certname: string }
  /** List the fleet's nodes whose catalogs hold a resource, `Type[title]`. */
  | { type: 'findNodesWithResource'; resource: string }
  /** Open the manifest line that declares a resource of the graph, `Type[title]`, in the editor. */
  | { type: 'openManifest'; resource: string }
  /** Drawn and laid out: what is on screen now (tests and benchmarks read it). */
  | {
      type: 'drawn';
      nodes: number;
      edges: number;
      layoutMs: number;
      /** From the layout's end to the graph drawn whole and ready for selection and zoom. */
      paintMs: number;
      /** From the layout's end to the first paint of every element (a big graph's sketch). */
      firstPaintMs: number;
    }
  | ErrorBannerAction;

// --- events table (src/webview/events) ---------------------------------------------------------

/**
 * Events per message: the host streams batches of this size, and the table takes any larger
 * message (a snapshot of everything loaded) a slice of this size per task.
 */
export const EVENTS_PER_MESSAGE = 5000;

/** Open the resource of an event in the catalog graph. */
export type OpenInGraph = { type: 'openInGraph'; certname: string; resource: string };

/**
 * Open the manifest line an event or a log names, in the editor. The host opens it only if an
 * event or log it sent has this `file` and `line`, and only through its path mapping.
 */
export type OpenManifestAt = { type: 'openManifest'; file: string; line?: number };

export type HostToEvents =
  | Persist
  | { type: 'loading'; title: string }
  /**
   * Every event loaded so far (replaces what the table held). `complete` is false while more are
   * streaming in as `moreEvents`.
   */
  | {
      type: 'events';
      title: string;
      certname: string | undefined;
      events: EventRowDto[];
      complete: boolean;
      /** Set when the table stopped loading at its limit (setting `events.maxEvents`). */
      truncatedAt?: number;
      /** Set when these are the events kept across a window reload, not a fresh load. */
      restored?: RestoredNote;
    }
  /** Restored after a window reload without its events (too many to keep). */
  | { type: 'restored'; title: string; note: RestoredNote }
  /** The next batch of a streaming load, to append. */
  | { type: 'moreEvents'; events: EventRowDto[]; complete: boolean; truncatedAt?: number }
  | ViewError;

export type EventsToHost =
  | Ready
  | OpenInGraph
  | OpenManifestAt
  /** Open the report an event belongs to. */
  | { type: 'openReport'; reportHash: string }
  /** Load the events from PuppetDB again ("Load again" on a restored panel). */
  | { type: 'reload' }
  /** Ask PuppetDB for every event of the table again and stream them to a file (it stopped at its limit). */
  | { type: 'exportAll'; format: 'csv' | 'json' }
  | ErrorBannerAction;

// --- report view (src/webview/report) ----------------------------------------------------------

export type HostToReport =
  | Persist
  | { type: 'loading'; title: string }
  | { type: 'report'; report: ReportDto; restored?: RestoredNote }
  /** Restored after a window reload without its report (too large to keep). */
  | { type: 'restored'; title: string; note: RestoredNote }
  | ViewError;

export type ReportToHost =
  | Ready
  | OpenInGraph
  | OpenManifestAt
  /** Reveal the report's node in the explorer tree. */
  | { type: 'openNode'; certname: string }
  /** Load the report from PuppetDB again ("Load again" on a restored panel). */
  | { type: 'reload' }
  | ErrorBannerAction;

// --- inventory table (src/webview/inventory) ----------------------------------------------------

/** Rows per message while the inventory streams in. */
export const INVENTORY_ROWS_PER_MESSAGE = 5000;

export type HostToInventory =
  | Persist
  /** A load starts: these columns (certname first), no rows yet. */
  | { type: 'loading'; title: string; columns: string[] }
  /** Every row loaded so far (on `ready`; replaces what the table held). */
  | {
      type: 'inventory';
      title: string;
      columns: string[];
      rows: PackedRows;
      complete: boolean;
      restored?: RestoredNote;
    }
  /** The next rows of the load, to append. */
  | { type: 'moreRows'; rows: PackedRows; complete: boolean }
  | { type: 'error'; message: string };

export type InventoryToHost =
  | Ready
  /** Ask for a column: the host offers PuppetDB's fact paths. */
  | { type: 'addColumn' }
  | { type: 'removeColumn'; column: string }
  /** Export the rows as shown (filtered and sorted the same way by the host). */
  | { type: 'export'; format: 'csv' | 'json'; filter: string; sort: InventorySort | null }
  | { type: 'openNode'; certname: string }
  | { type: 'reload' }
  /** The table painted with this many rows (of this many loaded): tests and benches wait for it. */
  | { type: 'shown'; rows: number; loaded: number };

// --- fleet overview (src/webview/overview) -----------------------------------------------------

/**
 * The events of the whole fleet: those of the latest runs, or every one in [`since`, `until`)
 * (ISO-8601); of one event status or all; narrowed to one resource or class, or not.
 */
export interface FleetEventsFilter {
  /** One event status; absent: every status ("Show Fleet Events…" without "failures only"). */
  status?: 'failure' | 'success';
  resourceType?: string;
  resourceTitle?: string;
  containingClass?: string;
  since?: string;
  /** The end of the window (exclusive, ISO-8601); absent: now. */
  until?: string;
  /** Only the events of this environment's runs (an overview narrowed to it). */
  environment?: string;
  /**
   * Only these nodes' events: the nodes a resource flaps on, which the host found (at most
   * MAX_FLAPPING_CERTNAMES; a webview never names nodes here).
   */
  certnames?: string[];
}

/** The most nodes a flapping resource's events are narrowed to (sent in a POSTed query). */
export const MAX_FLAPPING_CERTNAMES = 10_000;

/**
 * A row of the overview's "what is going wrong" as its webview asks for its events: never with
 * an environment or nodes, which the host adds from the overview's own (the webview is not
 * trusted to).
 */
export type OverviewEventsFilter = Omit<FleetEventsFilter, 'environment' | 'certnames'>;

/**
 * The events of the fleet's latest runs whose resources were declared at one manifest line:
 * `files` are PuppetDB's paths of that one workspace file (one per environment, say).
 */
export interface DeclaredAtFilter {
  files: string[];
  line: number;
}

export type HostToOverview =
  | Persist
  | { type: 'loading'; title: string }
  | {
      type: 'overview';
      overview: OverviewDto;
      /** Seconds between automatic refreshes (setting `overview.autoRefreshSeconds`); 0: off. */
      autoRefreshSeconds: number;
      /** Set when this is the overview kept across a window reload, not a fresh fetch. */
      restored?: RestoredNote;
    }
  /** Restored after a window reload without its content. */
  | { type: 'restored'; title: string; note: RestoredNote }
  /** The last fetch failed; what was shown before (if anything) stays. */
  | { type: 'error'; message: string };

export type OverviewToHost =
  | Ready
  /** Ask PuppetDB again, with the runs chart over `range`. */
  | { type: 'refresh'; range: RunsRange }
  /** Show the nodes behind a count: the fleet's, or one environment's. */
  | { type: 'openNodes'; count: CountKey; environment?: string }
  /** Open the events table of the fleet narrowed to a row of "what is going wrong". */
  | { type: 'openEvents'; filter: OverviewEventsFilter }
  /**
   * Open the changes of a flapping resource on the nodes it flaps on (the host knows which, and
   * since when it counted them).
   */
  | { type: 'openFlapping'; resourceType: string; resourceTitle: string }
  /**
   * Open the recent runs of one bucket of the runs chart (its key, as the overview holds it),
   * of one status or all; without a bucket, of the chart's whole range. The host makes the
   * window from the overview it showed, narrowed to its environment.
   */
  | { type: 'openRuns'; bucket?: string; status?: RunStatusKey }
  /** The webview painted the overview fetched at `fetchedAt` (tests and the bench wait for it). */
  | { type: 'painted'; fetchedAt: string }
  /** Leave the environment the overview is narrowed to: the whole fleet again. */
  | { type: 'showAllEnvironments' };

// --- fact explorer (src/webview/factExplorer) ---------------------------------------------------

export type HostToFactExplorer =
  | Persist
  | { type: 'loading'; title: string; path: FactPath }
  | { type: 'distribution'; distribution: FactDistributionDto; restored?: RestoredNote }
  /** Restored after a window reload without its content. */
  | { type: 'restored'; title: string; note: RestoredNote }
  /** The last fetch failed; what was shown before (if anything) stays. */
  | { type: 'error'; message: string };

export type FactExplorerToHost =
  | Ready
  /** List the nodes holding this value of the path shown (a chart mark or a table row). */
  | { type: 'openNodes'; value: FactValue }
  /** Pick another fact path (PuppetDB's fact-paths). */
  | { type: 'choosePath' }
  /** Write the distribution's query into a new PQL editor. */
  | { type: 'openAsPql' }
  /** Ask PuppetDB again. */
  | { type: 'refresh' }
  /** The webview painted the distribution fetched at `fetchedAt` (tests and the bench wait for it). */
  | { type: 'painted'; fetchedAt: string };

// --- recent runs (src/webview/runs) -------------------------------------------------------------

/** What the runs table shows: the filter, its window's bounds when asked, and the runs. */
export interface RecentRunsSnapshot {
  title: string;
  filter: RunsFilter;
  /** The bounds PuppetDB was asked with (ISO-8601; `until` exclusive). */
  bounds: { since: string; until?: string };
  rows: RunRow[];
  /** PuppetDB's count of the window's runs by status (undefined until it answered). */
  counts: RunStatusCounts | undefined;
  /** The environments the environment filter offers. */
  environments: string[];
}

export type HostToRuns =
  | Persist
  /** A load starts: the filter and its bounds, no rows yet. */
  | {
      type: 'loading';
      title: string;
      filter: RunsFilter;
      bounds: { since: string; until?: string };
      environments: string[];
    }
  /** Every run loaded so far (on `ready`; replaces what the table held). */
  | (RecentRunsSnapshot & {
      type: 'runs';
      complete: boolean;
      /** Set when the table stopped at MAX_RUNS (the window holds more). */
      truncatedAt?: number;
      restored?: RestoredNote;
    })
  /** The next runs of the load, to append. */
  | { type: 'moreRuns'; rows: RunRow[]; complete: boolean; truncatedAt?: number }
  /** PuppetDB's counts by status arrived. */
  | { type: 'counts'; counts: RunStatusCounts }
  /** The environments the filter offers arrived. */
  | { type: 'environments'; environments: string[] }
  | ViewError;

export type RunsToHost =
  | Ready
  /** List the runs of another window, status or environment. */
  | { type: 'setFilter'; filter: RunsFilter }
  /** Ask for a custom window (ISO-8601 from … to …) and list its runs. */
  | { type: 'pickWindow' }
  | { type: 'openReport'; reportHash: string }
  | { type: 'reload' }
  /** The table painted this many runs (of this many loaded): tests and the bench wait for it. */
  | { type: 'shown'; rows: number; loaded: number }
  | ErrorBannerAction;

/** The messages of each entry, for the generic host and webview helpers. */
export interface Protocols {
  results: { toWebview: HostToResults; toHost: ResultsToHost };
  graph: { toWebview: HostToGraph; toHost: GraphToHost };
  events: { toWebview: HostToEvents; toHost: EventsToHost };
  report: { toWebview: HostToReport; toHost: ReportToHost };
  inventory: { toWebview: HostToInventory; toHost: InventoryToHost };
  overview: { toWebview: HostToOverview; toHost: OverviewToHost };
  runs: { toWebview: HostToRuns; toHost: RunsToHost };
  factExplorer: { toWebview: HostToFactExplorer; toHost: FactExplorerToHost };
}
