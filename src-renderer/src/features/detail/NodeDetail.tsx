/** Everything about one lineage node: facts, kind sections, corrections, neighbours, events. */
import { isHeldInMemory } from '../../../../src-shared/formats/sciagent/slim-body';
import type { LineageNode } from '../../../../src-shared/lineage/types';
import { BookmarkButton } from '../bookmarks/BookmarkButton';
import { Marks } from '../graph/nodes/NodeShell';
import { CopyLinkButton } from '../links/CopyLinkButton';
import { Connections } from './Connections';
import { CorrectionList } from './CorrectionList';
import { EventList } from './EventList';
import { Facts } from './Facts';
import { JobSections } from './JobSections';
import { nodeFacts } from './node-facts';

const KIND_LABEL: Record<LineageNode['kind'], string> = {
  session: 'Session',
  tool_call: 'Tool call',
  job: 'Compute job',
  artifact: 'Artifact',
  verification: 'Verification',
  validation: 'Produces validation',
  subagent: 'Subagent',
  child_session: 'Child session',
  event: 'Event (unknown kind)',
};

export function NodeDetail({ node, sessionKey }: { node: LineageNode; sessionKey: string }) {
  // A node is built from what memory keeps of its events: a correction of a field kept only on
  // disk (a tool's output…) has its "before" shown with the event, read from the file.
  const beforeOnDisk = node.corrections.some((c) => c.fields.some((f) => !isHeldInMemory(f)));
  return (
    <>
      <header className="detail-head">
        <div className="detail-kind">{KIND_LABEL[node.kind]}</div>
        <div className="detail-title mono">{node.label}</div>
        <div className="detail-id mono faint">
          {node.id}
          {node.seq !== null && <span className="nowrap"> · seq {node.seq}</span>}
        </div>
        <div className="detail-marks">
          <Marks stale={node.stale} corrected={node.corrections.length} missing={node.missing} />
        </div>
        <div className="detail-actions">
          <CopyLinkButton target={{ kind: 'session', key: sessionKey, at: { kind: 'node', id: node.id } }} />
          <BookmarkButton
            target={{ kind: 'session', key: sessionKey, at: { kind: 'node', id: node.id } }}
            label={`${KIND_LABEL[node.kind].toLowerCase()} ${node.label}`}
            seq={node.seq}
          />
        </div>
      </header>
      <Facts facts={nodeFacts(node)} />
      {node.kind === 'job' && <JobSections node={node} sessionKey={sessionKey} />}
      {node.corrections.length > 0 && (
        <section className="detail-section">
          <h3>Corrections</h3>
          <CorrectionList corrections={node.corrections} beforeHeld={isHeldInMemory} />
        </section>
      )}
      <Connections id={node.id} />
      {node.eventIds.length > 0 && (
        <EventList
          sessionKey={sessionKey}
          eventIds={node.eventIds}
          revision={node.corrections.length}
          showCorrections={node.corrections.length === 0 || beforeOnDisk}
        />
      )}
    </>
  );
}
