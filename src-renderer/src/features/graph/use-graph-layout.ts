/** Connects the graph view to the layout controller: inputs in, positions and layout state out. */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { XY } from '../../state/layout-slice';
import { selectDirection } from '../../state/selectors';
import { useAppStore } from '../../state/store';
import { layoutController, type LayoutInfo } from './layout/layout-controller';
import type { VisibleGraph } from './visible-graph';

export type { LayoutInfo } from './layout/layout-controller';

export function useGraphLayout(
  visible: VisibleGraph | null,
  key: string | null,
  fileLoading: boolean,
  onFullLayout: (key: string) => void,
): { positions: ReadonlyMap<string, XY> | null; info: LayoutInfo } {
  const direction = useAppStore(selectDirection);
  const relayoutRequest = useAppStore((s) => s.relayoutRequest);
  const positions = useAppStore((s) => (key ? (s.positions.get(key) ?? null) : null));
  const info = useSyncExternalStore(layoutController.subscribe, layoutController.getInfo);

  useEffect(() => layoutController.setOnFullLayout(onFullLayout), [onFullLayout]);

  useEffect(() => {
    layoutController.update({ visible, key, direction, fileLoading });
  }, [visible, key, direction, fileLoading]);

  // Explicit user actions (re-layout, a direction change) lay out everything once.
  const last = useRef({ relayoutRequest, direction });
  useEffect(() => {
    if (last.current.relayoutRequest === relayoutRequest && last.current.direction === direction) return;
    last.current = { relayoutRequest, direction };
    layoutController.relayout();
  }, [relayoutRequest, direction]);

  return { positions, info };
}
