/**
 * When the selection moves to a node that is off screen (j/k, a timeline click), pan just enough
 * to show it. A node the user clicked is on screen already, so clicks never move the view.
 */
import { useReactFlow } from '@xyflow/react';
import { useEffect } from 'react';
import type { GraphNode } from './rf-types';

export function useKeepSelectionInView(selected: string | null, nodes: GraphNode[]): void {
  const rf = useReactFlow();
  useEffect(() => {
    if (!selected) return;
    const node = nodes.find((n) => n.id === selected);
    if (!node) return;
    const { x, y, zoom } = rf.getViewport();
    const pane = document.querySelector('.graph-canvas')?.getBoundingClientRect();
    if (!pane) return;
    const left = node.position.x * zoom + x;
    const top = node.position.y * zoom + y;
    const right = left + (node.width ?? 0) * zoom;
    const bottom = top + (node.height ?? 0) * zoom;
    if (left >= 0 && top >= 0 && right <= pane.width && bottom <= pane.height) return;
    void rf.setCenter(node.position.x + (node.width ?? 0) / 2, node.position.y + (node.height ?? 0) / 2, {
      zoom,
      duration: 200,
    });
    // Only a change of selection may pan; nodes moving under a fixed selection must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected, rf]);
}
