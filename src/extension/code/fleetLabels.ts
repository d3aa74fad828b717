import * as vscode from 'vscode';
import type { FleetCounts } from './fleetCounts';

/** "on 1,243 nodes · 3 failed in their last run"; a class nobody applies says so plainly. */
export function countsLabel({ nodes, failed }: FleetCounts): string {
  if (nodes === 0) return vscode.l10n.t('on no nodes');
  const on =
    nodes === 1
      ? vscode.l10n.t('on 1 node')
      : vscode.l10n.t('on {0} nodes', nodes.toLocaleString(vscode.env.language));
  if (failed === 0) return vscode.l10n.t('{0} · none failed in their last run', on);
  return vscode.l10n.t(
    '{0} · {1} failed in their last run',
    on,
    failed.toLocaleString(vscode.env.language),
  );
}

/** What a lens or hover says when PuppetDB does not answer (it never keeps spinning). */
export function unreachableLabel(): string {
  return vscode.l10n.t('PuppetDB unreachable');
}
