import type { CatalogGraphDto } from './catalogGraph';

/** Which catalog of a `catalog` message a part belongs to. */
export type CatalogPartOf = 'catalog' | 'compareWith';

/** Resources and edges of a catalog whose `catalog` message follows (see splitCatalogMessage). */
export interface CatalogPart extends Slice {
  type: 'catalogPart';
  of: CatalogPartOf;
}

/** What a `catalog` message carries of its catalogs. */
interface CatalogCarrier {
  type: 'catalog';
  catalog: CatalogGraphDto;
  compareWith?: { catalog: CatalogGraphDto; label: string };
}

/**
 * Resources per part, and twice as many edges. A message is copied into the page in one task,
 * which takes tens of thousands of small objects a long time (about 150 ms for 20,000 resources
 * and their 40,000 edges on a 2-core machine); a part of this size takes about a tenth of that.
 */
export const RESOURCES_PER_PART = 2000;

/**
 * A `catalog` message as it is posted: a catalog larger than a part goes first as parts of its
 * resources and edges, each a message of its own, and the message itself then carries the rest.
 * The page puts them together again (CatalogParts) before it shows the catalog.
 */
export function splitCatalogMessage<M extends CatalogCarrier>(
  message: M,
  resourcesPerPart = RESOURCES_PER_PART,
): Array<M | CatalogPart> {
  const parts: CatalogPart[] = [];
  const rest = (of: CatalogPartOf, catalog: CatalogGraphDto): CatalogGraphDto => {
    const edgesPerPart = resourcesPerPart * 2;
    const count = Math.max(
      Math.ceil(catalog.resources.length / resourcesPerPart),
      Math.ceil(catalog.edges.length / edgesPerPart),
    );
    // the last slice stays with the message
    for (let part = 0; part < count - 1; part++) {
      parts.push({
        type: 'catalogPart',
        of,
        resources: catalog.resources.slice(part * resourcesPerPart, (part + 1) * resourcesPerPart),
        edges: catalog.edges.slice(part * edgesPerPart, (part + 1) * edgesPerPart),
      });
    }
    const sent = Math.max(0, count - 1);
    return {
      ...catalog,
      resources: catalog.resources.slice(sent * resourcesPerPart),
      edges: catalog.edges.slice(sent * edgesPerPart),
    };
  };
  const catalog = rest('catalog', message.catalog);
  const compareWith = message.compareWith && {
    ...message.compareWith,
    catalog: rest('compareWith', message.compareWith.catalog),
  };
  return [...parts, { ...message, catalog, ...(compareWith ? { compareWith } : {}) }];
}

/** The page's side: keeps the parts that came, and puts them in front of their message's rest. */
export class CatalogParts {
  private parts = noParts();

  add(part: CatalogPart): void {
    const kept = this.parts[part.of];
    for (const resource of part.resources) kept.resources.push(resource);
    for (const edge of part.edges) kept.edges.push(edge);
  }

  /** Lets go of the parts of a message that will not come (the page shows another subject). */
  clear(): void {
    this.parts = noParts();
  }

  /** The message whole, with the parts that came before it; the parts are then let go. */
  join<M extends CatalogCarrier>(message: M): M {
    const parts = this.parts;
    this.parts = noParts();
    const whole = (of: CatalogPartOf, catalog: CatalogGraphDto): CatalogGraphDto => {
      const kept = parts[of];
      if (kept.resources.length === 0 && kept.edges.length === 0) return catalog;
      return {
        ...catalog,
        resources: kept.resources.concat(catalog.resources),
        edges: kept.edges.concat(catalog.edges),
      };
    };
    return {
      ...message,
      catalog: whole('catalog', message.catalog),
      ...(message.compareWith
        ? {
            compareWith: {
              ...message.compareWith,
              catalog: whole('compareWith', message.compareWith.catalog),
            },
          }
        : {}),
    };
  }
}

/** A catalog's resources and edges, or some of them. */
type Slice = Pick<CatalogGraphDto, 'resources' | 'edges'>;

function noParts(): Record<CatalogPartOf, Slice> {
  return { catalog: { resources: [], edges: [] }, compareWith: { resources: [], edges: [] } };
}
