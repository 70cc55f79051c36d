/** Messages between the graph view and the layout worker (plain data, structured-cloned). */
export interface LayoutRequest {
  id: number;
  /** ELK's layered layout, or the linear-time grid for graphs too big for ELK (issue 8). */
  engine: 'elk' | 'grid';
  direction: 'RIGHT' | 'DOWN';
  /** Pixels between layers (along the flow) and between neighbours (across it). */
  layerGap: number;
  nodeGap: number;
  nodes: { id: string; width: number; height: number }[];
  edges: { id: string; source: string; target: string }[];
}

export type LayoutResponse =
  | { id: number; ok: true; positions: Record<string, { x: number; y: number }> }
  | { id: number; ok: false; error: string };
