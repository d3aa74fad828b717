import * as vscode from 'vscode';
import { parsePqlBook } from '../../shared/notebook/pqlBook';
import type { LibraryQuery } from '../../shared/queryLibrary/libraryFile';
import { notebookDescription, pqlDescription } from '../../shared/queryLibrary/leadingComment';
import type { StarterQuery } from '../../shared/queryLibrary/starterQueries';

/** A query the Queries view lists: a workspace file, a query of the user's library, a starter. */
export type QueryEntry =
  | {
      kind: 'pqlFile' | 'notebook';
      key: string;
      name: string;
      folder: string;
      uri: vscode.Uri;
      description?: string;
    }
  | {
      kind: 'library';
      key: string;
      name: string;
      folder: string;
      query: LibraryQuery;
      description?: string;
    }
  | {
      kind: 'starter';
      key: string;
      name: string;
      folder: string;
      starter: StarterQuery;
      description?: string;
    };

/** The workspace's queries the view lists at most (a huge repository stays quick to show). */
export const MAX_WORKSPACE_FILES = 2000;
/** A `.pql` file's description is in its first lines: no more is read for it. */
const DESCRIPTION_BYTES = 16 * 1024;
/** A larger notebook is listed without its description (parsing it would cost too much). */
const MAX_NOTEBOOK_BYTES = 4 * 1024 * 1024;

export const WORKSPACE_QUERY_FILES = '**/*.{pql,pqlbook}';

/** The workspace's `.pql` files and `.pqlbook` notebooks, each with its folder and description. */
export async function workspaceEntries(): Promise<QueryEntry[]> {
  if (!vscode.workspace.workspaceFolders?.length) return [];
  const uris = await vscode.workspace.findFiles(
    WORKSPACE_QUERY_FILES,
    undefined,
    MAX_WORKSPACE_FILES,
  );
  return Promise.all(uris.map(fileEntry));
}

async function fileEntry(uri: vscode.Uri): Promise<QueryEntry> {
  const notebook = uri.path.endsWith('.pqlbook');
  const base = uri.path.slice(uri.path.lastIndexOf('/') + 1);
  return {
    kind: notebook ? 'notebook' : 'pqlFile',
    key: `file:${uri.toString()}`,
    name: base,
    folder: folderOf(uri),
    uri,
    description: await fileDescription(uri, notebook),
  };
}

/**
 * The folder a file is shown in: its directory relative to its workspace folder ("" at the top),
 * after the workspace folder's name when the workspace has several.
 */
function folderOf(uri: vscode.Uri): string {
  const root = vscode.workspace.getWorkspaceFolder(uri);
  if (!root) return '';
  const directory = uri.path.slice(0, uri.path.lastIndexOf('/'));
  const relative = directory.slice(root.uri.path.replace(/\/$/, '').length).replace(/^\//, '');
  const several = (vscode.workspace.workspaceFolders?.length ?? 0) > 1;
  return several ? [root.name, relative].filter(Boolean).join('/') : relative;
}

/** The file's leading comment (or first markdown cell); undefined when unreadable or none. */
async function fileDescription(uri: vscode.Uri, notebook: boolean): Promise<string | undefined> {
  try {
    if (notebook) {
      const { size } = await vscode.workspace.fs.stat(uri);
      if (size > MAX_NOTEBOOK_BYTES) return undefined;
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
      return notebookDescription(parsePqlBook(text).cells);
    }
    const bytes = await vscode.workspace.fs.readFile(uri);
    return pqlDescription(new TextDecoder().decode(bytes.subarray(0, DESCRIPTION_BYTES)));
  } catch {
    // a file that is not a notebook, or went away meanwhile: listed, without a description
    return undefined;
  }
}

export function libraryEntry(query: LibraryQuery): QueryEntry {
  return {
    kind: 'library',
    key: `library:${query.folder.toLowerCase()}\u0000${query.name.toLowerCase()}`,
    name: query.name,
    folder: query.folder,
    query,
    description: query.description ?? pqlDescription(query.query),
  };
}

export function starterEntry(starter: StarterQuery): QueryEntry {
  return {
    kind: 'starter',
    key: `starter:${starter.id}`,
    name: starter.name,
    folder: '',
    starter,
    description: starter.description,
  };
}
