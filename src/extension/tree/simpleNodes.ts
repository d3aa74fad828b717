import * as vscode from 'vscode';
import { Commands, ContextValues } from '../ids';
import { describeError, pointsAtConnectionSettings } from '../errorText';
import { inert } from '../inertText';
import { ExplorerNode } from './explorerNode';
import type { PagedList } from './pagedList';
import type { TreeContext } from './treeContext';

/** A leaf showing a label, a value and an optional icon. */
export class InfoNode extends ExplorerNode {
  constructor(
    private readonly label: string,
    private readonly description?: string,
    private readonly icon?: vscode.ThemeIcon,
    private readonly tooltip?: string | vscode.MarkdownString,
  ) {
    super();
  }

  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.None);
    item.description = this.description;
    item.iconPath = this.icon;
    item.tooltip = this.tooltip;
    return item;
  }
}

/**
 * A folder whose children are loaded whole on every expand (a report's events, logs and metrics;
 * the fleet's environments and fact names); a failure becomes an error item with Retry.
 */
export class ListFolder extends ExplorerNode {
  constructor(
    private readonly context: Pick<TreeContext, 'errors'>,
    /** what it is called among its siblings, the same in every language */
    private readonly key: string,
    private readonly label: string,
    private readonly icon: string,
    private readonly load: () => Promise<ExplorerNode[]>,
  ) {
    super();
  }

  override idKey(): string {
    return this.key;
  }

  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.Collapsed);
    item.iconPath = new vscode.ThemeIcon(this.icon);
    return item;
  }

  override getChildren(): Promise<ExplorerNode[]> {
    return safely(this.context, this, this.load);
  }
}

/** A leaf that runs a command when clicked (an environment, a fact name). */
export class CommandLeaf extends ExplorerNode {
  constructor(
    /** what it is called among its siblings: the name as the server sent it */
    private readonly key: string,
    private readonly icon: string,
    private readonly tooltip: string,
    private readonly command: vscode.Command,
  ) {
    super();
  }

  override idKey(): string {
    return this.key;
  }

  toTreeItem(): vscode.TreeItem {
    // the name is the server's: a link or an icon in it stays text
    const item = new vscode.TreeItem(inert(this.key), vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon(this.icon);
    item.tooltip = this.tooltip;
    item.command = this.command;
    return item;
  }
}

/** A failed load: the server's message, a retry of the parent, Show Log (and Edit Connection). */
export class ErrorNode extends ExplorerNode {
  constructor(
    readonly error: unknown,
    readonly retryTarget: ExplorerNode | undefined,
  ) {
    super();
  }

  toTreeItem(): vscode.TreeItem {
    const message = describeError(this.error);
    const item = new vscode.TreeItem(
      inert(message.split('\n')[0]),
      vscode.TreeItemCollapsibleState.None,
    );
    item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
    // the server's words as text: markup or a link in them stays what it reads
    item.tooltip = new vscode.MarkdownString()
      .appendMarkdown(`**${vscode.l10n.t('Could not load this level')}**\n\n`)
      .appendText(message)
      .appendMarkdown(`\n\n${vscode.l10n.t('Click to retry.')}`);
    // its actions (package.json menus): Retry and Show Log; Edit Connection when that is the fix
    item.contextValue = pointsAtConnectionSettings(this.error)
      ? ContextValues.connectionError
      : ContextValues.error;
    item.command = { command: Commands.retry, title: vscode.l10n.t('Retry'), arguments: [this] };
    return item;
  }
}

/** "Load more (500 of 12,345)". */
export class LoadMoreNode extends ExplorerNode {
  constructor(
    readonly owner: { loadMore(): Promise<void> },
    private readonly loaded: number,
    private readonly total: number | undefined,
  ) {
    super();
  }

  toTreeItem(): vscode.TreeItem {
    const loaded = this.loaded.toLocaleString('en-US');
    const label =
      this.total === undefined
        ? vscode.l10n.t('Load more ({0} loaded)', loaded)
        : vscode.l10n.t('Load more ({0} of {1})', loaded, this.total.toLocaleString('en-US'));
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon('ellipsis');
    item.contextValue = ContextValues.loadMore;
    item.command = {
      command: Commands.loadMore,
      title: vscode.l10n.t('Load more'),
      arguments: [this],
    };
    return item;
  }
}

/** Loads children, turning any failure into an error item with a retry (and a line in the log). */
export async function safely(
  context: Pick<TreeContext, 'errors'>,
  owner: ExplorerNode,
  load: () => Promise<ExplorerNode[]>,
): Promise<ExplorerNode[]> {
  try {
    return await load();
  } catch (error) {
    const item = await owner.toTreeItem();
    context.errors.logged(`Loading ${String(item.label ?? 'a tree folder')}`, error);
    return [new ErrorNode(error, owner)];
  }
}

/** What a paged folder lists: its first page (fetched if need be), then "Load more" while there is more. */
/** The node made for each loaded record, for as long as the record is loaded. */
const shownNodes = new WeakMap<object, ExplorerNode>();

export async function pagedChildren<T>(
  owner: { loadMore(): Promise<void> },
  pages: PagedList<T>,
  toNode: (record: T) => ExplorerNode,
): Promise<ExplorerNode[]> {
  await pages.ensureStarted();
  const items = pages.loaded.map((record) => {
    // the same record gives the same node, so that the tree view and a reveal() that lists the
    // folder too (revealNode) hold one element per item, not two with one id
    if (typeof record !== 'object' || record === null) return toNode(record);
    let node = shownNodes.get(record);
    if (!node) shownNodes.set(record, (node = toNode(record)));
    return node;
  });
  if (pages.hasMore) items.push(new LoadMoreNode(owner, pages.loaded.length, pages.total));
  return items;
}
