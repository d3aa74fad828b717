/**
 * What the connection's status bar item shows before PuppetDB was asked anything: no connection
 * yet, or the active connection's name. The extension's status bar (statusBar.ts) and the
 * startup shell's stand-in for it (startup/shellStatusBar.ts) show the same item the same way.
 */
import * as vscode from 'vscode';
import { Commands } from './ids';
import { inert } from './inertText';
import type { ConnectionSettings } from './settings';

/** Where globalState keeps the id of the connection the user made active. */
export const ACTIVE_CONNECTION_KEY = 'activeConnection';

/** The connection's item, on the left of the status bar (the same place for both). */
export function createConnectionStatusItem(): vscode.StatusBarItem {
  const item = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 50);
  item.name = vscode.l10n.t('PuppetDB connection');
  return item;
}

/** The active connection: the one the user chose while it exists, else the first. */
export function activeConnectionOf(
  connections: readonly ConnectionSettings[],
  activeId: string | undefined,
): ConnectionSettings | undefined {
  return connections.find((entry) => entry.id === activeId) ?? connections[0];
}

/** No connection yet: a click adds one. */
export function showNoConnection(item: vscode.StatusBarItem): void {
  item.text = `$(database) ${vscode.l10n.t('PuppetDB: add a connection')}`;
  item.tooltip = vscode.l10n.t('No PuppetDB connection yet');
  item.command = Commands.addConnection;
  item.backgroundColor = undefined;
  item.show();
}

/** The connection, not asked yet: PuppetDB hears nothing from a window that has not used it. */
export function showUnchecked(
  item: vscode.StatusBarItem,
  { name, url }: Pick<ConnectionSettings, 'name' | 'url'>,
): void {
  item.text = `$(database) ${inert(name)}`;
  item.tooltip = [
    `${inert(name)} — ${inert(url)}`,
    vscode.l10n.t('Not asked yet: its health is checked once you use PuppetDB in this window'),
    vscode.l10n.t('Click to switch connection'),
  ].join('\n');
  item.command = Commands.switchConnection;
  item.backgroundColor = undefined;
  item.show();
}
