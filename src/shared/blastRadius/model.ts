/**
 * What a change in the workspace reaches in the fleet: the model the host computes from the git
 * extension's diff and PuppetDB, and the Blast Radius view, the status bar item and the hunk
 * lenses show.
 */

/** Which change: the working tree against HEAD, the index against HEAD, or a range of commits. */
export type ChangeScope =
  | { kind: 'workingTree' }
  | { kind: 'staged' }
  /** `base..head` as git reads it (a branch against its base, or one commit: `<id>^..<id>`). */
  | { kind: 'range'; base: string; head: string };

export type ChangedFileKind = 'manifest' | 'hieraData' | 'hieraConfig' | 'puppetfile' | 'other';

/** How a hunk or a file was matched to nodes. */
export type ReachBasis =
  /** resources whose catalog `file:line` lies on the hunk's lines */
  | 'resources'
  /** no resource on those lines (a new line, a comment): the classes and defined types the file defines */
  | 'definitions'
  /** a Hiera data file: the nodes whose hierarchy selects it */
  | 'hieraData'
  /** the whole environment (hiera.yaml, Puppetfile): every node of the environments it is deployed to */
  | 'environment'
  /** nothing PuppetDB knows points here */
  | 'none';

export interface ChangedHunk {
  /** The new side's first line (1-based) and its line count; a deletion has count 0. */
  start: number;
  count: number;
  /** Distinct nodes the hunk reaches. */
  nodes: number;
  basis: ReachBasis;
}

export interface FileReach {
  /** Relative to the repository root, with forward slashes. */
  path: string;
  kind: ChangedFileKind;
  /** Added, deleted or renamed files count as one hunk over the whole file. */
  hunks: ChangedHunk[];
  /** Distinct nodes the file reaches (the union of its hunks'). */
  nodes: number;
  /** Classes and defined types the file defines, as PuppetDB spells them (`Profile::Base`). */
  definitions: string[];
}

export interface ReachedBy {
  /** A `FileReach.path`. */
  file: string;
  /** Index into that file's `hunks`. */
  hunk: number;
  /** A resource declared on the hunk's lines, when that is how it was reached. */
  resource?: { type: string; title: string };
}

export interface ReachedNode {
  certname: string;
  environment: string | null;
  /** The node's `Role::…` class, when its catalog has one. */
  roleClass: string | null;
  /** Its latest status, as the tree shows it (`failed`, `changed`, `unchanged`, `noop`, `unreported`…). */
  status: string;
  latestReportHash: string | null;
  reachedBy: ReachedBy[];
}

export interface BlastRadius {
  scope: ChangeScope;
  /** The repository's folder name, for the title. */
  repository: string;
  files: FileReach[];
  /** Failing first, then by certname. */
  nodes: ReachedNode[];
}
