/**
 * What the status bar item, the hunk lenses and the Source Control menus hand the Blast Radius
 * view's command (`puppetdbExplorer.showBlastRadius`, which the view defines), and how that
 * command reads any argument it is given. An argument only narrows what is shown: the repository
 * must be one the git extension has open, and the file is a path relative to it, used to filter
 * or focus, never to read a file.
 */
import type * as vscode from 'vscode';
import type { ChangeScope } from '../../shared/blastRadius/model';

/** The view's command id (Commands.showBlastRadius once the view registers it). */
export const SHOW_BLAST_RADIUS = 'puppetdbExplorer.showBlastRadius';

export interface ShowBlastRadiusArgument {
  scope: ChangeScope;
  /** The repository's root, as a URI string. */
  repository?: string;
  /** A changed file, relative to the repository's root with forward slashes. */
  file?: string;
  /** The index of the hunk in that file's `hunks`. */
  hunk?: number;
}

export interface BlastRadiusTarget {
  /** The repository's root, if the argument named one. */
  repository?: vscode.Uri;
  /** A workspace-relative file to focus (forward slashes, no `..`), if the argument named one. */
  file?: string;
  hunk?: number;
  /**
   * A changed file Source Control named (its context menu): the repository holding it
   * (`repositoryFor`) and its path there (`relativePath`, gitChange.ts) say which.
   */
  resourceUri?: vscode.Uri;
}

/**
 * What an argument names, from our own `ShowBlastRadiusArgument` or from Source Control: the
 * title menu passes the `SourceControl` (its `rootUri`), a changed file's context menu its
 * resource state (`resourceUri`). Anything else names nothing. `parse` makes a URI of a string
 * (vscode.Uri.parse; a parameter so this reads without vscode in unit tests).
 */
export function blastRadiusTargetOf(
  argument: unknown,
  parse: (text: string) => vscode.Uri,
): BlastRadiusTarget {
  if (!argument || typeof argument !== 'object') return {};
  const given = argument as Record<string, unknown>;
  const target: BlastRadiusTarget = {};
  const repository =
    typeof given.repository === 'string' ? parseUri(given.repository, parse) : given.rootUri;
  if (isUri(repository)) target.repository = repository;
  if (typeof given.file === 'string' && isRelativePath(given.file)) target.file = given.file;
  else if (isUri(given.resourceUri)) target.resourceUri = given.resourceUri;
  if (Number.isInteger(given.hunk) && (given.hunk as number) >= 0) {
    target.hunk = given.hunk as number;
  }
  return target;
}

function parseUri(text: string, parse: (text: string) => vscode.Uri): vscode.Uri | undefined {
  try {
    return parse(text);
  } catch {
    return undefined;
  }
}

function isUri(value: unknown): value is vscode.Uri {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as { scheme?: unknown }).scheme === 'string' &&
    typeof (value as { path?: unknown }).path === 'string'
  );
}

/** Forward slashes, no root, no `..`: a path inside the repository, never out of it. */
export function isRelativePath(path: string): boolean {
  if (path === '' || path.length > 4096 || path.startsWith('/') || /^[A-Za-z]:/.test(path)) {
    return false;
  }
  return (
    !path.includes('\\') && path.split('/').every((segment) => segment !== '..' && segment !== '')
  );
}
