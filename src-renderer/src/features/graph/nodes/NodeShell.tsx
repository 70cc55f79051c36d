/**
 * The frame every graph node shares: handles on the sides the layout direction calls for, the
 * selection / "new" / missing / stale states, and the stable test ids.
 */
import { Handle, Position, useUpdateNodeInternals } from '@xyflow/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { isNodeSelected, selectDirection } from '../../../state/selectors';
import { useAppStore } from '../../../state/store';
import type { VisibleKind } from '../visible-graph';

export type ShellTone = 'neutral' | 'verified' | 'refuted' | 'insufficient' | 'warning' | 'accent' | 'muted';

export function NodeShell(props: {
  id: string;
  kind: VisibleKind;
  tone?: ShellTone;
  missing?: boolean;
  isNew?: boolean;
  title?: string;
  children: ReactNode;
}) {
  const { id } = props;
  const selected = useAppStore(isNodeSelected(id));
  const isNewSelf = useAppStore((s) => s.newNodes.has(id));
  const direction = useAppStore(selectDirection);
  const down = direction === 'DOWN';

  // Handles move with the direction; React Flow must re-read where they are.
  const updateInternals = useUpdateNodeInternals();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else updateInternals(id);
  }, [direction, id, updateInternals]);

  const cls = [
    'gnode',
    `gnode-${props.kind}`,
    `tone-${props.tone ?? 'neutral'}`,
    selected && 'is-selected',
    (props.isNew || isNewSelf) && 'is-new',
    props.missing && 'is-missing',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      className={cls}
      data-testid="graph-node"
      data-node-id={id}
      data-kind={props.kind}
      data-selected={selected || undefined}
      title={props.title}
    >
      <Handle type="target" position={down ? Position.Top : Position.Left} isConnectable={false} />
      {props.children}
      <Handle type="source" position={down ? Position.Bottom : Position.Right} isConnectable={false} />
    </div>
  );
}

/** The first line of a node: a kind label, the title, and a right-aligned badge. */
export function NodeHead(props: { kind: string; title: string; badge?: ReactNode; mono?: boolean }) {
  return (
    <div className="gnode-head">
      <span className="gnode-kind">{props.kind}</span>
      <span className={`gnode-title${props.mono ? ' mono' : ''}`} title={props.title}>
        {props.title}
      </span>
      {props.badge}
    </div>
  );
}

export function NodeLine({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={`gnode-line${className ? ` ${className}` : ''}`}>{children}</div>;
}

export function Marks(props: { stale?: boolean; corrected?: number; missing?: boolean }) {
  return (
    <>
      {props.missing && <span className="mark mark-missing">missing</span>}
      {props.stale && (
        <span className="mark mark-stale" title="Given before a correction changed what it verified">
          stale
        </span>
      )}
      {props.corrected ? (
        <span className="mark mark-corrected" title={`${props.corrected} correction(s) applied`}>
          corrected
        </span>
      ) : null}
    </>
  );
}
