import * as vscode from 'vscode';
import type { Feature } from '../feature';
import { Commands } from '../ids';
import type { Services } from '../services';

/** Work in progress: the commands are registered so the manifest stays consistent. */
export function registerReportViews(_services: Services): Feature {
  const notYet = () => vscode.window.showWarningMessage('Not built yet.');
  return {
    disposables: [
      vscode.commands.registerCommand(Commands.openEvents, notYet),
      vscode.commands.registerCommand(Commands.openReport, notYet),
    ],
    revivers: {},
  };
}
