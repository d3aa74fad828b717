import * as vscode from 'vscode';
import { pqlDescription } from '../../shared/queryLibrary/leadingComment';
import { clashes, withoutQuery, withQueries } from '../../shared/queryLibrary/libraryFile';
import { MAX_PRESET_NAME_CHARS } from '../../shared/queryLibrary/puppetboardPresets';
import { registerGuardedCommand } from '../commands/registerGuardedCommand';
import type { Feature } from '../feature';
import { Commands, PqlLanguageId, Views } from '../ids';
import { inert } from '../inertText';
import type { RunOutcome } from '../pql/resultsPanel';
import { connectionToRunOn } from '../pql/runQueryCommand';
import type { Services } from '../services';
import { LibraryFileProblem, LibraryStore } from './libraryStore';
import { importPresets, importPresetsFrom, type PresetImport } from './presetImport';
import { QueriesProvider, type QueriesElement } from './queriesProvider';
import type { QueryEntry } from './queryEntries';
import { documentText, entryText, pickQuery } from './queryText';

/**
 * A command's argument: a Queries view item as its menus pass it (`{ entry: { key } }`) or its
 * key (`{ key }`, the item's own click); only the key is read, so it picks a query the view lists.
 */
type EntryArgument = { key?: unknown; entry?: { key?: unknown } } | undefined;

function keyOf(argument: EntryArgument): unknown {
  return argument?.key ?? argument?.entry?.key;
}

/** What the extension's tests read of the Queries view and do that no command argument may. */
export interface QueryLibraryApi {
  /** The view's items as VS Code is given them, each under its section and folder labels. */
  items(): Promise<Array<{ path: string[]; item: vscode.TreeItem }>>;
  /** Import Puppetboard Presets from this file (the open dialog's answer). */
  importPresets(path: string): Promise<PresetImport | undefined>;
  /** The library file (tests write a broken one). */
  libraryFile: vscode.Uri;
}

/**
 * The Queries view and its commands: run, open and copy a workspace query, a library query or a
 * starter; add a query to the library, remove one (asking first), import Puppetboard's presets.
 * A command's argument is a view item's key: it only picks a query the view lists, never a file.
 */
export function registerQueryLibrary(services: Services): Feature & { api: QueryLibraryApi } {
  const library = new LibraryStore(services.context.globalStorageUri);
  const provider = new QueriesProvider(library);
  const view = vscode.window.createTreeView(Views.queries, {
    treeDataProvider: provider,
    showCollapseAll: true,
  });
  const command = <R>(id: string, handler: (entry: QueryEntry) => Promise<R>) =>
    registerGuardedCommand(services.errors, id, async (argument?: EntryArgument) => {
      const entry = await provider.entry(keyOf(argument) ?? selectedKey(view));
      if (!entry) {
        void vscode.window.showInformationMessage(
          vscode.l10n.t('Pick a query in the Queries view first.'),
        );
        return undefined;
      }
      return handler(entry);
    });
  const api: QueryLibraryApi = {
    items: () => viewItems(provider),
    importPresets: (path) =>
      whenReadable(() => importPresetsFrom(library, services.log, vscode.Uri.file(path))),
    libraryFile: library.fileUri,
  };
  return {
    api,
    disposables: [
      library,
      provider,
      view,
      command(Commands.runSavedQuery, (entry) => runEntry(services, entry)),
      command(Commands.openSavedQuery, openEntry),
      command(Commands.copySavedQuery, copyEntry),
      registerGuardedCommand(
        services.errors,
        Commands.addToQueryLibrary,
        async (argument?: EntryArgument) => {
          const key = keyOf(argument);
          const entry = key === undefined ? undefined : await provider.entry(key);
          return whenReadable(() => addToLibrary(library, entry));
        },
      ),
      command(Commands.removeFromQueryLibrary, (entry) =>
        whenReadable(() => removeFromLibrary(library, entry)),
      ),
      registerGuardedCommand(services.errors, Commands.importQueryPresets, () =>
        whenReadable(() => importPresets(library, services.log)),
      ),
      registerGuardedCommand(services.errors, Commands.refreshQueries, () => provider.refresh()),
    ],
  };
}

function selectedKey(view: vscode.TreeView<QueriesElement>): string | undefined {
  const [selected] = view.selection;
  return selected?.type === 'entry' ? selected.entry.key : undefined;
}

/**
 * Runs the query: a `.pql` file's as its editor's Run does (its `# @connection` line, its
 * diagnostics), a notebook's cells in the notebook, a library or starter query on the connection
 * its `# @connection` line names or the active one.
 */
async function runEntry(services: Services, entry: QueryEntry): Promise<RunOutcome | undefined> {
  if (entry.kind === 'notebook') {
    const notebook = await vscode.workspace.openNotebookDocument(entry.uri);
    await vscode.window.showNotebookDocument(notebook);
    await vscode.commands.executeCommand('notebook.execute', notebook.uri);
    return undefined;
  }
  const text = await entryText(entry);
  const query = text === undefined ? undefined : await pickQuery(entry.name, text);
  if (!query) return undefined;
  if (entry.kind === 'pqlFile') {
    const document = await vscode.workspace.openTextDocument(entry.uri);
    return vscode.commands.executeCommand<RunOutcome | undefined>(Commands.runQuery, {
      uri: document.uri.toString(),
      offset: query.start,
    });
  }
  const connection = await connectionToRunOn(services, query.connection);
  if (!connection) return undefined;
  return vscode.commands.executeCommand<RunOutcome | undefined>(Commands.runQuery, {
    connectionId: connection.id,
    query: query.text,
  });
}

