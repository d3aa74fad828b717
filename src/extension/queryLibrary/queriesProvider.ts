import * as vscode from 'vscode';
import { STARTER_QUERIES } from '../../shared/queryLibrary/starterQueries';
import { Commands, ContextValues } from '../ids';
import { inert } from '../inertText';
import type { LibraryFileProblem, LibraryStore } from './libraryStore';
import {
  libraryEntry,
  starterEntry,
  workspaceEntries,
  WORKSPACE_QUERY_FILES,
  type QueryEntry,
} from './queryEntries';

type Section = 'workspace' | 'library' | 'starters';

/** What the Queries view shows: its three sections, their folders, the queries, a file problem. */
export type QueriesElement =
  | { type: 'section'; section: Section }
  | { type: 'folder'; section: Section; folder: string; entries: QueryEntry[] }
  | { type: 'entry'; entry: QueryEntry }
  | { type: 'problem'; problem: LibraryFileProblem }
  /** The library is empty: how to fill it. */
  | { type: 'emptyLibrary' };

const SECTIONS: Section[] = ['workspace', 'library', 'starters'];

/** How long the view waits after a file event for the next one before it reads the files again. */
const REFRESH_DELAY_MS = 200;

const CONTEXT_VALUES: Record<QueryEntry['kind'], string> = {
  pqlFile: ContextValues.queryFile,
  notebook: ContextValues.queryNotebook,
  library: ContextValues.libraryQuery,
  starter: ContextValues.starterQuery,
};

/**
 * The Queries view: the workspace's `.pql` files and notebooks, the user's library and the
 * starter queries, each section grouped by folder. It follows the files (a watcher) and the
 * library (its store, and its file changed by another window), and keeps each entry it listed by
 * key, so that a command's argument only picks a query the view shows.
 */
export class QueriesProvider implements vscode.TreeDataProvider<QueriesElement>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<QueriesElement | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly shown = new Map<string, QueryEntry>();
  private readonly disposables: vscode.Disposable[] = [];
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly library: LibraryStore) {
    const files = vscode.workspace.createFileSystemWatcher(WORKSPACE_QUERY_FILES);
    const libraryFile = vscode.workspace.createFileSystemWatcher(
      new vscode.RelativePattern(vscode.Uri.joinPath(library.fileUri, '..'), '*.json'),
    );
    // a checkout or a search-and-replace changes many files at once: one refresh for the burst
    const refresh = () => {
      clearTimeout(this.refreshTimer);
      this.refreshTimer = setTimeout(() => this.refresh(), REFRESH_DELAY_MS);
    };
    this.disposables.push(
      files,
      libraryFile,
      files.onDidCreate(refresh),
      files.onDidChange(refresh),
      files.onDidDelete(refresh),
      libraryFile.onDidCreate(refresh),
      libraryFile.onDidChange(refresh),
      libraryFile.onDidDelete(refresh),
      library.onDidChange(refresh),
      vscode.workspace.onDidChangeWorkspaceFolders(refresh),
      this.changed,
    );
  }

  refresh(): void {
    this.changed.fire(undefined);
  }

  /** The entry of that key the view listed, read anew if the view has not listed it yet. */
  async entry(key: unknown): Promise<QueryEntry | undefined> {
    if (typeof key !== 'string') return undefined;
    if (!this.shown.has(key)) {
      for (const section of SECTIONS) await this.sectionChildren(section);
    }
    return this.shown.get(key);
  }

  async getChildren(element?: QueriesElement): Promise<QueriesElement[]> {
    if (!element) return SECTIONS.map((section) => ({ type: 'section', section }));
    if (element.type === 'section') return this.sectionChildren(element.section);
    if (element.type === 'folder') {
      return element.entries.map((entry) => ({ type: 'entry', entry }));
    }
    return [];
  }

  private async sectionChildren(section: Section): Promise<QueriesElement[]> {
    let entries: QueryEntry[];
    if (section === 'workspace') entries = await workspaceEntries();
    else if (section === 'starters') entries = STARTER_QUERIES.map(starterEntry);
    else {
      const read = await this.library.read();
      if ('problem' in read) return [{ type: 'problem', problem: read.problem }];
      entries = read.queries.map(libraryEntry);
      if (entries.length === 0) return [{ type: 'emptyLibrary' }];
    }
    for (const [key, shown] of [...this.shown]) {
      if (sectionOf(shown) === section) this.shown.delete(key);
    }
    for (const entry of entries) this.shown.set(entry.key, entry);
    return grouped(section, entries);
  }

  getTreeItem(element: QueriesElement): vscode.TreeItem {
    switch (element.type) {
      case 'section':
        return sectionItem(element.section);
      case 'folder': {
        const item = new vscode.TreeItem(
          inert(element.folder),
          vscode.TreeItemCollapsibleState.Expanded,
        );
        item.id = `${element.section}/folder:${element.folder}`;
        item.iconPath = vscode.ThemeIcon.Folder;
        return item;
      }
      case 'entry':
        return entryItem(element.entry);
      case 'emptyLibrary': {
        const item = new vscode.TreeItem(
          vscode.l10n.t('No queries yet'),
          vscode.TreeItemCollapsibleState.None,
        );
        item.id = 'library/empty';
        item.description = vscode.l10n.t(
          'Import Puppetboard presets, or add a .pql file or a starter',
        );
        item.command = {
          command: Commands.importQueryPresets,
          title: vscode.l10n.t('Import Puppetboard Query Presets…'),
        };
        return item;
      }
      case 'problem': {
        const item = new vscode.TreeItem(
          vscode.l10n.t('Your query library could not be read'),
          vscode.TreeItemCollapsibleState.None,
        );
        item.id = 'library/problem';
        item.iconPath = new vscode.ThemeIcon('error');
        item.description = inert(element.problem.reason);
        item.tooltip = inert(element.problem.message, { multiline: true, maxChars: 2000 });
        item.command = {
          command: 'vscode.open',
          title: vscode.l10n.t('Open the Library File'),
          arguments: [element.problem.fileUri],
        };
        return item;
      }
    }
  }

  dispose(): void {
    clearTimeout(this.refreshTimer);
    for (const disposable of this.disposables) disposable.dispose();
  }
}

