import * as vscode from 'vscode';
import type { WebviewEntry } from '../../shared/protocol';
import { asks } from '../firstUse';
import { DATA_FILES, HIERA_CONFIG_FILE } from '../hiera/hieraFiles';
import { Commands, Notebooks, TreeViews, WebviewPanels } from '../ids';
import { inert } from '../inertText';
import type { BundleLoading, ExtensionBundle, Loaded } from './handover';
import { ShellConnectionStatus } from './shellConnectionStatus';

/** Loads the extension's bundle (from its code cache when it can) and says how long that took. */
export type BundleLoader<Api> = () => Promise<{
  bundle: ExtensionBundle<Api>;
  loading?: BundleLoading;
  /** Called once the extension has started (and not during it): its code cache is written. */
  started?: () => void;
}>;

/**
 * All that runs when VS Code starts the extension: stand-ins for what VS Code may ask of it
 * first, each of which loads the extension's bundle and hands the request on. A window that never
 * uses PuppetDB never loads it. The bundle loads at the first of:
 * - a contributed command (the palette, a menu, a key, a walkthrough or welcome link): the command
 *   is run again once the extension has registered its own;
 * - the PuppetDB or Queries view shown: their stand-in tree asks for its items;
 * - a manifest or a PQL query in a visible editor (its lenses, hovers and diagnostics), or a data
 *   file of a control repository with a hiera.yaml (its Hiera lenses);
 * - a panel VS Code kept across a window reload, or a `.pqlbook` opened.
 * Until then the status bar names the active connection, as the extension's own does before the
 * window first asks PuppetDB anything.
 */
export class StartupShell<Api> implements vscode.Disposable {
  /** Replaced by the extension's own registrations when it loads. */
  private readonly standIns: vscode.Disposable[];
  /** Tree views of the stand-in: the extension makes these views again. */
  private readonly standInViews: vscode.TreeView<never>[];
  /** Kept for as long as the extension runs: VS Code has one of each per type. */
  private readonly serializers: vscode.Disposable[];
  private loading: Promise<Loaded<Api>> | undefined;
  private loaded: Loaded<Api> | undefined;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: vscode.LogOutputChannel,
    private readonly loadBundle: BundleLoader<Api>,
  ) {
    this.standIns = [
      new ShellConnectionStatus(context.globalState),
      ...Object.values(Commands).map((id) =>
        vscode.commands.registerCommand(id, (...args: unknown[]) => this.forward(id, args)),
      ),
      vscode.window.onDidChangeVisibleTextEditors((editors) => this.loadForEditors(editors)),
    ];
    this.standInViews = TreeViews.map((id) =>
      vscode.window.createTreeView<never>(id, {
        treeDataProvider: {
          getTreeItem: (element) => element,
          // pending until the extension's own tree replaces this one (the view shows progress)
          getChildren: () =>
            this.load(`the ${id} view`).then(
              () => [],
              () => [],
            ),
        },
        showCollapseAll: true,
      }),
    );
    this.serializers = [
      ...(Object.keys(WebviewPanels) as WebviewEntry[]).map((entry) =>
        vscode.window.registerWebviewPanelSerializer(WebviewPanels[entry], {
          deserializeWebviewPanel: async (panel, state: unknown) =>
            (await this.load(`a ${entry} panel kept across a reload`)).revivePanel(
              entry,
              panel,
              state,
            ),
        }),
      ),
      vscode.workspace.registerNotebookSerializer(
        Notebooks.type,
        // its cells run on the extension's controller: the notebook opens once that exists, or
        // a Run All pressed at once would find no controller and ask the user to pick one
        new LoadingSerializer(() => this.load('a PQL notebook').then(() => undefined)),
        { transientOutputs: false },
      ),
    ];
    // told after activation, not during it
    if (vscode.window.visibleTextEditors.length > 0) {
      setTimeout(() => this.loadForEditors(vscode.window.visibleTextEditors), 0);
    }
  }

  /** Loads the extension (once); `wokenBy` names what needed it, for the log. */
  load(wokenBy: string): Promise<Loaded<Api>> {
    this.loading ??= this.loadNow(wokenBy).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      this.log.error(`The extension could not load (for ${wokenBy}): ${reason}`);
      void vscode.window.showErrorMessage(
        vscode.l10n.t('PuppetDB Explorer could not load: {0}', inert(reason)),
      );
      throw error;
    });
    return this.loading;
  }

  /** VS Code's deactivate(), before it disposes the subscriptions. */
  deactivate(): void {
    this.loaded?.deactivate();
  }

  dispose(): void {
    for (const disposable of [...this.standIns, ...this.standInViews, ...this.serializers]) {
      disposable.dispose();
    }
  }

  private async loadNow(wokenBy: string): Promise<Loaded<Api>> {
    const { bundle, loading, started } = await this.loadBundle();
    // VS Code 1.96 forgets a tree view's id only when its disposal is through: had the extension
    // made its own first, the stand-in's disposal would take the extension's view away
    await Promise.all(this.standInViews.splice(0).map((view) => view.dispose() as unknown));
    // the same turn as the extension's registrations: no command is ever missing
    for (const standIn of this.standIns.splice(0)) standIn.dispose();
    this.loaded = bundle.start(this.context, { log: this.log, loading, wokenBy });
    if (started) setTimeout(started, 0);
    return this.loaded;
  }

  private async forward(id: string, args: unknown[]): Promise<unknown> {
    await this.load(`the command ${id}`);
    return vscode.commands.executeCommand(id, ...args);
  }

  private loadForEditors(editors: readonly vscode.TextEditor[]): void {
    if (this.loading) return;
    if (editors.some(asks)) {
      void this.load('a manifest or query in an editor').catch(() => {});
      return;
    }
    for (const { document } of editors) {
      if (vscode.languages.match(DATA_FILES, document) > 0) void this.loadForDataFile(document.uri);
    }
  }

  /** A data file of a control repository (a workspace folder with a hiera.yaml) has lenses. */
  private async loadForDataFile(uri: vscode.Uri): Promise<void> {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    if (!folder) return;
    try {
      await vscode.workspace.fs.stat(vscode.Uri.joinPath(folder.uri, HIERA_CONFIG_FILE));
    } catch {
      return; // a YAML or JSON file of some other project
    }
    await this.load('a Hiera data file in an editor').catch(() => {});
  }
}

/**
 * `.pqlbook` files, read and written here (the format is small; its module, and the compression
 * it loads, only once a notebook is read); a read waits for the extension to load too.
 */
class LoadingSerializer implements vscode.NotebookSerializer {
  private serializer: Promise<vscode.NotebookSerializer> | undefined;

  constructor(private readonly beforeRead: () => Promise<void>) {}

  async deserializeNotebook(
    content: Uint8Array,
    token: vscode.CancellationToken,
  ): Promise<vscode.NotebookData> {
    const [format] = await Promise.all([this.format(), this.beforeRead()]);
    return format.deserializeNotebook(content, token);
  }

  async serializeNotebook(
    data: vscode.NotebookData,
    token: vscode.CancellationToken,
  ): Promise<Uint8Array> {
    return (await this.format()).serializeNotebook(data, token);
  }

  private format(): Promise<vscode.NotebookSerializer> {
    this.serializer ??= import('../notebook/pqlBookSerializer').then(
      ({ PqlBookSerializer }) => new PqlBookSerializer(),
    );
    return this.serializer;
  }
}
