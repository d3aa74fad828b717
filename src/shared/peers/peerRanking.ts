/**
 * The stray node among 300: the group's members ordered by their distance from their peers,
 * farthest first, then by certname, so the same data always gives the same order.
 */
import type { PeerComparison } from './peerDifferences';

export interface RankedNode {
  certname: string;
  distance: number;
  extraResources: number;
  missingResources: number;
  parameters: number;
  packages: number;
  facts: number;
}

/** A comparison's line in a ranking: its distance and how many differences of each kind. */
export function rankedNodeOf(comparison: PeerComparison): RankedNode {
  return {
    certname: comparison.certname,
    distance: comparison.distance,
    extraResources: comparison.extraResources.length,
    missingResources: comparison.missingResources.length,
    parameters: comparison.parameters.length,
    packages: comparison.packages.length,
    facts: comparison.facts.length,
  };
}

export function rankNodes(nodes: readonly RankedNode[]): RankedNode[] {
  return [...nodes].sort(
    (a, b) =>
      b.distance - a.distance || (a.certname < b.certname ? -1 : a.certname > b.certname ? 1 : 0),
  );
}
