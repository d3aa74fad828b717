import type { Core, SingularElementArgument } from 'cytoscape';

type Element = SingularElementArgument;

/** The core's parts that cytoscape's z-order reads (3.3x; not in its typings). */
interface OrderedCore {
  mutableElements(): { toArray(): Element[] };
  hasCompoundNodes(): boolean;
}

/** What cytoscape's z-order comparison reads of an element (3.3x; not in its typings). */
interface Ordered {
  pstyle(name: string): { value: unknown };
  zDepth(): number;
  poolIndex(): number;
  isNode(): boolean;
}

/** cytoscape's depth for `z-compound-depth: top`. */
const TOP = Number.MAX_SAFE_INTEGER;

/**
 * Every element of `cy` in cytoscape's drawing order (`eles.sortByZIndex()`): by compound depth,
 * then nodes over edges, then z-index, then the order they were added in. Cytoscape's comparison
 * reads four styles of both elements at every one of a sort's comparisons, 400,000 of them at
 * 30,000 elements; here each element's are read once, and the sort compares numbers.
 */
export function zOrdered(cy: Core): Element[] {
  const core = cy as unknown as OrderedCore;
  const elements = core.mutableElements().toArray();
  const count = elements.length;
  const compound = core.hasCompoundNodes();
  const depth = new Float64Array(count);
  const kind = new Uint8Array(count);
  const zIndex = new Float64Array(count);
  const added = new Float64Array(count);
  for (let index = 0; index < count; index++) {
    const element = elements[index] as unknown as Ordered;
    const compoundDepth = element.pstyle('z-compound-depth').value;
    depth[index] =
      compoundDepth === 'auto'
        ? compound
          ? element.zDepth()
          : 0
        : compoundDepth === 'bottom'
          ? -1
          : compoundDepth === 'top'
            ? TOP
            : 0;
    kind[index] = element.pstyle('z-index-compare').value === 'auto' && element.isNode() ? 1 : 0;
    zIndex[index] = element.pstyle('z-index').value as number;
    added[index] = element.poolIndex();
  }
  const order = Array.from({ length: count }, (_, index) => index);
  order.sort(
    (a, b) =>
      compare(depth[a]!, depth[b]!) ||
      kind[a]! - kind[b]! ||
      compare(zIndex[a]!, zIndex[b]!) ||
      added[a]! - added[b]!,
  );
  return order.map((index) => elements[index]!);
}

function compare(a: number, b: number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Cytoscape's z-sorted list, with the part of it that takes pointer events. */
type ZSorted = Element[] & { interactive?: Element[] };

/** The parts of cytoscape's canvas renderer (3.3x) that keep its z-sorted list. */
interface SortingRenderer {
  cachedZSortedEles?: ZSorted | null;
  getCachedZSortedEles(forceRecalc?: boolean): Element[];
  updateCachedGrabbedEles(): void;
  invalidateCachedZSortedEles(): void;
}

/**
 * Has `cy`'s canvas renderer sort its list of elements by z-order with `zOrdered`, and
 * otherwise keep it as it does (the same list, its interactive part, its drag layers). False if
 * the renderer is not the one this was written against: it then sorts as it does by itself.
 */
export function sortZOrderByKeys(cy: Core): boolean {
  const renderer = (cy as unknown as { renderer?: () => Partial<SortingRenderer> }).renderer?.();
  if (
    !renderer ||
    typeof renderer.getCachedZSortedEles !== 'function' ||
    typeof renderer.updateCachedGrabbedEles !== 'function' ||
    typeof renderer.invalidateCachedZSortedEles !== 'function'
  ) {
    return false;
  }
  const sorting = renderer as SortingRenderer;
  sorting.getCachedZSortedEles = (forceRecalc) => {
    if (forceRecalc || !sorting.cachedZSortedEles) {
      const sorted: ZSorted = zOrdered(cy);
      sorted.interactive = sorted.filter((element) =>
        (element as unknown as { interactive(): boolean }).interactive(),
      );
      sorting.cachedZSortedEles = sorted;
      sorting.updateCachedGrabbedEles();
    }
    return sorting.cachedZSortedEles;
  };
  return true;
}
