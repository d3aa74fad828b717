import type * as vscode from 'vscode';
import type { CatalogGraphDto } from '../../shared/catalogGraph';
import { SETTING_DEFAULTS } from '../settingDefaults';
import { KeptCatalogs, type KeptCatalogLimits } from './keptCatalogs';

const STATE_KEY = 'puppetdbExplorer.catalogGraph.seen';
/** Nodes whose catalogs outlive a window reload (workspaceState), of those the session keeps. */
const PERSISTED_NODES = 6;

/**
 * The catalogs this workspace has seen, per connection and node. PuppetDB keeps only a node's
 * latest catalog, so "the previous catalog" to compare with exists only if we kept it. Bounded
 * (settings `graph.keptCatalogsMB` and `graph.keptCatalogsNodes`, see KeptCatalogs).
 */
export class CatalogHistory {
  /** Read from the workspace state when a graph first needs it, not at activation. */
  private keptCatalogs: KeptCatalogs | undefined;

  constructor(
    private readonly memento: vscode.Memento,
    private readonly limits: () => KeptCatalogLimits = defaultLimits,
  ) {}

  private get kept(): KeptCatalogs {
    this.keptCatalogs ??= new KeptCatalogs(
      this.limits(),
      this.memento.get<Record<string, unknown>>(STATE_KEY),
    );
    return this.keptCatalogs;
  }

  /** Records a freshly fetched catalog; a new version pushes the one before it to `previous`. */
  async remember(connectionId: string, catalog: CatalogGraphDto): Promise<void> {
    this.kept.setLimits(this.limits());
    this.kept.remember(keyOf(connectionId, catalog.certname), catalog, Date.now());
    await this.memento.update(STATE_KEY, this.kept.mostRecent(PERSISTED_NODES));
  }

  /** The node's catalog before the one seen last, if any. */
  previous(connectionId: string, certname: string): CatalogGraphDto | undefined {
    return this.kept.previous(keyOf(connectionId, certname));
  }

  /** The version of the node's catalog before the one seen last, if one is kept. */
  previousVersion(connectionId: string, certname: string): string | undefined {
    return this.kept.previousVersion(keyOf(connectionId, certname));
  }
}

function defaultLimits(): KeptCatalogLimits {
  return {
    maxBytes: SETTING_DEFAULTS['graph.keptCatalogsMB'] * 1_000_000,
    maxNodes: SETTING_DEFAULTS['graph.keptCatalogsNodes'],
  };
}

const keyOf = (connectionId: string, certname: string) => `${connectionId}\u0000${certname}`;
