import type * as vscode from 'vscode';
import type { CatalogGraphDto } from '../../shared/catalogGraph';

interface Seen {
  latest: CatalogGraphDto;
  /** The catalog of the node before `latest` (another version), if this workspace saw one. */
  previous?: CatalogGraphDto;
  seenAt: number;
}

const STATE_KEY = 'puppetdbExplorer.catalogGraph.seen';
/** Nodes whose catalogs outlive a window reload (workspaceState); the session keeps all. */
const PERSISTED_NODES = 6;

/**
 * The catalogs this workspace has seen, per connection and node. PuppetDB keeps only a node's
 * latest catalog, so "the previous catalog" to compare with exists only if we kept it.
 */
export class CatalogHistory {
  private readonly seen: Map<string, Seen>;

  constructor(private readonly memento: vscode.Memento) {
    this.seen = new Map(Object.entries(memento.get<Record<string, Seen>>(STATE_KEY) ?? {}));
  }

  /** Records a freshly fetched catalog; a new version pushes the one before it to `previous`. */
  async remember(connectionId: string, catalog: CatalogGraphDto): Promise<void> {
    const key = keyOf(connectionId, catalog.certname);
    const known = this.seen.get(key);
    const previous =
      known && known.latest.version !== catalog.version ? known.latest : known?.previous;
    // strictly increasing, so two catalogs seen within a millisecond still have an order
    const newest = Math.max(0, ...[...this.seen.values()].map((entry) => entry.seenAt));
    this.seen.set(key, { latest: catalog, previous, seenAt: Math.max(Date.now(), newest + 1) });
    const recent = [...this.seen.entries()]
      .sort(([, a], [, b]) => b.seenAt - a.seenAt)
      .slice(0, PERSISTED_NODES);
    await this.memento.update(STATE_KEY, Object.fromEntries(recent));
  }

  /** The node's catalog before the one seen last, if any. */
  previous(connectionId: string, certname: string): CatalogGraphDto | undefined {
    return this.seen.get(keyOf(connectionId, certname))?.previous;
  }
}

const keyOf = (connectionId: string, certname: string) => `${connectionId}\u0000${certname}`;
