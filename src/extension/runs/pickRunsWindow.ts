/**
 * The time window of the fleet's runs or events: the last hour, day or week, or a range typed in
 * ISO-8601. Shared by "Show Recent Runs" (its custom window) and "Show Fleet Events…".
 */
import * as vscode from 'vscode';
import { askIsoRange } from '../pickers';
import type { RunsWindow } from '../../shared/recentRuns';

/** The window, or undefined when the user cancelled. */
export async function pickRunsWindow(placeHolder: string): Promise<RunsWindow | undefined> {
  const choices: Array<vscode.QuickPickItem & { window: RunsWindow | 'custom' }> = [
    { label: vscode.l10n.t('Last hour'), window: { last: '1h' } },
    { label: vscode.l10n.t('Last 24 hours'), window: { last: '24h' } },
    { label: vscode.l10n.t('Last 7 days'), window: { last: '7d' } },
    {
      label: vscode.l10n.t('Custom range…'),
      description: vscode.l10n.t('ISO-8601 since / until'),
      window: 'custom',
    },
  ];
  // a later step: a webview taking focus back as the picker closes must not dismiss it
  const choice = await vscode.window.showQuickPick(choices, { placeHolder, ignoreFocusOut: true });
  if (!choice) return undefined;
  return choice.window === 'custom' ? askCustomWindow() : choice.window;
}

/** A range typed by the user: `since`, or `since / until` (UTC unless a zone is given). */
export function askCustomWindow(): Promise<RunsWindow | undefined> {
  return askIsoRange(
    vscode.l10n.t(
      'From … to … (the end is optional; UTC unless a zone is given), e.g. 2024-05-01T00:00Z / 2024-05-02T00:00Z',
    ),
  );
}
