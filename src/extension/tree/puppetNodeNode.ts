import * as vscode from 'vscode';
import type { Node } from '../../client';
import { ContextValues } from '../ids';
import type { TreeContext } from './treeContext';
import { ExplorerNode } from './explorerNode';
import { FactsFolder } from './factNodes';
import { PackagesFolder } from './packageNodes';
import { age, statusIcon, timestamp } from './presentation';
import { ReportsFolder } from './reportNodes';
import { ResourcesFolder } from './resourceNodes';

/** One Puppet node: its status at a glance, and its facts, resources, reports and packages below. */
export class PuppetNodeNode extends ExplorerNode {
  constructor(
    readonly connectionId: string,
    readonly node: Node,
    private readonly context: TreeContext,
  ) {
    super();
  }

  override idKey(): string {
    return this.node.name;
  }

  toTreeItem(): vscode.TreeItem {
    const { node } = this;
    const item = new vscode.TreeItem(node.name, vscode.TreeItemCollapsibleState.Collapsed);
    const cached = node.cachedCatalogStatus && node.cachedCatalogStatus !== 'not_used';
    item.iconPath = statusIcon(node.status);
    const status = node.status ?? vscode.l10n.t('no report');
    item.description = [
      status,
      cached ? `⚠ ${vscode.l10n.t('cached catalog')}` : undefined,
      age(node.reportTimestamp),
    ]
      .filter(Boolean)
      .join(' · ');
    item.contextValue = ContextValues.node;
    const tooltip = new vscode.MarkdownString(undefined, false);
    tooltip.appendMarkdown(`**${escape(node.name)}** — ${escape(status)}\n\n`);
    if (cached) {
      tooltip.appendMarkdown(
        `⚠ ${vscode.l10n.t('The last run used a cached catalog ({0}).', escape(node.cachedCatalogStatus ?? ''))}\n\n`,
      );
    }
    if (node.unreportedTime) {
      tooltip.appendMarkdown(
        `${vscode.l10n.t('Unreported for {0}', escape(node.unreportedTime))}\n\n`,
      );
    }
    tooltip.appendMarkdown(
      [
        `| | |`,
        `|---|---|`,
        `| ${vscode.l10n.t('Last report')} | ${timestamp(node.reportTimestamp)} |`,
        `| ${vscode.l10n.t('Catalog')} | ${timestamp(node.catalogTimestamp)} |`,
        `| ${vscode.l10n.t('Facts')} | ${timestamp(node.factsTimestamp)} |`,
        `| ${vscode.l10n.t('Environment')} | ${escape(node.reportEnvironment ?? vscode.l10n.t('no environment'))} |`,
      ].join('\n'),
    );
    item.tooltip = tooltip;
    return item;
  }

  override async getChildren(): Promise<ExplorerNode[]> {
    return [
      new FactsFolder(this.connectionId, this.node.name, this.context),
      new ResourcesFolder(this.connectionId, this.node.name, this.context),
      new ReportsFolder(this.connectionId, this.node.name, this.context),
      new PackagesFolder(this.connectionId, this.node.name, this.context),
    ];
  }

  override json(): unknown {
    return this.node;
  }
}

function escape(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!<>|]/g, '\\$&');
}
