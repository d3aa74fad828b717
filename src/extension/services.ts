import * as vscode from 'vscode';
import { keepClientCodeCacheIn, saveClientCodeCache } from './connections/clientLibrary';
import { ConnectionStore } from './connections/connectionStore';
import { trackContextKeys } from './contextKeys';
import { WorkspaceConnectionsNotice } from './connections/workspaceConnectionsNotice';
import { QueryHistory } from './queryHistory';
import { Views } from './ids';
import { Settings } from './settings';
import { ErrorReporter } from './errors';
import { FirstUse } from './firstUse';
import { logRequest } from './requestLog';
import { ConnectionStatusBar } from './statusBar';
import { ExplorerProvider } from './tree/explorerProvider';
import type { ExplorerNode } from './tree/explorerNode';
import { WorkspaceTrust } from './workspaceTrust';

/** The composition root: every long-lived service, built once in activate(). */
export class Services implements vscode.Disposable {
  readonly settings = new Settings();
  readonly store: ConnectionStore;
  readonly explorer: ExplorerProvider;
  readonly treeView: vscode.TreeView<ExplorerNode>;
  readonly statusBar: ConnectionStatusBar;
  /** Whether the window has asked PuppetDB for anything yet (nothing goes out on its own before). */
  readonly firstUse: FirstUse;
  /** The last PQL queries per connection. */
  readonly history: QueryHistory;
  /** Restricted Mode: what waits for the user to trust the workspace. */
  readonly trust = new WorkspaceTrust();
  /** Tells the user once when a workspace tries to define connections (they are ignored). */
  readonly workspaceConnections: WorkspaceConnectionsNotice;

  /** Where dist/webview and media/ are (for webview panels). */
  readonly extensionUri: vscode.Uri;
  /** Logs failures with their causes and shows them with their actions. */
  readonly errors: ErrorReporter;

  constructor(
    readonly context: vscode.ExtensionContext,
    /** The "PuppetDB Explorer" log (Output view), created by activate(). */
    readonly log: vscode.LogOutputChannel,
  ) {
    this.errors = new ErrorReporter(log);
    this.extensionUri = context.extensionUri;
    this.history = new QueryHistory(context.globalState);
    keepClientCodeCacheIn(vscode.Uri.joinPath(context.globalStorageUri, 'code-cache').fsPath, log);
    this.store = new ConnectionStore(
      this.settings,
      context.secrets,
      undefined,
      (connection, event) => {
        logRequest(log, connection, event);
        // after the first answer, the client's code for a request is compiled: worth keeping
        if (event.status === 200) saveClientCodeCache();
      },
    );
    this.explorer = new ExplorerProvider(this.store, this.settings, this.errors);
    this.treeView = vscode.window.createTreeView(Views.explorer, {
      treeDataProvider: this.explorer,
      showCollapseAll: true,
      // two reports selected together are compared ("Compare Two Runs…")
      canSelectMany: true,
    });
    this.firstUse = new FirstUse(this.store.onDidAskForClient);
    this.statusBar = new ConnectionStatusBar(
      this.store,
      context.globalState,
      this.settings,
      log,
      this.firstUse,
    );
    this.workspaceConnections = new WorkspaceConnectionsNotice(context.workspaceState);
    context.subscriptions.push(
      this.store.onDidChange(() => void this.statusBar.update()),
      ...trackContextKeys(this.store, this.treeView),
    );
    // after activation, not during it: it reads files
    setTimeout(() => void this.workspaceConnections.check(), 0);
  }

  dispose(): void {
    this.treeView.dispose();
    this.statusBar.dispose();
    this.firstUse.dispose();
    this.explorer.dispose();
    this.store.dispose();
    this.workspaceConnections.dispose();
    this.trust.dispose();
  }
}
