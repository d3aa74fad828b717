import * as vscode from 'vscode';
import type { Feature } from '../feature';
import { Commands } from '../ids';
import type { Services } from '../services';

/** Work in progress: the commands are registered so the manifest stays consistent. */
export function registerPql(_services: Services): Feature {
  const notYet = () => vscode.window.showWarningMessage('Not built yet.');
  return {
    disposables: [
      vscode.commands.registerCommand(Commands.runQuery, notYet),
      vscode.commands.registerCommand(Commands.newQuery, notYet),
      vscode.commands.registerCommand(Commands.showQueryHistory, notYet),
      vscode.commands.registerCommand(Commands.revealNode, notYet),
    ],
    revivers: {},
  };
}
