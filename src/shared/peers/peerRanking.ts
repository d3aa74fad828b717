/**
 * The stray node among 300: the group's members ordered by their distance from their peers,
 * farthest first, then by certname, so the same data always gives the same order.
 */
import { differenceCounts, type DifferenceCounts, type PeerComparison } from './peerDifferences';

export interface RankedNode extends DifferenceCounts {
  certname: string;
  distance: number;
}

/** A comparison's line in a ranking: its distance and how many differences of each kind. */
export function rankedNodeOf(comparison: PeerComparison): RankedNode {
  return {
    certname: comparison.certname,
    distance: comparison.distance,
    ...differenceCounts(comparison),
  };
}

export function rankNodes(nodes: readonly RankedNode[]): RankedNode[] {
  return [...nodes].sort(
    (a, b) =>
      b.distance - a.distance || (a.certname < b.certname ? -1 : a.certname > b.certname ? 1 : 0),
  );
}
