/** The catalog graph (src/webview/graph): one node's catalog, compared with another or not. */
import type { CatalogGraphDto } from '../catalogGraph';
import type { CatalogPart } from '../catalogParts';
import type { HostLayoutAnswer, HostLayoutRequest, KeptLayout } from '../graphLayouts';
import type { HostToPage, PageToHost, RestoredNote, RestoredWithoutContent } from './common';

export type HostToGraph = HostToPage<
  | { type: 'loading'; certname: string }
  | {
      type: 'catalog';
      catalog: CatalogGraphDto;
      /** A second catalog to compare with (added/removed/changed highlighted). */
      compareWith?: { catalog: CatalogGraphDto; label: string };
      /**
       * A resource to select and focus on, e.g. `File[/etc/motd]`. Sent once: snapshots after a
       * reload leave it out, so the webview keeps what the user selected since.
       */
      focus?: string;
      /** Set when this is the catalog kept across a window reload, not a fresh fetch. */
      restored?: RestoredNote;
    }
  /**
   * The layouts the host keeps (graphs laid out by this page or another), ahead of each `catalog`
   * message: a graph of one of their shapes is drawn without laying it out. `hostLaysOut`: the
   * page may send the host `layout` requests (a page of the benches has no such host).
   */
  | { type: 'layouts'; layouts: KeptLayout[]; hostLaysOut: boolean }
  /** The host's answer to a `layout` request. */
  | ({ type: 'layoutAnswer' } & HostLayoutAnswer)
  /** A big catalog's resources and edges, ahead of its `catalog` message (catalogParts.ts). */
  | CatalogPart
  | RestoredWithoutContent
  /**
   * The user chose in the save dialog where the export asked for goes: make the picture and send
   * it in an `export` message with this token (good for one export).
   */
  | { type: 'makeExport'; format: 'png' | 'svg'; token: string }
>;

export type GraphToHost = PageToHost<
  /** Ask the host to pick a second catalog (another node, or the previous one) to compare with. */
  | { type: 'compare' }
  /** Fetch the node's catalog again (a newer one makes the one shown now "previous"). */
  | { type: 'refresh' }
  /** The user pressed Export as PNG or SVG: the host asks where to save it (`makeExport`). */
  | { type: 'askExport'; format: 'png' | 'svg' }
  /**
   * The picture for the file the user chose: PNG as a data URL (base64), SVG as text, with the
   * token of the host's `makeExport` (the host writes nothing without it).
   */
  | { type: 'export'; format: 'png' | 'svg'; token: string; data: string }
  /** Reveal the graph's node in the explorer tree. */
  | { type: 'openNode'; certname: string }
  /** List the fleet's nodes whose catalogs hold a resource, `Type[title]`. */
  | { type: 'findNodesWithResource'; resource: string }
  /** Open the manifest line that declares a resource of the graph, `Type[title]`, in the editor. */
  | { type: 'openManifest'; resource: string }
  /**
   * Lay out a graph of up to ELK_LIMIT resources (HOST_LAYOUT_EDGE_LIMIT edges): the host's layout
   * thread keeps ELK compiled, where a new page's worker would run it for the first time.
   */
  | ({ type: 'layout' } & HostLayoutRequest)
  /** ELK laid out a graph (up to ELK_LIMIT resources): for the host to keep for the next pages. */
  | ({ type: 'laidOut' } & KeptLayout)
  /** Drawn and laid out: what is on screen now (tests and benchmarks read it). */
  | {
      type: 'drawn';
      nodes: number;
      edges: number;
      layoutMs: number;
      /** Whether the layout was one kept (this page's, or the host's from another page). */
      keptLayout: boolean;
      /** Whether the host's layout thread made it (not the page's own worker). */
      hostLayout: boolean;
      /** From the layout's end to every element drawn by cytoscape (labels, exports). */
      paintMs: number;
      /** From the layout's end to the first paint of every element (a big graph's sketch). */
      firstPaintMs: number;
      /**
       * From the layout's end to the graph ready to select, search, pan and zoom (a big graph's
       * sketch answers those while cytoscape takes the elements in).
       */
      usableMs: number;
    }
>;

/** What the host records of a graph panel: the node, and the node compared with. */
export interface GraphRestoreInfo {
  entry: 'graph';
  connectionId: string;
  certname: string;
  compareWith?: string;
}

/** What a graph keeps to show again after a window reload. */
export interface GraphShown {
  catalog: CatalogGraphDto;
  compareWith?: { catalog: CatalogGraphDto; label: string };
}

export interface GraphProtocol {
  toWebview: HostToGraph;
  toHost: GraphToHost;
  restore: GraphRestoreInfo;
  shown: GraphShown;
}
