/**
 * A list of nodes that answer a fleet question ("which nodes hold Class[Profile::Web]?"), failures
 * on top, each one click from the explorer tree, its catalog graph and its latest report. The
 * fetch behind it is cancelled when the list is closed before it arrives.
 */
import * as vscode from 'vscode';
import { quickButton } from '../pickers';
import type { Node } from '../../client';
import { inert } from '../inertText';
import { openViews } from '../webviews/openViews';
import { age, statusIcon } from '../tree/presentation';

export interface NodeListRequest {
  connectionId: string;
  /** What the list answers, e.g. "Nodes with Class[Profile::Web]". */
  title: string;
  /** Selected and centred in the catalog graph a node opens in, `Type[title]`. */
  focusResource?: string;
  load(signal: AbortSignal): Promise<readonly Node[]>;
  /** A second line for a node, e.g. the package version it holds. */
  detail?(node: Node): string | undefined;
}

/** How the list sorts: what needs attention first. */
const STATUS_ORDER = ['failed', 'changed', 'noop', 'unreported', 'unchanged'];

interface NodeItem extends vscode.QuickPickItem {
  node: Node;
}

const GRAPH_BUTTON = quickButton('type-hierarchy', vscode.l10n.t('Open Catalog Graph'));
const REPORT_BUTTON = quickButton('output', vscode.l10n.t('Open Latest Report'));
const COPY_BUTTON = quickButton('copy', vscode.l10n.t('Copy Certnames'));

/** Sorts nodes by status (failures first), then by certname. */
export function byAttention(a: Node, b: Node): number {
  const rank = (node: Node) => {
    const index = STATUS_ORDER.indexOf(node.status ?? '');
    return index === -1 ? STATUS_ORDER.length : index;
  };
  return rank(a) - rank(b) || a.name.localeCompare(b.name);
}

/**
 * Shows the list and resolves, once it is loaded, with the nodes it lists (the picker stays
 * open for the user); undefined if it was closed first. Picking a node reveals it in the tree.
 */
export function showNodeList(request: NodeListRequest): Promise<readonly Node[] | undefined> {
  const quickPick = vscode.window.createQuickPick<NodeItem>();
  quickPick.title = request.title;
  quickPick.placeholder = vscode.l10n.t('Loading nodes…');
  quickPick.matchOnDescription = true;
  quickPick.ignoreFocusOut = true;
  quickPick.busy = true;
  quickPick.show();
  const controller = new AbortController();
  let listed: readonly Node[] = [];

  quickPick.onDidAccept(() => {
    const picked = quickPick.selectedItems[0];
    if (!picked) return;
    quickPick.hide();
    void openViews.node({ connectionId: request.connectionId, certname: picked.node.name });
  });
  quickPick.onDidTriggerItemButton(({ item, button }) => {
    const { connectionId, focusResource } = request;
    if (button === GRAPH_BUTTON) {
      void openViews.catalogGraph({ connectionId, certname: item.node.name, focus: focusResource });
    } else if (button === REPORT_BUTTON && item.node.latestReportHash) {
      void openViews.report({ connectionId, reportHash: item.node.latestReportHash });
    }
  });
  quickPick.onDidTriggerButton(() => {
    void vscode.env.clipboard.writeText(listed.map((node) => node.name).join('\n'));
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Copied {0} certnames.', listed.length.toLocaleString()),
    );
  });

  return new Promise((resolve, reject) => {
    quickPick.onDidHide(() => {
      controller.abort();
      resolve(undefined);
      quickPick.dispose();
    });
    request.load(controller.signal).then(
      (nodes) => {
        if (controller.signal.aborted) return;
        listed = [...nodes].sort(byAttention);
        quickPick.items = listed.map((node) => ({
          ...nodeItem(node),
          detail: request.detail?.(node),
        }));
        // the first node that needs attention is the one Enter opens, however fast it is pressed
        quickPick.activeItems = quickPick.items.slice(0, 1);
        quickPick.buttons = listed.length > 0 ? [COPY_BUTTON] : [];
        quickPick.placeholder = placeholder(listed);
        quickPick.busy = false;
        resolve(listed);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // the caller's guarded command shows it with Retry and Show Log; nothing is left spinning
        reject(error instanceof Error ? error : new Error(String(error)));
        quickPick.hide();
      },
    );
  });
}

function nodeItem(node: Node): NodeItem {
  const cached = node.cachedCatalogStatus && node.cachedCatalogStatus !== 'not_used';
  // what PuppetDB holds of an agent: a link or an icon in it stays text
  return {
    node,
    label: inert(node.name),
    iconPath: statusIcon(node.status),
    description: [
      node.status ? inert(node.status) : vscode.l10n.t('no report'),
      cached ? vscode.l10n.t('⚠ cached catalog') : undefined,
      node.reportEnvironment ? inert(node.reportEnvironment) : undefined,
      age(node.reportTimestamp),
    ]
      .filter(Boolean)
      .join(' · '),
    buttons: node.latestReportHash ? [GRAPH_BUTTON, REPORT_BUTTON] : [GRAPH_BUTTON],
  };
}

function placeholder(nodes: readonly Node[]): string {
  if (nodes.length === 0) return vscode.l10n.t('No active node holds it.');
  const failed = nodes.filter((node) => node.status === 'failed').length;
  const count =
    nodes.length === 1
      ? vscode.l10n.t('1 node')
      : vscode.l10n.t('{0} nodes', nodes.length.toLocaleString());
  return failed > 0
    ? vscode.l10n.t(
        '{0}, {1} failed in the latest run: pick one to show it in the explorer',
        count,
        failed.toLocaleString(),
      )
    : vscode.l10n.t('{0}: pick one to show it in the explorer', count);
}
