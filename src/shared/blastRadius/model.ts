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
  /** a Puppetfile's changed modules: the nodes holding their classes and defined types */
  | 'modules'
  /** the whole environment (hiera.yaml, Puppetfile): every node of the environments it is deployed to */
  | 'environment'
  /** nothing PuppetDB knows points here */
  | 'none';

/**
 * What a count cannot know, said beside it in the view (issue 33: "in the view itself").
 * - `newLines`: the hunk only adds lines (or the file is new), which no catalog declares yet: it
 *   was counted by the classes and defined types the file defines.
 * - `conditionals`: code behind `if`/`case`/a selector may reach more nodes than today's catalogs
 *   show (catalogs hold what was compiled, not what could be).
 * - `hieraNotComputed`: a Hiera data file whose readers were not computed (its repository is no
 *   trusted workspace folder with a hiera.yaml at its root, or the file is gone).
 * - `notInCatalogs`: a manifest no catalog of the fleet names (a new module, or not yet deployed).
 * - `environmentWide`: `hiera.yaml` or `Puppetfile`: every node of the environment(s) it is deployed to.
 * - `moduleCode`: a Puppetfile's module counted by the nodes holding its classes and types; its
 *   facts, functions and types sync to every node of the environment, which may reach more.
 */
export type ReachCaveat =
  | 'newLines'
  | 'conditionals'
  | 'hieraNotComputed'
  | 'notInCatalogs'
  | 'environmentWide'
  | 'moduleCode';

export interface ChangedHunk {
  /** The new side's first line (1-based) and its line count; a deletion has count 0. */
  start: number;
  count: number;
  /** Distinct nodes the hunk reaches. */
  nodes: number;
  basis: ReachBasis;
  /** Failing nodes among `nodes`. */
  failing: number;
  caveats: ReachCaveat[];
}

export interface FileReach {
  /** Relative to the repository root, with forward slashes. */
  path: string;
  kind: ChangedFileKind;
  /** Added, deleted or renamed files count as one hunk over the whole file. */
  hunks: ChangedHunk[];
  /** Distinct nodes the file reaches (the union of its hunks'). */
  nodes: number;
  /** Failing nodes among `nodes`. */
  failing: number;
  /** Classes and defined types the file defines, as PuppetDB spells them (`Profile::Base`). */
  definitions: string[];
  /** The union of its hunks' caveats, and the file's own. */
  caveats: ReachCaveat[];
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
  /** The repository's HEAD commit the change was read against (undefined: no commit yet). */
  head: string | undefined;
  /** What the whole count cannot know (`conditionals` whenever a manifest changed). */
  caveats: ReachCaveat[];
  /** A PuppetDB answer stopped at this many rows: the counts are of the rows before it. */
  truncatedAt?: number;
  /**
   * The first answer of a large change: every node reached, with its environment, role and
   * status (so the summary and the groups are final), while the counts per file and hunk and
   * what reached each node are still being read. The whole answer follows.
   */
  counting?: true;
}

/** Whether a status counts as failing (the tree's `failed`). */
export function isFailing(status: string): boolean {
  return status === 'failed';
}
