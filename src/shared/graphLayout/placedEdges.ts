/**
 * Calls `visit` for each edge whose two ends are among the placed nodes, with their places, in
 * order; an edge to a node that is not there (filtered out, or never drawn) is left out.
 */
export function forEachPlacedEdge<Edge extends { source: string; target: string }>(
  edges: readonly Edge[],
  placeOf: ReadonlyMap<string, number>,
  visit: (edge: Edge, source: number, target: number) => void,
): void {
  for (const edge of edges) {
    const source = placeOf.get(edge.source);
    const target = placeOf.get(edge.target);
    if (source !== undefined && target !== undefined) visit(edge, source, target);
  }
}
