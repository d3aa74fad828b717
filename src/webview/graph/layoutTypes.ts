/** Messages between the graph view and its layout worker. */
export interface LayoutRequest {
  id: number;
  direction: 'LR' | 'TB';
  nodes: Array<{ id: string; width: number; height: number }>;
  edges: Array<{ source: string; target: string }>;
}

export interface LayoutResponse {
  id: number;
  /** Top-left corners. */
  positions: Record<string, { x: number; y: number }>;
  ms: number;
  error?: string;
}
