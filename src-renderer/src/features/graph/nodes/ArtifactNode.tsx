import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import { nodeById } from '../../../state/selectors';
import { useAppStore } from '../../../state/store';
import { formatBytes, formatCount } from '../../../shared/format';
import { EllipsisStart } from '../../../shared/ui';
import { artifactData } from '../node-data';
import type { GraphNode } from '../rf-types';
import { Marks, NodeHead, NodeLine, NodeShell } from './NodeShell';

function splitPath(path: string): [string, string] {
  const i = path.replace(/\/+$/, '').lastIndexOf('/');
  return i < 0 ? ['', path] : [path.slice(0, i + 1), path.slice(i + 1)];
}

/** An artifact; one that was expected but never produced is drawn dashed and red. */
export const ArtifactNode = memo(function ArtifactNode({ id }: NodeProps<GraphNode>) {
  const node = useAppStore(nodeById(id));
  if (!node) return null;
  const d = artifactData(node);
  if (d.missingCount !== null) return <MissingArtifactsNode id={id} count={d.missingCount} jobId={d.jobId} />;
  const [dir, base] = splitPath(d.path);
  return (
    <NodeShell
      id={id}
      kind="artifact"
      tone={node.missing ? 'refuted' : 'neutral'}
      missing={node.missing}
      title={d.path}
    >
      <NodeHead
        kind="Artifact"
        title={base || d.path}
        mono
        badge={
          node.missing ? (
            <span className="badge tone-refuted">missing</span>
          ) : (
            <span className="badge tone-muted">{formatBytes(d.sizeBytes)}</span>
          )
        }
      />
      <NodeLine className="faint mono">
        <EllipsisStart text={node.missing ? `pattern ${d.path}` : dir || '(no folder)'} />
      </NodeLine>
      <NodeLine className="faint">
        {node.missing ? (
          <span className="text-refuted">expected by job {d.jobId ?? '?'}, never produced</span>
        ) : (
          <>
            <span className="it">{d.contentType ?? 'unknown type'}</span>
            {d.jobId && <span className="it ellipsis">job {d.jobId}</span>}
          </>
        )}
        <Marks corrected={node.corrections.length} />
      </NodeLine>
    </NodeShell>
  );
});

/** A job's many expected artifacts that were never produced, as one node (their list: the detail). */
function MissingArtifactsNode({ id, count, jobId }: { id: string; count: number; jobId: string | null }) {
  return (
    <NodeShell
      id={id}
      kind="artifact"
      tone="refuted"
      missing
      title={`${count} expected artifacts never produced`}
    >
      <NodeHead
        kind="Artifacts"
        title={`${formatCount(count)} expected`}
        badge={<span className="badge tone-refuted">missing</span>}
      />
      <NodeLine className="faint">
        <span className="text-refuted">expected by job {jobId ?? '?'}, never produced</span>
      </NodeLine>
    </NodeShell>
  );
}
