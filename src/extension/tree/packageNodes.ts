import * as vscode from 'vscode';
import type { JsonObject, PuppetDB, RecordStream } from '../../client';
import { inert } from '../inertText';
import type { ExplorerNode } from './explorerNode';
import { NodeRecordPages, type NodePageRequest } from './nodeRecordPages';
import { nodeSectionNames } from './nodeSectionNames';
import { InfoNode } from './simpleNodes';
import type { TreeContext } from './treeContext';

/** A node's package inventory (PuppetDB 7's package-inventory), by name, a page at a time. */
export class PackagesFolder extends NodeRecordPages<JsonObject> {
  constructor(connectionId: string, certname: string, context: TreeContext) {
    super(connectionId, certname, context, 'package', nodeSectionNames.packages(certname));
  }

  protected request(client: PuppetDB, page: NodePageRequest): RecordStream<JsonObject> {
    return client.packageInventory({
      ...page,
      orderBy: [
        { field: 'package_name', order: 'asc' },
        { field: 'provider', order: 'asc' },
        { field: 'version', order: 'asc' },
      ],
    });
  }

  protected pageSize(): number {
    return this.context.settings.pageSize();
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
