import * as vscode from 'vscode';
import { Views } from '../ids';

const NOTIFY_AFTER_MS = 1500;

/**
 * Runs a load with the view's progress bar; past 1.5 s a cancellable notification appears too,
 * and cancelling it aborts the request.
 */
export async function withLoadProgress<T>(
  title: string,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let finished = false;
  const timer = setTimeout(() => {
    if (finished) return;
    void vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title, cancellable: true },
      (_progress, token) =>
        new Promise<void>((resolve) => {
          token.onCancellationRequested(() => controller.abort());
          const poll = setInterval(() => {
            if (finished) {
              clearInterval(poll);
              resolve();
            }
          }, 100);
        }),
    );
  }, NOTIFY_AFTER_MS);
  try {
    return await vscode.window.withProgress({ location: { viewId: Views.explorer } }, () =>
      work(controller.signal),
    );
  } finally {
    finished = true;
    clearTimeout(timer);
  }
}
