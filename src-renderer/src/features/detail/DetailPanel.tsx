/** The right-hand panel: the selected node (or group, or lone event) in full. */
import { selectSelectedEventId, selectSelectedNodeId, selectViewKey } from '../../state/selectors';
import { useAppStore } from '../../state/store';
import { EmptyState, Kbd } from '../../shared/ui';
import { EventList } from './EventList';
import { GroupDetail } from './GroupDetail';
import { NodeDetail } from './NodeDetail';
import './detail.css';

export function DetailPanel() {
  const key = useAppStore(selectViewKey);
  const nodeId = useAppStore(selectSelectedNodeId);
  const eventId = useAppStore(selectSelectedEventId);
  const node = useAppStore((s) => (nodeId ? s.data?.nodes.get(nodeId) : undefined));
  const hasSelection = Boolean(nodeId || eventId);

  return (
    <aside className="detail-panel" data-testid="detail-panel" aria-label="Details">
      <div className="panel-bar">
        <span className="panel-title">Details</span>
        <span className="spacer" />
        {hasSelection && (
          <button
            type="button"
            className="icon-button"
            title="Close (Esc)"
            aria-label="Close details"
            onClick={() => useAppStore.getState().selectNode(null)}
          >
            ×
          </button>
        )}
      </div>
      <div className="detail-body">
        {!key || !hasSelection ? (
          <EmptyState title="Nothing selected">
            Click a node in the graph or an event in the timeline. <Kbd>j</Kbd> <Kbd>k</Kbd> step through
            events.
          </EmptyState>
        ) : node ? (
          <NodeDetail node={node} sessionKey={key} />
        ) : nodeId?.startsWith('group:') || nodeId?.startsWith('kinds:') ? (
          <GroupDetail id={nodeId} />
        ) : eventId ? (
          <>
            <header className="detail-head">
              <div className="detail-kind">Event</div>
              <div className="detail-id mono faint">{eventId}</div>
              {nodeId && <div className="faint">Its node {nodeId} is no longer in the graph.</div>}
            </header>
            <EventList sessionKey={key} eventIds={[eventId]} revision={0} />
          </>
        ) : (
          <EmptyState title="No longer in the graph">
            <span className="mono">{nodeId}</span> was removed (the file may have been re-read).
          </EmptyState>
        )}
      </div>
    </aside>
  );
}
