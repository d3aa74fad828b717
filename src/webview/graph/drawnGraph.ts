import type { DiffState, GraphEdge, RelationshipGroup } from '../../shared/catalogGraphModel';

/** A resource as drawn: its label, box size and (laid out) centre. */
export interface DrawnNode {
  id: string;
  type: string;
  label: string;
  members: number;
  diff: DiffState;
  width: number;
  height: number;
  x: number;
  y: number;
}

/** An edge as drawn: the model's edge and the group its relationship belongs to. */
export type DrawnEdge = GraphEdge & { group: RelationshipGroup };
