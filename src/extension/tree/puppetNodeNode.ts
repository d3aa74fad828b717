import * as vscode from 'vscode';
import type { Node } from '../../client';
import { ContextValues } from '../ids';
import { inert } from '../inertText';
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
    // every field is what PuppetDB holds of an agent: a link, an icon or markup in it stays text
    const name = inert(node.name);
    const item = new vscode.TreeItem(name, vscode.TreeItemCollapsibleState.Collapsed);
    const cached = node.cachedCatalogStatus && node.cachedCatalogStatus !== 'not_used';
    item.iconPath = statusIcon(node.status);
    const status = node.status ? inert(node.status) : vscode.l10n.t('no report');
    item.description = [
      status,
      cached ? `⚠ ${vscode.l10n.t('cached catalog')}` : undefined,
      age(node.reportTimestamp),
    ]
      .filter(Boolean)
      .join(' · ');
    item.contextValue = ContextValues.node;
    const tooltip = new vscode.MarkdownString(undefined, false);
    tooltip.appendMarkdown('**').appendText(name).appendMarkdown('** — ').appendText(status);
    tooltip.appendMarkdown('\n\n');
    if (cached) {
      tooltip.appendText(
        `⚠ ${vscode.l10n.t('The last run used a cached catalog ({0}).', inert(node.cachedCatalogStatus))}`,
      );
      tooltip.appendMarkdown('\n\n');
    }
    if (node.unreportedTime) {
      tooltip.appendText(vscode.l10n.t('Unreported for {0}', inert(node.unreportedTime)));
      tooltip.appendMarkdown('\n\n');
    }
    const row = (label: string, value: string) =>
      tooltip.appendMarkdown(`| ${label} | `).appendText(value).appendMarkdown(' |\n');
    tooltip.appendMarkdown('| | |\n|---|---|\n');
    row(vscode.l10n.t('Last report'), timestamp(node.reportTimestamp));
    row(vscode.l10n.t('Catalog'), timestamp(node.catalogTimestamp));
    row(vscode.l10n.t('Facts'), timestamp(node.factsTimestamp));
    tooltip.appendMarkdown(`| ${vscode.l10n.t('Environment')} | `);
    if (node.reportEnvironment) tooltip.appendText(inert(node.reportEnvironment));
    else tooltip.appendMarkdown(vscode.l10n.t('no environment'));
    tooltip.appendMarkdown(' |');
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
