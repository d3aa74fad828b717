/** What the extension's tests and benchmarks read of the blast radius (ExtensionApi). */
import type * as vscode from 'vscode';
import type { BlastStatus, BlastStatusBar } from './blastStatusBar';
import type {
  BlastRadiusAnswer,
  BlastRadiusEngine,
  BlastRadiusRequest,
} from './computeBlastRadius';

export interface BlastRadiusApi {
  /** The extension's own computation (its cache and request counter). */
  compute(request: BlastRadiusRequest): Promise<BlastRadiusAnswer>;
  /** PuppetDB requests the engine has sent since activation. */
  requests(): number;
  /** Forgets every kept answer (a benchmark measures a cold computation). */
  clear(): void;
  /** What the status bar item shows now, and each time it changes. */
  status(): BlastStatus;
  onDidUpdateStatus: vscode.Event<BlastStatus>;
}

export function blastRadiusApi(
  engine: BlastRadiusEngine,
  statusBar: BlastStatusBar,
): BlastRadiusApi {
  return {
    compute: (request) => engine.compute(request),
    requests: () => engine.counters.requests,
    clear: () => engine.clear(),
    status: () => statusBar.status,
    onDidUpdateStatus: statusBar.onDidUpdate,
  };
}
