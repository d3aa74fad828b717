import * as vscode from 'vscode';
import type { JsonObject, PuppetDB } from '../../client';
import type { ExplorerNode } from './explorerNode';
import { PagedSection } from './nodeSection';
import type { Page } from './pagedList';
import { InfoNode } from './simpleNodes';
import type { TreeContext } from './treeContext';
import { pageAtMost } from '../truncationNotice';

/** A node's package inventory (PuppetDB 7's package-inventory), by name, a page at a time. */
export class PackagesFolder extends PagedSection<JsonObject> {
  constructor(connectionId: string, certname: string, context: TreeContext) {
    const names = {
      key: 'Packages',
      label: vscode.l10n.t('Packages'),
      loading: vscode.l10n.t('Loading the packages of {0}…', certname),
    };
    super(connectionId, certname, context, names, 'package');
  }

  protected fetchPage(
    client: PuppetDB,
    offset: number,
    signal: AbortSignal,
  ): Promise<Page<JsonObject>> {
    const limit = this.context.settings.pageSize();
    return pageAtMost(
      client.packageInventory({
        query: ['=', 'certname', this.certname],
        orderBy: [
          { field: 'package_name', order: 'asc' },
          { field: 'provider', order: 'asc' },
          { field: 'version', order: 'asc' },
        ],
        limit,
        offset,
        includeTotal: true,
        signal,
      }),
      limit,
      vscode.l10n.t('A page of packages'),
    );
  }

  protected childOf(row: JsonObject): ExplorerNode {
    const name = String(row.package_name);
    const version = String(row.version);
    const provider = String(row.provider);
    // a tree item's label and description are plain text: a package named like markup stays text
    return new InfoNode(
      name,
      vscode.l10n.t('{0} · {1}', version, provider),
      new vscode.ThemeIcon('package'),
      vscode.l10n.t('{0} {1} (provider {2})', name, version, provider),
    );
  }
}
