/** The side panels of the TreeTrace view: node detail, chains, rejections, lessons, evals, hallucinations, stats. */
import type { TreeTraceBundle, TreeTraceChain } from '../../../../src-shared/formats/treetrace';
import { formatTokens, kindClass } from './tree-model';

type Go = (node: number) => void;

export function NodeLinkButton({
  bundle,
  node,
  go,
}: {
  bundle: TreeTraceBundle;
  node: number | null;
  go: Go;
}) {
  if (node == null) return <span className="text-muted">—</span>;
  const n = bundle.nodes[node];
  if (!n) return <span className="text-muted">—</span>;
  return (
    <button type="button" className="tt-link" data-testid="tt-node-link" onClick={() => go(node)}>
      {n.id ?? n.key}
      {n.title ? ` · ${n.title.slice(0, 60)}` : ''}
    </button>
  );
}

function Missing({ id }: { id: string | null }) {
  return <span className="mark mark-missing">{id ?? '—'} missing</span>;
}

export function NodeDetail({ bundle, node, go }: { bundle: TreeTraceBundle; node: number | null; go: Go }) {
  const n = node == null ? null : bundle.nodes[node];
  if (!n) return <div className="tt-empty">Select a node in the tree.</div>;
  const tokens = formatTokens(n.inputTokens, n.outputTokens);
  return (
    <div className="tt-detail" data-testid="tt-node-detail">
      <div className="tt-detail-head">
        <span className={`tt-kind ${kindClass(n.kind)}`}>{n.kind ?? '?'}</span>
        <strong>{n.title || n.key}</strong>
      </div>
      <dl className="tt-facts">
        <dt>Id</dt>
        <dd>
          {n.id ?? '—'}
          {n.idRedacted && <span className="mark mark-stale"> redacted</span>}
        </dd>
        <dt>Status</dt>
        <dd>{n.status ?? '—'}</dd>
        <dt>Parent</dt>
        <dd>
          {n.parent != null ? (
            <NodeLinkButton bundle={bundle} node={n.parent} go={go} />
          ) : (
            (n.parentId ?? 'none')
          )}
          {n.parentLink === 'broken-cycle' && <span className="mark mark-missing"> cycle edge broken</span>}
          {n.parentLink === 'dangling' && <span className="mark mark-missing"> not in bundle</span>}
        </dd>
        {n.session && (
          <>
            <dt>Session</dt>
            <dd>{n.session}</dd>
          </>
        )}
        {n.timestamp && (
          <>
            <dt>Time</dt>
            <dd>{n.timestamp}</dd>
          </>
        )}
        {n.model && (
          <>
            <dt>Model</dt>
            <dd>{n.model}</dd>
          </>
        )}
        {tokens && (
          <>
            <dt>Tokens</dt>
            <dd>{tokens}</dd>
          </>
        )}
        <dt>Nudges / reruns</dt>
        <dd>
          {n.nudges} / {n.reruns}
        </dd>
      </dl>
      <h4>Text</h4>
      <pre className="tt-text" data-testid="tt-node-text">
        {n.text || '—'}
      </pre>
      {n.actions.length > 0 && (
        <>
          <h4>Actions ({n.actions.length})</h4>
          <ul className="tt-list">
            {n.actions.map((a, i) => (
              <li key={i}>
                <code>{a.tool ?? '?'}</code> {a.file ?? a.command ?? ''}
                {a.model && <span className="text-muted"> · {a.model}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
      {n.failureSignals.length > 0 && (
        <>
          <h4>Failure signals</h4>
          <ul className="tt-list">
            {n.failureSignals.map((s, i) => (
              <li key={i} data-testid="tt-detail-signal">
                <span className="badge tone-refuted">{s.type ?? '?'}</span> {s.tier ?? ''}{' '}
                {s.confidence != null && <span className="text-muted">conf {s.confidence}</span>}
                {s.evidence && <div className="tt-evidence">{s.evidence}</div>}
                {s.resolvedBy && (
                  <div>
                    resolved by{' '}
                    {s.resolvedByNode != null ? (
                      <NodeLinkButton bundle={bundle} node={s.resolvedByNode} go={go} />
                    ) : (
                      <Missing id={s.resolvedBy} />
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {n.refs.rejections.length > 0 && (
        <>
          <h4>Rejections</h4>
          <ul className="tt-list">
            {n.refs.rejections.map((r) => {
              const rej = bundle.rejections[r]!;
              return (
                <li key={r}>
                  <span className="badge tone-warning">{rej.kind ?? '?'}</span> {rej.tool ?? ''}{' '}
                  {rej.source ?? ''}
                  {rej.evidence && <div className="tt-evidence">{rej.evidence}</div>}
                </li>
              );
            })}
          </ul>
        </>
      )}
      {n.refs.lessons.length > 0 && (
        <>
          <h4>Lessons citing it</h4>
          <ul className="tt-list">
            {n.refs.lessons.map((l) => (
              <li key={l}>
                <strong>{bundle.lessons[l]?.title ?? bundle.lessons[l]?.id}</strong> {bundle.lessons[l]?.text}
              </li>
            ))}
          </ul>
        </>
      )}
      {n.refs.evals.length > 0 && (
        <>
          <h4>Evals citing it</h4>
          <ul className="tt-list">
            {n.refs.evals.map((e) => (
              <li key={e}>
                <code>{bundle.evalCandidates[e]?.id ?? 'eval'}</code> {bundle.evalCandidates[e]?.task}
              </li>
            ))}
          </ul>
        </>
      )}
      {n.refs.hallucinations.length > 0 && (
        <>
          <h4>Hallucinations</h4>
          <ul className="tt-list">
            {n.refs.hallucinations.map((h) => (
              <li key={h}>
                <span className="badge tone-refuted">{bundle.hallucinations[h]?.category}</span>{' '}
                <code>{bundle.hallucinations[h]?.reference}</code>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

export function chainConfidence(c: TreeTraceChain): string {
  return c.confidence == null ? 'none' : String(c.confidence);
}

export function ChainsPanel(p: {
  bundle: TreeTraceBundle;
  chains: TreeTraceChain[];
  selected: number | null;
  type: string;
  confidence: string;
  onType: (t: string) => void;
  onConfidence: (c: string) => void;
  onSelect: (chain: number) => void;
}) {
  const { bundle } = p;
  const types = [...new Set(bundle.correctionChains.map((c) => c.canonicalFailureType ?? 'unknown'))].sort();
  const confs = [...new Set(bundle.correctionChains.map(chainConfidence))].sort();
  return (
    <div className="tt-panel" data-testid="tt-chains">
      <div className="tt-filters">
        <select
          value={p.type}
          onChange={(e) => p.onType(e.target.value)}
          aria-label="Failure type"
          data-testid="tt-chain-type"
        >
          <option value="">All failure types</option>
          {types.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <select
          value={p.confidence}
          onChange={(e) => p.onConfidence(e.target.value)}
          aria-label="Confidence"
          data-testid="tt-chain-confidence"
        >
          <option value="">Any confidence</option>
          {confs.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div className="tt-hint">j / k step through chains</div>
      {p.chains.length === 0 && (
        <div className="tt-empty">No correction chains{bundle.correctionChains.length ? ' match' : ''}.</div>
      )}
      <ul className="tt-items">
        {p.chains.map((c) => (
          <li key={c.index}>
            <button
              type="button"
              className={`tt-item${p.selected === c.index ? ' is-selected' : ''}`}
              data-testid="tt-chain-row"
              data-chain-id={c.id ?? ''}
              onClick={() => p.onSelect(c.index)}
            >
              <span className="tt-item-head">
                <span className="badge tone-refuted">{c.failureType ?? 'unknown'}</span>
                <span className="badge">{chainConfidence(c)}</span>
                <span className="text-muted">{c.id}</span>
              </span>
              <span className="tt-item-text">{c.summary ?? '—'}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function RejectionsPanel({ bundle, go }: { bundle: TreeTraceBundle; go: Go }) {
  return (
    <div className="tt-panel" data-testid="tt-rejections">
      {bundle.rejectionLedger && (
        <div className="tt-hint">
          rejections.json: {bundle.rejectionLedger.entries} entries, {bundle.rejectionLedger.matched} on
          nodes, {bundle.rejectionLedger.unmatched} unmatched
        </div>
      )}
      {bundle.rejections.length === 0 && <div className="tt-empty">No rejections.</div>}
      <ul className="tt-items">
        {bundle.rejections.map((r) => (
          <li key={r.index} className="tt-item" data-testid="tt-rejection-row">
            <span className="tt-item-head">
              <span className="badge tone-warning">{r.kind ?? '?'}</span>
              {r.tool && <code>{r.tool}</code>}
              <span className="text-muted">{r.origin}</span>
            </span>
            {r.evidence && <span className="tt-item-text">{r.evidence}</span>}
            {r.node != null ? (
              <NodeLinkButton bundle={bundle} node={r.node} go={go} />
            ) : (
              <Missing id={r.nodeId} />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function LessonsPanel({ bundle, go }: { bundle: TreeTraceBundle; go: Go }) {
  return (
    <div className="tt-panel" data-testid="tt-lessons">
      {bundle.lessons.length === 0 && <div className="tt-empty">No lessons.</div>}
      <ul className="tt-items">
        {bundle.lessons.map((l) => (
          <li key={l.index} className="tt-item" data-testid="tt-lesson-row">
            <strong>{l.title ?? l.id ?? 'Lesson'}</strong>
            {l.text && <span className="tt-item-text">{l.text}</span>}
            <NodeLinks bundle={bundle} ids={l.nodeIds} nodes={l.nodes} go={go} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function NodeLinks({
  bundle,
  ids,
  nodes,
  go,
}: {
  bundle: TreeTraceBundle;
  ids: string[];
  nodes: number[];
  go: Go;
}) {
  const found = new Set(nodes.map((n) => bundle.nodes[n]?.id));
  return (
    <span className="tt-links">
      {nodes.map((n) => (
        <NodeLinkButton key={n} bundle={bundle} node={n} go={go} />
      ))}
      {ids
        .filter((id) => !found.has(id))
        .map((id) => (
          <Missing key={id} id={id} />
        ))}
    </span>
  );
}

export function EvalsPanel({ bundle, go }: { bundle: TreeTraceBundle; go: Go }) {
  return (
    <div className="tt-panel" data-testid="tt-evals">
      {bundle.evalCandidates.length === 0 && <div className="tt-empty">No eval candidates.</div>}
      <ul className="tt-items">
        {bundle.evalCandidates.map((e) => (
          <li key={e.index} className="tt-item" data-testid="tt-eval-row">
            <span className="tt-item-head">
              <code>{e.id ?? 'eval'}</code>
              {e.type && <span className="badge">{e.type}</span>}
            </span>
            {e.task && <span className="tt-item-text">{e.task}</span>}
            {e.expectedBehavior.length > 0 && (
              <ul className="tt-list">
                {e.expectedBehavior.map((b, i) => (
                  <li key={i}>{b}</li>
                ))}
              </ul>
            )}
            <NodeLinks bundle={bundle} ids={e.sourceNodeIds} nodes={e.nodes} go={go} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function HallucinationsPanel({ bundle, go }: { bundle: TreeTraceBundle; go: Go }) {
  return (
    <div className="tt-panel" data-testid="tt-hallucinations">
      {bundle.hallucinationCheck?.note && <div className="tt-hint">{bundle.hallucinationCheck.note}</div>}
      {bundle.hallucinations.length === 0 && <div className="tt-empty">No hallucinations.</div>}
      <ul className="tt-items">
        {bundle.hallucinations.map((h) => (
          <li key={h.index} className="tt-item" data-testid="tt-hallucination-row">
            <span className="tt-item-head">
              <span className="badge tone-refuted">{h.category ?? '?'}</span>
              <span className="text-muted">{h.origin}</span>
            </span>
            {h.reference && <code>{h.reference}</code>}
            {h.evidence && <span className="tt-item-text">{h.evidence}</span>}
            {h.node != null ? (
              <NodeLinkButton bundle={bundle} node={h.node} go={go} />
            ) : (
              <Missing id={h.nodeId} />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Counts({ title, counts }: { title: string; counts: Record<string, number> }) {
  const entries = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  if (!entries.length) return null;
  const max = Math.max(...entries.map((e) => e[1]));
  return (
    <div className="tt-counts">
      <h4>{title}</h4>
      {entries.map(([k, v]) => (
        <div key={k} className="tt-bar-row">
          <span className="tt-bar-label">{k}</span>
          <span className="tt-bar">
            <span style={{ width: `${(100 * v) / max}%` }} />
          </span>
          <span className="tt-bar-value">{v}</span>
        </div>
      ))}
    </div>
  );
}

export function StatsPanel({ bundle, go }: { bundle: TreeTraceBundle; go: Go }) {
  const c = bundle.stats.counted;
  const tiles: [string, number | string][] = [
    ['Nodes', c.nodes],
    ['Edges', c.edges],
    ['Roots', c.roots],
    ['Abandoned', c.abandoned],
    ['Chains', bundle.correctionChains.length],
    ['Signals', c.failureSignals],
    ['Rejections', c.rejections],
    ['Lessons', bundle.lessons.length],
    ['Evals', bundle.evalCandidates.length],
    ['Hallucinations', bundle.hallucinations.length],
    ['Cycles', bundle.cycles.length],
    ['Dangling refs', bundle.danglingRefs.length],
    ['Sessions', c.sessions],
    ['Redactions', bundle.redactions.total],
  ];
  return (
    <div className="tt-panel" data-testid="tt-stats">
      <div className="tt-tiles">
        {tiles.map(([k, v]) => (
          <div key={k} className="tt-tile" data-stat={k}>
            <span className="tt-tile-value">{v}</span>
            <span className="tt-tile-label">{k}</span>
          </div>
        ))}
      </div>
      <div className="tt-hint">
        Schema {bundle.schemaVersion ?? '?'}
        {!bundle.schemaKnown && ' (unknown)'} · {bundle.generator?.name ?? 'TreeTrace'}{' '}
        {bundle.generatorVersion ?? ''}
        {c.firstTs && ` · ${c.firstTs} → ${c.lastTs ?? ''}`}
      </div>
      {c.models.length > 0 && <div className="tt-hint">Models: {c.models.join(', ')}</div>}
      <Counts title="By kind" counts={c.byKind} />
      <Counts title="By status" counts={c.byStatus} />
      <Counts title="Failure signals" counts={c.signalsByType} />
      <Counts title="Rejections" counts={c.rejectionsByKind} />
      {bundle.cycles.length > 0 && (
        <>
          <h4>Parent cycles</h4>
          <ul className="tt-list" data-testid="tt-cycles">
            {bundle.cycles.map((cy) => (
              <li key={cy.index}>
                {cy.nodeIds.map((id) => id ?? '?').join(' → ')} → {cy.nodeIds[0] ?? '?'}
                <div>
                  broken at <NodeLinkButton bundle={bundle} node={cy.broken.child} go={go} /> →{' '}
                  {cy.broken.parentId ?? '?'}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      {bundle.danglingRefs.length > 0 && (
        <>
          <h4>Dangling references ({bundle.danglingRefs.length})</h4>
          <ul className="tt-list" data-testid="tt-dangling">
            {bundle.danglingRefs.slice(0, 200).map((d, i) => (
              <li key={i}>
                <code>{d.field}</code> of {d.owner}: {d.ref}
                {!d.counted && <span className="text-muted"> (not counted)</span>}
              </li>
            ))}
          </ul>
        </>
      )}
      {bundle.stats.mismatches.length > 0 && (
        <>
          <h4>Declared vs counted</h4>
          <ul className="tt-list">
            {bundle.stats.mismatches.map((m) => (
              <li key={m.field}>
                {m.field}: declared {m.declared}, counted {m.counted}
              </li>
            ))}
          </ul>
        </>
      )}
      {bundle.problems.length > 0 && (
        <>
          <h4>Problems ({bundle.problems.length})</h4>
          <ul className="tt-list" data-testid="tt-problems">
            {bundle.problems.slice(0, 200).map((pr, i) => (
              <li
                key={i}
                className={
                  pr.severity === 'error' ? 'text-refuted' : pr.severity === 'warning' ? 'text-warning' : ''
                }
              >
                {pr.file && (
                  <code>
                    {pr.file}
                    {pr.line ? `:${pr.line}` : ''}
                  </code>
                )}{' '}
                {pr.message}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
