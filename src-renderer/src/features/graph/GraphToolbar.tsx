/** The graph's own controls: fit, re-layout, direction, expand/collapse groups, and what the layout did. */
import { Panel } from '@xyflow/react';
import { memo, useMemo } from 'react';
import { selectDirection, selectViewKey, selectViewSummary } from '../../state/selectors';
import { BookmarkButton } from '../bookmarks/BookmarkButton';
import { CopyLinkButton } from '../links/CopyLinkButton';
import { useAppStore } from '../../state/store';
import type { LayoutInfo } from './use-graph-layout';

export function GraphToolbar(props: {
  nodeCount: number;
  edgeCount: number;
  groupIds: readonly string[];
  info: LayoutInfo;
  onFit(): void;
}) {
  const direction = useAppStore(selectDirection);
  const setPref = useAppStore((s) => s.setPref);
  const requestRelayout = useAppStore((s) => s.requestRelayout);
  const { info } = props;
  const sessionKey = useAppStore(selectViewKey);

  const nodes = `${props.nodeCount} nodes`;
  // Left out on a narrow canvas (graph.css), kept in the title.
  const more =
    ` · ${props.edgeCount} edges` +
    (info.engine === 'grid' && info.reason ? ` · grid layout (${info.reason})` : '');

  const expandAll = () => useAppStore.getState().setExpandedGroups(new Set(props.groupIds));

  return (
    <Panel position="top-left" className="graph-toolbar">
      <div className="button-group">
        <button type="button" className="button" onClick={props.onFit} title="Fit the graph to the view (F)">
          Fit
        </button>
        <button
          type="button"
          className="button"
          onClick={requestRelayout}
          title="Lay out the whole graph again (moves nodes)"
          disabled={info.busy}
        >
          {info.busy ? 'Laying out…' : 'Re-layout'}
        </button>
      </div>
      <div className="button-group" role="group" aria-label="Layout direction">
        <button
          type="button"
          className={`button${direction === 'RIGHT' ? ' is-on' : ''}`}
          aria-pressed={direction === 'RIGHT'}
          onClick={() => setPref('direction', 'RIGHT')}
          title="Left to right"
        >
          →
        </button>
        <button
          type="button"
          className={`button${direction === 'DOWN' ? ' is-on' : ''}`}
          aria-pressed={direction === 'DOWN'}
          onClick={() => setPref('direction', 'DOWN')}
          title="Top to bottom"
        >
          ↓
        </button>
      </div>
      <div className="button-group">
        <button type="button" className="button" onClick={expandAll} title="Show every tool call">
          Expand tools
        </button>
        <button
          type="button"
          className="button"
          onClick={() => useAppStore.getState().setExpandedGroups(new Set())}
          title="Group tool calls by tool name"
        >
          Collapse
        </button>
      </div>
      {sessionKey && <SessionActions sessionKey={sessionKey} />}
      <span className="graph-stats faint" title={nodes + more}>
        {nodes}
        <span className="graph-stats-more">{more}</span>
      </span>
    </Panel>
  );
}

/**
 * Copy link and Bookmark (at the newest seq). Its own component: the newest seq changes with
 * every live append, and the whole toolbar (and the copy button's link) was drawn again for it.
 */
function SessionActions({ sessionKey }: { sessionKey: string }) {
  const lastSeq = useAppStore((s) => selectViewSummary(s)?.lastSeq ?? null);
  const sessionId = useAppStore((s) => selectViewSummary(s)?.sessionId ?? '');
  const linkTarget = useMemo(() => ({ kind: 'session' as const, key: sessionKey, at: null }), [sessionKey]);
  return (
    <div className="graph-session-actions" data-testid="session-actions">
      <SessionLink target={linkTarget} />
      <BookmarkButton
        target={{
          kind: 'session',
          key: sessionKey,
          at: lastSeq !== null ? { kind: 'seq', seq: lastSeq } : null,
        }}
        label={lastSeq !== null ? `${sessionId} at seq ${lastSeq}` : sessionId}
        seq={lastSeq}
      />
    </div>
  );
}

const SessionLink = memo(CopyLinkButton);
