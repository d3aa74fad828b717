/**
 * Before you push: the blast radius of the workspace's change, where an engineer works. The
 * status bar item and the lenses above changed hunks; the Blast Radius view (its own folder) and
 * the Source Control menus open it through `puppetdbExplorer.showBlastRadius`.
 */
import * as vscode from 'vscode';
import type { Feature } from '../feature';
import type { Services } from '../services';
import { BlastStatusBar } from './blastStatusBar';
import type { BlastRadiusEngine } from './computeBlastRadius';
import { CHANGED_CODE_FILES, HunkLensProvider } from './hunkLenses';
import { WorkingTreeRadius } from './workingTreeRadius';

export interface BlastRadiusFeature extends Feature {
  statusBar: BlastStatusBar;
}

/** `engine`: the extension's one engine, which the Blast Radius view computes with too. */
export function registerBlastRadius(
  services: Services,
  engine: BlastRadiusEngine,
): BlastRadiusFeature {
  const radius = new WorkingTreeRadius(services, engine);
  const statusBar = new BlastStatusBar(services, radius);
  const lenses = new HunkLensProvider(services, radius);
  return {
    statusBar,
    disposables: [
      engine,
      radius,
      statusBar,
      lenses,
      vscode.languages.registerCodeLensProvider(CHANGED_CODE_FILES, lenses),
    ],
  };
}
