/** The events table (src/webview/events): a report's, a node's or the fleet's events, streamed. */
import type { EventRowDto } from '../reportDto';
import type {
  HostToPage,
  PageToHost,
  RestoredNote,
  RestoredWithoutContent,
  RowsShown,
} from './common';

/**
 * Events per message: the host streams batches of this size, and the table takes any larger
 * message (a snapshot of everything loaded) a slice of this size per task.
 */
export const EVENTS_PER_MESSAGE = 5000;

/** Open the resource of an event in the catalog graph (the events table, the report). */
export type OpenInGraph = { type: 'openInGraph'; certname: string; resource: string };

/**
 * Open the manifest line an event or a log names, in the editor. The host opens it only if an
 * event or log it sent has this `file` and `line`, and only through its path mapping.
 */
export type OpenManifestAt = { type: 'openManifest'; file: string; line?: number };

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
 * The events of the fleet's latest runs whose resources were declared at one manifest line:
 * `files` are PuppetDB's paths of that one workspace file (one per environment, say).
 */
export interface DeclaredAtFilter {
  files: string[];
  line: number;
}

export type HostToEvents = HostToPage<
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
  | RestoredWithoutContent
  /** The next batch of a streaming load, to append. */
  | { type: 'moreEvents'; events: EventRowDto[]; complete: boolean; truncatedAt?: number }
>;

export type EventsToHost = PageToHost<
  | OpenInGraph
  | OpenManifestAt
  /** Open the report an event belongs to. */
  | { type: 'openReport'; reportHash: string }
  /** Load the events from PuppetDB again ("Load again" on a restored panel). */
  | { type: 'reload' }
  /** Ask PuppetDB for every event of the table again and stream them to a file (it stopped at its limit). */
  | { type: 'exportAll'; format: 'csv' | 'json' }
  /** The table took in and painted the events streamed so far: the host sends the next batch. */
  | RowsShown
>;

/** What the host records of an events table: which events it shows. */
export interface EventsRestoreInfo {
  entry: 'events';
  connectionId: string;
  source:
    | { reportHash: string }
    | { certname: string; since?: string; until?: string }
    | { fleet: FleetEventsFilter }
    | { declaredAt: DeclaredAtFilter };
}

/** What an events table keeps to show again after a window reload. */
export interface EventsShown {
  title: string;
  certname: string | undefined;
  events: EventRowDto[];
}

export interface EventsProtocol {
  toWebview: HostToEvents;
  toHost: EventsToHost;
  restore: EventsRestoreInfo;
  shown: EventsShown;
}
