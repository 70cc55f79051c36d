/**
 * The graph differences: verdict flips, corrections, nodes added / removed / changed, edges.
 * Clicking one shows that node in its session (B's for what B has, A's for what was removed).
 */
import type { ReactNode } from 'react';
import type { CompareResult, NodeRef } from '../../../../src-shared/lineage/compare/compare-types';
import { Chip, type Tone } from '../../shared/ui';
import { showInSession } from './navigate';

const VERDICT_TONE: Record<string, Tone> = {
  verified: 'verified',
  passed: 'verified',
  refuted: 'refuted',
  failed: 'refuted',
  insufficient: 'insufficient',
  warning: 'warning',
};

function Verdict({ value }: { value: string | null }) {
  return <Chip tone={(value && VERDICT_TONE[value]) || 'muted'}>{value ?? '—'}</Chip>;
}

function Section(props: {
  title: string;
  count: number;
  notListed?: number;
  children: ReactNode;
  testId: string;
}) {
  if (props.count === 0) return null;
  return (
    <section className="compare-diff-section" data-testid={props.testId}>
      <h3>
        {props.title} <span className="faint">{props.count}</span>
      </h3>
      <ul>{props.children}</ul>
      {props.notListed ? (
        <div className="compare-omitted faint">… {props.notListed} more not listed</div>
      ) : null}
    </section>
  );
}

function Entry(props: {
  sessionKey: string;
  node: NodeRef | null;
  change: string;
  testId: string;
  dataKey: string;
  children: ReactNode;
}) {
  const { node } = props;
  return (
    <li>
      <button
        type="button"
        className={`compare-diff change-${props.change}`}
        data-testid={props.testId}
        data-change={props.change}
        data-key={props.dataKey}
        disabled={!node}
        title={node ? `Show ${node.nodeId} in its session` : undefined}
        onClick={() => node && void showInSession(props.sessionKey, node.nodeId)}
      >
        {props.children}
      </button>
    </li>
  );
}

const MARK: Record<string, string> = { added: '+', removed: '−', changed: '~' };

/** Across two logs a tool call, verdict or subagent is matched by its order ("#3"): say which. */
const ordinal = (key: string) => /#\d+$/.exec(key)?.[0] ?? null;

export function GraphDiffList({ result }: { result: CompareResult }) {
  const { a, b } = result;
  const side = (change: string) => (change === 'removed' ? a.sessionKey : b.sessionKey);
  const nothing =
    result.nodes.length + result.edges.length + result.verdictFlips.length + result.corrections.length === 0;
  return (
    <section className="compare-diffs" aria-label="Graph differences" data-testid="compare-diffs">
      {nothing && <div className="compare-note">The two graphs are the same.</div>}
      <Section
        title="Verdict flips"
        count={result.summary.verdictFlips}
        notListed={result.notListed.verdictFlips}
        testId="compare-flips"
      >
        {result.verdictFlips.map((f) => (
          <Entry
            key={`${f.subject}:${f.key}`}
            sessionKey={b.sessionKey}
            node={f.b ?? f.a}
            change="changed"
            testId="compare-flip"
            dataKey={f.key}
          >
            <span className="compare-diff-kind">{f.subject}</span>
            <span className="ellipsis">{f.label}</span>
            <Verdict value={f.before} /> → <Verdict value={f.after} />
          </Entry>
        ))}
      </Section>
      <Section
        title="Corrections"
        count={result.summary.corrections.added + result.summary.corrections.removed}
        notListed={result.notListed.corrections}
        testId="compare-corrections"
      >
        {result.corrections.map((c) => (
          <Entry
            key={`${c.change}:${c.correctionId}`}
            sessionKey={side(c.change)}
            node={c.node}
            change={c.change}
            testId="compare-correction"
            dataKey={c.correctionId}
          >
            <span className="compare-mark">{MARK[c.change]}</span>
            <span className="ellipsis">
              {c.fields.join(', ')} of {c.node?.label ?? c.eventId}
              {c.reason ? <span className="faint"> — {c.reason}</span> : null}
            </span>
          </Entry>
        ))}
      </Section>
      <Section
        title="Nodes"
        count={result.summary.nodes.added + result.summary.nodes.removed + result.summary.nodes.changed}
        notListed={result.notListed.nodes}
        testId="compare-nodes"
      >
        {result.nodes.map((n) => (
          <Entry
            key={n.key}
            sessionKey={side(n.change)}
            node={n.b ?? n.a}
            change={n.change}
            testId="compare-node-diff"
            dataKey={n.key}
          >
            <span className="compare-mark">{MARK[n.change]}</span>
            <span className="compare-diff-kind">{n.kind.replace('_', ' ')}</span>
            <span className="ellipsis">{(n.b ?? n.a)!.label}</span>
            {ordinal(n.key) && <span className="faint">{ordinal(n.key)}</span>}
            {(n.b ?? n.a)!.missing && <Chip tone="refuted">missing</Chip>}
            {n.fields.map((f) => (
              <span key={f.field} className="compare-field">
                {f.field} <s>{f.before ?? '—'}</s> → {f.after ?? '—'}
              </span>
            ))}
          </Entry>
        ))}
      </Section>
      <Section
        title="Edges"
        count={result.summary.edges.added + result.summary.edges.removed}
        notListed={result.notListed.edges}
        testId="compare-edges"
      >
        {result.edges.map((e) => (
          <Entry
            key={`${e.change}:${e.key}`}
            sessionKey={side(e.change)}
            node={e.target}
            change={e.change}
            testId="compare-edge-diff"
            dataKey={e.key}
          >
            <span className="compare-mark">{MARK[e.change]}</span>
            <span className="ellipsis">
              {e.source.label} → {e.target.label}
            </span>
            <span className="faint">{e.reasons.join(', ')}</span>
          </Entry>
        ))}
      </Section>
    </section>
  );
}