async function openEntry(entry: QueryEntry): Promise<unknown> {
  if (entry.kind === 'pqlFile') return vscode.window.showTextDocument(entry.uri);
  if (entry.kind === 'notebook') {
    return vscode.window.showNotebookDocument(
      await vscode.workspace.openNotebookDocument(entry.uri),
    );
  }
  const text = await entryText(entry);
  if (text === undefined) return undefined;
  const document = await vscode.workspace.openTextDocument({
    language: PqlLanguageId,
    content: documentText(entry.description, text),
  });
  return vscode.window.showTextDocument(document);
}

async function copyEntry(entry: QueryEntry): Promise<string | undefined> {
  const text = await entryText(entry);
  if (text === undefined) return undefined;
  await vscode.env.clipboard.writeText(text);
  vscode.window.setStatusBarMessage(vscode.l10n.t('Copied “{0}”.', inert(entry.name)), 5000);
  return text;
}

/**
 * Adds a query to the library: a workspace `.pql` file's text, a starter (with its values), or
 * the active PQL editor's selection (its whole text without one). Asks its name and folder; one
 * of the same folder and name is replaced only if the user says so.
 */
async function addToLibrary(
  library: LibraryStore,
  entry: QueryEntry | undefined,
): Promise<string | undefined> {
  const source = await additionSource(entry);
  if (!source) return undefined;
  const name = await vscode.window.showInputBox({
    title: vscode.l10n.t('Add to Query Library'),
    prompt: vscode.l10n.t('The query’s name in your library'),
    value: inert(source.name, { maxChars: MAX_PRESET_NAME_CHARS }),
    validateInput: (typed) =>
      typed.trim() === ''
        ? vscode.l10n.t('Give the query a name.')
        : [...typed].length > MAX_PRESET_NAME_CHARS
          ? vscode.l10n.t('A name has at most {0} characters.', MAX_PRESET_NAME_CHARS)
          : undefined,
  });
  if (name === undefined) return undefined;
  const folder = await vscode.window.showInputBox({
    title: vscode.l10n.t('Add to Query Library'),
    prompt: vscode.l10n.t('The folder it goes in (leave empty for none)'),
    value: '',
  });
  if (folder === undefined) return undefined;
  const query = {
    name: name.replace(/\s+/g, ' ').trim(),
    folder: folder.replace(/\s+/g, ' ').trim(),
    ...(source.description !== undefined && { description: source.description }),
    query: source.text,
    addedAt: new Date().toISOString(),
  };
  return library.update(async (queries) => {
    if (clashes(queries, [query]).length > 0) {
      const replace = vscode.l10n.t('Replace');
      const answer = await vscode.window.showWarningMessage(
        vscode.l10n.t(
          'Your library already has a query named “{0}” there. Replace it?',
          inert(query.name),
        ),
        { modal: true },
        replace,
      );
      if (answer !== replace) return undefined;
    }
    return { queries: withQueries(queries, [query], true), result: query.name };
  });
}

async function additionSource(
  entry: QueryEntry | undefined,
): Promise<{ name: string; text: string; description?: string } | undefined> {
  if (entry?.kind === 'pqlFile' || entry?.kind === 'starter') {
    const text = await entryText(entry);
    if (text === undefined) return undefined;
    const name = entry.kind === 'pqlFile' ? entry.name.replace(/\.pql$/, '') : entry.name;
    return { name, text, description: entry.description };
  }
  if (entry) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Only a .pql file or a starter query can be added to your library.'),
    );
    return undefined;
  }
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== PqlLanguageId) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Open a PQL document (or select a query in one) to add it to your library.'),
    );
    return undefined;
  }
  const { document, selection } = editor;
  const text = selection.isEmpty ? document.getText() : document.getText(selection);
  const description = pqlDescription(text);
  const base = document.uri.path.slice(document.uri.path.lastIndexOf('/') + 1);
  return { name: description ?? base.replace(/\.pql$/, ''), text, description };
}

/** Removes a library query once the user said yes to a question naming it. */
async function removeFromLibrary(
  library: LibraryStore,
  entry: QueryEntry,
): Promise<boolean | undefined> {
  if (entry.kind !== 'library') {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Only a query of your library can be removed from it.'),
    );
    return undefined;
  }
  const remove = vscode.l10n.t('Remove');
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t('Remove “{0}” from your query library?', inert(entry.name)),
    {
      modal: true,
      detail: vscode.l10n.t(
        'It is removed from the library on this computer; this cannot be undone.',
      ),
    },
    remove,
  );
  if (answer !== remove) return false;
  return library.update(async (queries) => ({
    queries: withoutQuery(queries, entry.query),
    result: true,
  }));
}

/**
 * Runs a change of the library, telling the user (with a way to the file) when its file cannot
 * be read: nothing is written then, so no query in it is lost.
 */
async function whenReadable<T>(change: () => Promise<T>): Promise<T | undefined> {
  try {
    return await change();
  } catch (error) {
    if (!(error instanceof LibraryFileProblem)) throw error;
    const open = vscode.l10n.t('Open the Library File');
    // not awaited: the command ends here whether or not the user opens the file
    void vscode.window
      .showErrorMessage(inert(error.message, { maxChars: 1000 }), open)
      .then((answer) =>
        answer === open ? vscode.commands.executeCommand('vscode.open', error.fileUri) : undefined,
      );
    return undefined;
  }
}

async function viewItems(
  provider: QueriesProvider,
): Promise<Array<{ path: string[]; item: vscode.TreeItem }>> {
  const items: Array<{ path: string[]; item: vscode.TreeItem }> = [];
  const walk = async (element: QueriesElement | undefined, path: string[]) => {
    for (const child of await provider.getChildren(element)) {
      const item = provider.getTreeItem(child);
      items.push({ path, item });
      await walk(child, [...path, String(item.label)]);
    }
  };
  await walk(undefined, []);
  return items;
}
