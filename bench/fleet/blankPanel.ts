/**
 * bench:fleet's floor for every view's first paint, inside the real VS Code extension host: a
 * webview panel of a blank page whose one inline script (under a nonce, as our pages run theirs)
 * reports its first paint (the frame after it started), timed from createWebviewPanel; medians
 * after a warm-up. What VS Code takes to show any panel, before a view does anything of its own.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';

export async function blankPanelFirstPaint(rounds: number, median: (values: number[]) => number) {
  const times: number[] = [];
  for (let round = 0; round <= rounds; round++) {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const started = performance.now();
    const panel = vscode.window.createWebviewPanel(
      'pdbxBenchBlank',
      'Blank',
      vscode.ViewColumn.Active,
      {
        enableScripts: true,
      },
    );
    const painted = new Promise<void>((resolve) => {
      panel.webview.onDidReceiveMessage(() => resolve());
    });
    const nonce = randomBytes(16).toString('base64');
    panel.webview.html = `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'nonce-${nonce}'">
<title>Blank</title></head><body><main>Blank</main>
<script nonce="${nonce}">const vscode = acquireVsCodeApi();
requestAnimationFrame(() => requestAnimationFrame(() => vscode.postMessage('painted')));</script>
</body></html>`;
    await painted;
    const ms = performance.now() - started;
    panel.dispose();
    if (round > 0) times.push(ms); // the first is a warm-up
  }
  return median(times);
}
