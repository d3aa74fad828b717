import * as vscode from 'vscode';
import type { JsonObject, PuppetDB } from '../../client';
import { inert } from '../inertText';
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
      loading: vscode.l10n.t('Loading the packages of {0}…', inert(certname)),
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
    // what an agent sent: markup, a link or an icon in a package's name stays text
    const name = inert(row.package_name);
    const version = inert(row.version);
    const provider = inert(row.provider);
    return new InfoNode(
      name,
      vscode.l10n.t('{0} · {1}', version, provider),
      new vscode.ThemeIcon('package'),
      vscode.l10n.t('{0} {1} (provider {2})', name, version, provider),
    );
  }
}
