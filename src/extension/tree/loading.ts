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
  options: {
    /** Where the quick progress shows: the explorer view (default) or the window's status bar. */
    location?: vscode.ProgressOptions['location'];
    /** Aborted on cancel; pass one to cancel from elsewhere too (e.g. a panel's button). */
    controller?: AbortController;
  } = {},
): Promise<T> {
  const controller = options.controller ?? new AbortController();
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
    return await vscode.window.withProgress(
      { location: options.location ?? { viewId: Views.explorer }, title },
      () => work(controller.signal),
    );
  } finally {
    finished = true;
    clearTimeout(timer);
  }
}
