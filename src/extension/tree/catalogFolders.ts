import * as vscode from 'vscode';
import { Commands } from '../ids';
import { inert } from '../inertText';
import type { TreeContext } from './treeContext';
import { ExplorerNode } from './explorerNode';
import { withLoadProgress } from './loading';
import { safely } from './simpleNodes';
import { MAX_TREE_ITEMS } from '../boundedRows';
import { rowsAtMost } from '../truncationNotice';

/** The environments PuppetDB knows. */
export class EnvironmentsFolder extends ExplorerNode {
  constructor(
    private readonly connectionId: string,
    private readonly context: TreeContext,
  ) {
    super();
  }

  override idKey(): string {
    return 'Environments';
  }

  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(
      vscode.l10n.t('Environments'),
      vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.iconPath = new vscode.ThemeIcon('layers');
    return item;
  }

  override async getChildren(): Promise<ExplorerNode[]> {
    return safely(this.context, this, async () => {
      const client = await this.context.store.client(this.connectionId);
      const environments = (await withLoadProgress(
        vscode.l10n.t('Loading environments…'),
        (signal) =>
          rowsAtMost(
            client.stream('environments', { orderBy: [{ field: 'name', order: 'asc' }], signal }),
            MAX_TREE_ITEMS,
            vscode.l10n.t('The environments'),
          ),
      )) as Array<{ name?: unknown }>;
      return environments.map((row) => new EnvironmentNode(this.connectionId, String(row.name)));
    });
  }
}

/** Every fact name in the fleet. */
export class FactNamesFolder extends ExplorerNode {
  constructor(
    private readonly connectionId: string,
    private readonly context: TreeContext,
  ) {
    super();
  }

  override idKey(): string {
    return 'Fact names';
  }

  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(
      vscode.l10n.t('Fact names'),
      vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.iconPath = new vscode.ThemeIcon('symbol-key');
    return item;
  }

  override async getChildren(): Promise<ExplorerNode[]> {
    return safely(this.context, this, async () => {
      const client = await this.context.store.client(this.connectionId);
      const names = await withLoadProgress(vscode.l10n.t('Loading fact names…'), (signal) =>
        rowsAtMost(
          client.stream('fact-names', { signal }),
          MAX_TREE_ITEMS,
          vscode.l10n.t('The fact names'),
        ),
      );
      return names.map((name) => new FactNameNode(this.connectionId, String(name)));
    });
  }
}

/** An environment: a click shows the fleet narrowed to it (the Nodes folder and the overview). */
export class EnvironmentNode extends ExplorerNode {
  constructor(
    readonly connectionId: string,
    readonly environment: string,
  ) {
    super();
  }

  override idKey(): string {
    return this.environment;
  }

  toTreeItem(): vscode.TreeItem {
    const environment = inert(this.environment);
    const item = new vscode.TreeItem(environment, vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon('layers');
    item.tooltip = vscode.l10n.t('Show the nodes and the overview of {0}', environment);
    item.command = {
      command: Commands.showEnvironment,
      title: vscode.l10n.t('Show Environment'),
      arguments: [{ connectionId: this.connectionId, environment: this.environment }],
    };
    return item;
  }
}

/** A fact name of the fleet: a click opens its value distribution (the fact explorer). */
export class FactNameNode extends ExplorerNode {
  constructor(
    readonly connectionId: string,
    readonly factName: string,
  ) {
    super();
  }

  override idKey(): string {
    return this.factName;
  }

  toTreeItem(): vscode.TreeItem {
    const factName = inert(this.factName);
    const item = new vscode.TreeItem(factName, vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon('symbol-key');
    item.tooltip = vscode.l10n.t('Explore the values of {0} across the fleet', factName);
    item.command = {
      command: Commands.exploreFact,
      title: vscode.l10n.t('Explore Fact'),
      arguments: [{ connectionId: this.connectionId, fact: this.factName }],
    };
    return item;
  }
}