function sectionOf(entry: QueryEntry): Section {
  if (entry.kind === 'library') return 'library';
  return entry.kind === 'starter' ? 'starters' : 'workspace';
}

/** Folders first (by name), then the entries at the top (by name). */
function grouped(section: Section, entries: QueryEntry[]): QueriesElement[] {
  const byName = (a: QueryEntry, b: QueryEntry) => a.name.localeCompare(b.name);
  if (section === 'starters') return entries.map((entry) => ({ type: 'entry', entry }));
  const folders = new Map<string, QueryEntry[]>();
  for (const entry of entries) {
    if (entry.folder !== '') {
      folders.set(entry.folder, [...(folders.get(entry.folder) ?? []), entry]);
    }
  }
  return [
    ...[...folders.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([folder, inFolder]): QueriesElement => ({
        type: 'folder',
        section,
        folder,
        entries: inFolder.sort(byName),
      })),
    ...entries
      .filter((entry) => entry.folder === '')
      .sort(byName)
      .map((entry): QueriesElement => ({ type: 'entry', entry })),
  ];
}

function sectionItem(section: Section): vscode.TreeItem {
  const item = new vscode.TreeItem('', vscode.TreeItemCollapsibleState.Expanded);
  item.id = section;
  switch (section) {
    case 'workspace':
      item.label = vscode.l10n.t('Workspace');
      item.tooltip = vscode.l10n.t('The .pql files and .pqlbook notebooks of this workspace');
      break;
    case 'library':
      item.label = vscode.l10n.t('My Library');
      item.tooltip = vscode.l10n.t(
        "Your own queries, kept in the extension's storage on this computer",
      );
      item.contextValue = ContextValues.librarySection;
      break;
    case 'starters':
      item.label = vscode.l10n.t('Starter Queries');
      item.tooltip = vscode.l10n.t('Queries for operators, shipped with PuppetDB Explorer');
      break;
  }
  return item;
}

function entryItem(entry: QueryEntry): vscode.TreeItem {
  const item = new vscode.TreeItem(inert(entry.name), vscode.TreeItemCollapsibleState.None);
  item.id = entry.key;
  item.contextValue = CONTEXT_VALUES[entry.kind];
  item.description = entry.description === undefined ? undefined : inert(entry.description);
  // a library query's text is shown whole (a file's is a click away; a starter's needs its values)
  const query = entry.kind === 'library' ? entry.query.query : undefined;
  item.tooltip = inert([entry.name, entry.description, query].filter(Boolean).join('\n\n'), {
    multiline: true,
    maxChars: 2000,
  });
  item.iconPath = new vscode.ThemeIcon(
    { pqlFile: 'file-code', notebook: 'notebook', library: 'bookmark', starter: 'lightbulb' }[
      entry.kind
    ],
  );
  if (entry.kind === 'pqlFile' || entry.kind === 'notebook') item.resourceUri = entry.uri;
  // a click opens it (Run, Copy and the rest are its buttons and menu)
  item.command = {
    command: Commands.openSavedQuery,
    title: vscode.l10n.t('Open'),
    arguments: [{ key: entry.key }],
  };
  return item;
}
