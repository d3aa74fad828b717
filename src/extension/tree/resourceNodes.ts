import * as vscode from 'vscode';
import type { PuppetDB, Resource } from '../../client';
import { ContextValues } from '../ids';
import { inert, type InertText } from '../inertText';
import type { TreeContext } from './treeContext';
import { ExplorerNode } from './explorerNode';
import { valueText } from './presentation';
import { NodeSection } from './nodeSection';
import { nodeSectionNames } from './nodeSectionNames';
import { InfoNode, safely } from './simpleNodes';
import { MAX_TREE_ITEMS } from '../boundedRows';
import { rowsAtMost } from '../truncationNotice';

/** A node's catalog resources, grouped by type with counts. */
export class ResourcesFolder extends NodeSection {
  constructor(connectionId: string, certname: string, context: TreeContext) {
    super(connectionId, certname, context, nodeSectionNames.resources(certname), 'symbol-class');
  }

  override getChildren(): Promise<ExplorerNode[]> {
    return safely(this.context, this, () =>
      this.fetch((client, signal) => this.load(client, signal)),
    );
  }

  private async load(client: PuppetDB, signal: AbortSignal): Promise<ExplorerNode[]> {
    const resources = await rowsAtMost(
      client.resources({ query: ['=', 'certname', this.certname], signal }),
      MAX_TREE_ITEMS,
      vscode.l10n.t('The resources of {0}', inert(this.certname)),
    );
    const byType = new Map<string, Resource[]>();
    for (const resource of resources) {
      const ofType = byType.get(resource.type);
      if (ofType) ofType.push(resource);
      else byType.set(resource.type, [resource]);
    }
    return [...byType.keys()]
      .sort()
      .map((type) => new ResourceTypeNode(this.connectionId, type, byType.get(type)!));
  }
}

class ResourceTypeNode extends ExplorerNode {
  constructor(
    private readonly connectionId: string,
    private readonly type: string,
    private readonly resources: Resource[],
  ) {
    super();
  }

  override idKey(): string {
    return this.type;
  }

  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(inert(this.type), vscode.TreeItemCollapsibleState.Collapsed);
    item.description = String(this.resources.length);
    item.iconPath = new vscode.ThemeIcon('symbol-folder');
    return item;
  }

  override async getChildren(): Promise<ExplorerNode[]> {
    return [...this.resources]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((resource) => new ResourceNode(this.connectionId, resource));
  }
}

/** A resource: its title, file:line, and its parameters below. */
export class ResourceNode extends ExplorerNode {
  constructor(
    /** The connection it came from ("Find Nodes with Resource" asks that PuppetDB). */
    readonly connectionId: string,
    readonly resource: Resource,
  ) {
    super();
  }

  override idKey(): string {
    return this.resource.toString();
  }

  toTreeItem(): vscode.TreeItem {
    const { resource } = this;
    // the title, the file and the tags are the catalog's: a link or an icon in them stays text
    const item = new vscode.TreeItem(
      inert(resource.name),
      vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.description = [
      resource.exported ? vscode.l10n.t('exported') : undefined,
      location(resource),
    ]
      .filter(Boolean)
      .join(' · ');
    item.tooltip = `${inert(resource.toString())}\n${location(resource) ?? ''}\ntags: ${inert(resource.tags.join(', '))}`;
    item.contextValue = ContextValues.resource;
    item.iconPath = new vscode.ThemeIcon(resource.exported ? 'export' : 'symbol-object');
    return item;
  }

  override async getChildren(): Promise<ExplorerNode[]> {
    return Object.entries(this.resource.parameters).map(
      ([name, value]) =>
        new InfoNode(
          inert(name),
          valueText(value),
          new vscode.ThemeIcon('symbol-parameter'),
          `${inert(name)} => ${valueText(value)}`,
        ),
    );
  }

  override json(): unknown {
    return this.resource;
  }
}

function location(resource: Resource): InertText | undefined {
  return resource.sourcefile
    ? inert(`${resource.sourcefile}:${resource.sourceline ?? ''}`)
    : undefined;
}
