import * as vscode from 'vscode';
import {
  ACTIVE_CONNECTION_KEY,
  activeConnectionOf,
  createConnectionStatusItem,
  showNoConnection,
  showUnchecked,
} from '../connectionStatusFace';
import { ConfigurationSection, Contexts } from '../ids';
import { Settings } from '../settings';

/**
 * What the window shows of the user's connections before the extension has loaded: the status
 * bar item with the active connection's name (or "add a connection"), and the context key that
 * shows the palette the commands needing a PuppetDB. Both follow the settings until the
 * extension's own (statusBar.ts, contextKeys.ts) replace them.
 */
export class ShellConnectionStatus implements vscode.Disposable {
  private readonly item = createConnectionStatusItem();
  private readonly settings = new Settings();
  private readonly listening: vscode.Disposable;
  private readonly shown: ReturnType<typeof setTimeout>;

  constructor(private readonly state: vscode.Memento) {
    this.listening = vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration(`${ConfigurationSection}.connections`)) this.show();
    });
    // shown after activation, not during it (reading the settings is a few ms of a start)
    this.shown = setTimeout(() => this.show(), 0);
  }

  private show(): void {
    const connections = this.settings.connections();
    void vscode.commands.executeCommand(
      'setContext',
      Contexts.hasConnections,
      connections.length > 0,
    );
    const active = activeConnectionOf(connections, this.state.get<string>(ACTIVE_CONNECTION_KEY));
    if (active) showUnchecked(this.item, active);
    else showNoConnection(this.item);
  }

  dispose(): void {
    clearTimeout(this.shown);
    this.listening.dispose();
    this.item.dispose();
  }
}
