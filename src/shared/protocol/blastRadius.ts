/**
 * The Blast Radius view (src/webview/blastRadius): the nodes a change in the workspace reaches
 * (src/shared/blastRadius/model.ts), grouped, failing first, with the counts per changed file and
 * hunk, and the click-throughs to the tree, the catalog graph and the latest report.
 */
import type { BlastRadius, ChangeScope } from '../blastRadius/model';
import type { RadiusWire } from '../blastRadius/radiusWire';
import type { HostToPage, PageToHost, RestoredNote, RestoredWithoutContent } from './common';

/**
 * A changed file the view was opened on (a hunk's lens, a file's Source Control menu): the page
 * filters its grids on it. Relative to the repository's root; it only narrows what is shown.
 */
export interface FocusedFile {
  file: string;
  hunk?: number;
}

export type HostToBlastRadius = HostToPage<
  | { type: 'loading'; title: string }
  /** The blast radius in columns (radiusWire.ts): what the page shows and keeps is `fromWire`'s model. */
  | { type: 'radius'; radius: RadiusWire; restored?: RestoredNote; focus?: FocusedFile }
  | RestoredWithoutContent
>;

/**
 * What the page may ask. A node is named by its certname and a hunk by its file's path and index:
 * the host acts only on a node or a file of the blast radius it computed itself, and opens only a
 * path inside the chosen repository.
 */
export type BlastRadiusToHost = PageToHost<
  /** Select the node in the explorer tree. */
  | { type: 'revealNode'; certname: string }
  /** The node's catalog graph, focused on the resource (or class) that reached it. */
  | { type: 'openGraph'; certname: string }
  /** The node's latest report. */
  | { type: 'openReport'; certname: string }
  /** The changed file in the editor, at the hunk (`hunk` -1: at its first hunk). */
  | { type: 'openHunk'; file: string; hunk: number }
  /** The nodes (one row per node and file that reaches it) or the files' hunks, saved as CSV or JSON. */
  | { type: 'export'; format: 'csv' | 'json'; rows: 'nodes' | 'hunks' }
  /** Compute again from git and PuppetDB (Refresh, "Load again", the banner's Retry). */
  | { type: 'reload' }
  /** The page painted the blast radius `radius` (paintedRadiusId; tests and the bench wait for it). */
  | { type: 'painted'; radius: string }
>;

/**
 * What names a blast radius the page painted: its change (the scope, read against HEAD), and
 * whether it is a large change's first answer or the whole one.
 */
export function paintedRadiusId(radius: BlastRadius): string {
  return JSON.stringify([radius.scope, radius.head ?? null, radius.counting === true]);
}

/**
 * What the host records of a Blast Radius view: the connection, the change's scope and the
 * repository's root as the git extension names it. After a window reload the repository is
 * looked for among those the git extension has open; a record never opens another folder.
 */
export interface BlastRadiusRestoreInfo {
  entry: 'blastRadius';
  connectionId: string;
  scope: ChangeScope;
  /** The repository's root, as a URI string (its `rootUri.toString()`). */
  repository: string;
}

export interface BlastRadiusProtocol {
  toWebview: HostToBlastRadius;
  toHost: BlastRadiusToHost;
  restore: BlastRadiusRestoreInfo;
  shown: BlastRadius;
}
