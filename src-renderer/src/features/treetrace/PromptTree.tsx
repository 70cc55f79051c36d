/**
 * The prompt lineage tree: rows from the layout worker, only the ones in view mounted (5,000-node
 * bundles scroll like 50-node ones). Each row: fold toggle, kind chip, title, badges (nudges,
 * reruns), markers (failure signals, rejections, cycle, broken edge), model and tokens.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { TreeTraceBundle, TreeTraceNode } from '../../../../src-shared/formats/treetrace';
import type { TreeLayout } from './layout/tree-layout';
import { kindClass, formatTokens } from './tree-model';

export const ROW_H = 30;
const INDENT = 18;
const OVERSCAN = 12;

export type ChainRole = 'failure' | 'correction' | 'resolved';

interface Props {
  bundle: TreeTraceBundle;
  layout: TreeLayout | null;
  groupLabels: string[];
  collapsed: Set<number>;
  selected: number | null;
  highlight: Map<number, ChainRole>;
  scrollToRow: { row: number; seq: number } | null;
  onToggle: (node: number) => void;
  onSelect: (node: number) => void;
}

export function PromptTree(props: Props) {
  const { bundle, layout, collapsed, selected, highlight } = props;
  const box = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setHeight(el.clientHeight));
    ro.observe(el);
    setHeight(el.clientHeight);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    const el = box.current;
    const target = props.scrollToRow;
    if (!el || !target || target.row < 0) return;
    const top = target.row * ROW_H;
    if (top < el.scrollTop || top + ROW_H > el.scrollTop + el.clientHeight)
      el.scrollTop = Math.max(0, top - el.clientHeight / 3);
  }, [props.scrollToRow]);

  if (!layout) return <div className="tt-tree tt-tree-empty">Laying out…</div>;
  const rows = layout.rows;
  const first = Math.max(0, Math.floor(scrollTop / ROW_H) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + height) / ROW_H) + OVERSCAN);
  const mounted = [];
  for (let r = first; r < last; r++) {
    const row = rows[r]!;
    const style = { top: r * ROW_H, height: ROW_H, paddingLeft: 8 + row.depth * INDENT };
    if (row.node < 0) {
      mounted.push(
        <div
          key={`g${row.group}`}
          className="tt-row tt-group-row"
          style={style}
          data-testid="tt-session-group"
        >
          <span className="tt-group-label">{props.groupLabels[row.group] ?? 'Session'}</span>
        </div>,
      );
      continue;
    }
    const node = bundle.nodes[row.node]!;
    mounted.push(
      <TreeRowView
        key={node.index}
        node={node}
        bundle={bundle}
        style={style}
        isCollapsed={collapsed.has(node.index)}
        hidden={row.hidden}
        selected={selected === node.index}
        role={highlight.get(node.index) ?? null}
        dimmedByChain={highlight.size > 0 && !highlight.has(node.index)}
        onToggle={props.onToggle}
        onSelect={props.onSelect}
      />,
    );
  }
  return (
    <div
      className="tt-tree"
      ref={box}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      data-testid="tt-tree"
      data-rows={rows.length}
    >
      <div className="tt-tree-inner" style={{ height: rows.length * ROW_H }}>
        {mounted}
      </div>
    </div>
  );
}

function TreeRowView(p: {
  node: TreeTraceNode;
  bundle: TreeTraceBundle;
  style: React.CSSProperties;
  isCollapsed: boolean;
  hidden: number;
  selected: boolean;
  role: ChainRole | null;
  dimmedByChain: boolean;
  onToggle: (node: number) => void;
  onSelect: (node: number) => void;
}) {
  const { node, bundle } = p;
  const hasKids = node.children.length > 0;
  const cls = [
    'tt-row',
    p.selected && 'is-selected',
    node.abandoned && 'is-abandoned',
    p.role && `is-chain-${p.role}`,
    p.dimmedByChain && 'is-chain-dim',
  ]
    .filter(Boolean)
    .join(' ');
  const tokens = formatTokens(node.inputTokens, node.outputTokens);
  const broken = node.parentLink === 'broken-cycle' ? bundle.cycles[node.cycle ?? -1]?.broken : undefined;
  return (
    <div
      className={cls}
      style={p.style}
      data-testid="tt-row"
      data-node-key={node.key}
      data-kind={node.kind ?? 'unknown'}
      data-abandoned={node.abandoned ? 'true' : undefined}
      data-chain-role={p.role ?? undefined}
      onClick={() => p.onSelect(node.index)}
    >
      <button
        type="button"
        className="tt-toggle"
        aria-label={p.isCollapsed ? 'Expand' : 'Collapse'}
        disabled={!hasKids}
        data-testid="tt-toggle"
        onClick={(e) => {
          e.stopPropagation();
          if (hasKids) p.onToggle(node.index);
        }}
      >
        {hasKids ? (p.isCollapsed ? '▸' : '▾') : ''}
      </button>
      <span className={`tt-kind ${kindClass(node.kind)}`}>{node.kind ?? '?'}</span>
      {p.role && <span className={`tt-role tt-role-${p.role}`}>{p.role}</span>}
      <span className="tt-title" title={node.title || node.text}>
        {node.title || node.text.slice(0, 120) || node.key}
      </span>
      {node.abandoned && <span className="badge tone-muted">abandoned</span>}
      {node.nudges > 0 && (
        <span className="badge tone-warning" title="Nudges: the human had to push again">
          nudge ×{node.nudges}
        </span>
      )}
      {node.reruns > 0 && (
        <span className="badge tone-accent" title="Reruns">
          rerun ×{node.reruns}
        </span>
      )}
      {node.failureSignals.length > 0 && (
        <span
          className="mark tt-mark-signal"
          title={node.failureSignals.map((s) => s.type ?? '?').join(', ')}
          data-testid="tt-signal-marker"
        >
          ⚠ {node.failureSignals.length}
        </span>
      )}
      {node.refs.rejections.length > 0 && (
        <span
          className="mark tt-mark-rejection"
          title={node.refs.rejections.map((r) => bundle.rejections[r]?.kind ?? '?').join(', ')}
          data-testid="tt-rejection-marker"
        >
          ⊘ {node.refs.rejections.length}
        </span>
      )}
      {node.cycle != null && (
        <span className="mark mark-stale" title="On a parent cycle" data-testid="tt-cycle-marker">
          cycle
        </span>
      )}
      {broken && (
        <span
          className="mark mark-missing"
          data-testid="tt-broken-edge"
          title={`Parent edge ${broken.childId ?? '?'} → ${broken.parentId ?? '?'} closed a cycle and was broken here`}
        >
          ✂ edge to {broken.parentId ?? '?'} broken
        </span>
      )}
      {node.parentLink === 'dangling' && (
        <span className="mark mark-missing" title={`Parent ${node.parentId ?? ''} is not in the bundle`}>
          {/* TreeTrace's redaction can replace an id: say so rather than "missing". */}
          {node.parentId?.startsWith('[REDACTED') ? 'redacted parent' : 'missing parent'}
        </span>
      )}
      {p.isCollapsed && p.hidden > 0 && <span className="tt-hidden">+{p.hidden}</span>}
      <span className="tt-meta">
        {node.model && <span className="tt-model">{node.model}</span>}
        {tokens && <span className="tt-tokens">{tokens}</span>}
      </span>
    </div>
  );
}
