/**
 * A TreeTrace bundle: the prompt lineage tree (laid out in a worker, rows virtualised) beside
 * panels for node detail, correction chains, rejections, lessons, evals, hallucinations and
 * stats. Selecting a chain highlights failure → correction → resolved in the tree; j/k step
 * through the (filtered) chains. Reloads when TreeTrace rewrites the bundle (revision bump).
 * A set of bundles (TreeTrace --each) shows its overview; a member links back to it.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { TreeTraceBundle } from '../../../../src-shared/formats/treetrace';
import { call } from '../../host';
import { useDocument } from '../documents/use-document';
import { chainFileName, chainJson, chainMarkdown, download } from './chain-export';
import { requestTreeLayout, startTreeLayoutWorker } from './layout/layout-client';
import type { TreeLayout } from './layout/tree-layout';
import {
  ChainsPanel,
  EvalsPanel,
  HallucinationsPanel,
  LessonsPanel,
  NodeDetail,
  RejectionsPanel,
  StatsPanel,
  chainConfidence,
} from './Panels';
import { PromptTree, type ChainRole } from './PromptTree';
import { SetCrumb, SetOverview } from './SetOverview';
import { BookmarkButton } from '../bookmarks/BookmarkButton';
import { CopyLinkButton } from '../links/CopyLinkButton';
import { useDocFocus, useReportDocPoint } from '../links/use-doc-link';
import {
  LEGEND_KINDS,
  abandonedBranchRoots,
  ancestors,
  carryFolds,
  defaultCollapsed,
  kindClass,
  layoutGroups,
} from './tree-model';
import './treetrace.css';
import { TabStrip } from '../../shared/TabStrip';

const load = (key: string) => call('treetrace', 'bundle', key);

export function TreeTraceView({ docKey }: { docKey: string }) {
  const doc = useDocument(docKey, load);
  useEffect(startTreeLayoutWorker, []);
  if (doc.status !== 'ready')
    return (
      <div className="document-empty" data-testid="treetrace-loading">
        {doc.status === 'loading' ? 'Loading…' : doc.message}
      </div>
    );
  const { value } = doc;
  if (value.set) return <SetOverview label={value.label} set={value.set} />;
  const crumb = value.setKey ? <SetCrumb setKey={value.setKey} /> : null;
  if (!value.bundle)
    return (
      <div className="tt-frame">
        {crumb}
        <div className="document-empty" data-testid="treetrace-error">
          <strong>{value.label}</strong>
          <div className="tt-doc-error">✗ {value.error}</div>
        </div>
      </div>
    );
  return (
    <div className="tt-frame">
      {crumb}
      <BundleView key={docKey} docKey={docKey} label={value.label} bundle={value.bundle} />
    </div>
  );
}

type Tab = 'detail' | 'chains' | 'rejections' | 'lessons' | 'evals' | 'hallucinations' | 'stats';

/** A chain's identity in links: its id, or `#<index>` when it has none. */
const chainLinkId = (c: { id: string | null; index: number }) => c.id ?? `#${c.index}`;

function BundleView({ docKey, label, bundle }: { docKey: string; label: string; bundle: TreeTraceBundle }) {
  const [tab, setTab] = useState<Tab>('chains');
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [chainId, setChainId] = useState<number | null>(null);
  const [collapsed, setCollapsed] = useState<Set<number>>(() => defaultCollapsed(bundle));
  const [shownBundle, setShownBundle] = useState(bundle);
  const [layout, setLayout] = useState<TreeLayout | null>(null);
  const [typeFilter, setTypeFilter] = useState('');
  const [confFilter, setConfFilter] = useState('');
  const [scrollTo, setScrollTo] = useState<{ node: number; seq: number } | null>(null);

  // A reload (TreeTrace rewrote the bundle): node indices change; folds follow the node keys.
  if (shownBundle !== bundle) {
    setShownBundle(bundle);
    setCollapsed(carryFolds(shownBundle, bundle, collapsed));
    setLayout(null);
    if (chainId != null && chainId >= bundle.correctionChains.length) setChainId(null);
  }

  const selected = useMemo(() => {
    if (selectedKey == null) return null;
    const n = bundle.nodes.find((x) => x.key === selectedKey);
    return n ? n.index : null;
  }, [bundle, selectedKey]);

  const groups = useMemo(() => layoutGroups(bundle), [bundle]);
  const children = useMemo(() => bundle.nodes.map((n) => n.children), [bundle]);

  useEffect(() => {
    let live = true;
    void requestTreeLayout({ children, groups: groups.groups, collapsed: [...collapsed] }).then(
      (l) => live && setLayout(l),
    );
    return () => {
      live = false;
    };
  }, [children, groups, collapsed]);

  const chains = useMemo(
    () =>
      bundle.correctionChains.filter(
        (c) =>
          (!typeFilter || (c.canonicalFailureType ?? 'unknown') === typeFilter) &&
          (!confFilter || chainConfidence(c) === confFilter),
      ),
    [bundle, typeFilter, confFilter],
  );
  const chain = chainId != null ? (bundle.correctionChains[chainId] ?? null) : null;

  const highlight = useMemo(() => {
    const m = new Map<number, ChainRole>();
    if (!chain) return m;
    if (chain.resolvedNode != null) m.set(chain.resolvedNode, 'resolved');
    if (chain.correctionNode != null) m.set(chain.correctionNode, 'correction');
    if (chain.failureNode != null) m.set(chain.failureNode, 'failure');
    return m;
  }, [chain]);

  const reveal = useCallback(
    (nodes: number[]) => {
      const open = new Set(nodes.flatMap((n) => ancestors(bundle, n)));
      setCollapsed((prev) => {
        if (![...open].some((a) => prev.has(a))) return prev;
        const next = new Set(prev);
        for (const a of open) next.delete(a);
        return next;
      });
      if (nodes.length) setScrollTo((s) => ({ node: nodes[0]!, seq: (s?.seq ?? 0) + 1 }));
    },
    [bundle],
  );

  const goToNode = useCallback(
    (node: number) => {
      setSelectedKey(bundle.nodes[node]?.key ?? null);
      setTab('detail');
      reveal([node]);
    },
    [bundle, reveal],
  );

  const selectChain = useCallback(
    (index: number) => {
      setChainId(index);
      const c = bundle.correctionChains[index];
      if (!c) return;
      const nodes = [c.failureNode, c.correctionNode, c.resolvedNode].filter((n): n is number => n != null);
      if (nodes[0] != null) setSelectedKey(bundle.nodes[nodes[0]]?.key ?? null);
      reveal(nodes);
    },
    [bundle, reveal],
  );

  // Links: open the node or chain a link names; report what is shown (the URL follows it).
  useDocFocus(docKey, (at) => {
    if (at.kind === 'node') {
      const n = bundle.nodes.find((x) => x.key === at.id);
      if (!n) return `Node ${at.id} is not in this bundle (yet).`;
      goToNode(n.index);
      return null;
    }
    if (at.kind === 'chain') {
      const c = bundle.correctionChains.find((x) => chainLinkId(x) === at.id);
      if (!c) return `Chain ${at.id} is not in this bundle (yet).`;
      setTab('chains');
      selectChain(c.index);
      return null;
    }
    return 'A TreeTrace bundle has no events: the link names a point it cannot have.';
  });
  const shownChain = chainId != null ? bundle.correctionChains[chainId] : undefined;
  useReportDocPoint(
    docKey,
    shownChain && (tab === 'chains' || selectedKey == null)
      ? { kind: 'chain', id: chainLinkId(shownChain) }
      : selectedKey != null
        ? { kind: 'node', id: selectedKey }
        : null,
  );

  // j / k: next / previous chain in the filtered list.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (
        t &&
        (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA' || t.isContentEditable)
      )
        return;
      if (e.metaKey || e.ctrlKey || e.altKey || (e.key !== 'j' && e.key !== 'k')) return;
      if (!chains.length) return;
      // Captured before the app's own j/k (timeline events), which mean nothing here.
      e.preventDefault();
      e.stopPropagation();
      const at = chains.findIndex((c) => c.index === chainId);
      const next = e.key === 'j' ? Math.min(chains.length - 1, at + 1) : Math.max(0, at < 0 ? 0 : at - 1);
      setTab('chains');
      selectChain(chains[next]!.index);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [chains, chainId, selectChain]);

  const toggle = useCallback((node: number) => {
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(node)) next.delete(node);
      else next.add(node);
      return next;
    });
  }, []);

  const branches = useMemo(() => abandonedBranchRoots(bundle), [bundle]);
  const abandonedFolded = branches.length > 0 && branches.every((b) => collapsed.has(b));
  const foldAbandoned = () =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      for (const b of branches) {
        if (abandonedFolded) next.delete(b);
        else next.add(b);
      }
      return next;
    });
  const expandAll = () => setCollapsed(new Set());
  const collapseDeep = () => setCollapsed(defaultCollapsed(bundle));

  const scrollToRow = useMemo(
    () => (scrollTo && layout ? { row: layout.rowOf[scrollTo.node] ?? -1, seq: scrollTo.seq } : null),
    [scrollTo, layout],
  );

  const errors = bundle.problems.filter((p) => p.severity === 'error');
  const tabs: [Tab, string, number | null][] = [
    ['detail', 'Node', null],
    ['chains', 'Chains', bundle.correctionChains.length],
    ['rejections', 'Rejections', bundle.rejections.length],
    ['lessons', 'Lessons', bundle.lessons.length],
    ['evals', 'Evals', bundle.evalCandidates.length],
    ['hallucinations', 'Hallucinations', bundle.hallucinations.length],
    ['stats', 'Stats', null],
  ];

  return (
    <div className="tt-view" data-testid="treetrace-view" data-schema={bundle.schemaVersion ?? ''}>
      <header className="tt-header">
        <div className="tt-heading">
          <strong data-testid="tt-label">{label}</strong>
          <span className="text-muted">
            {bundle.nodes.length} nodes · schema {bundle.schemaVersion ?? '?'} ·{' '}
            {bundle.generator?.name ?? 'TreeTrace'} {bundle.generatorVersion ?? ''}
          </span>
          {bundle.generations.mismatch && (
            <span
              className="mark mark-stale"
              title={`Files from different runs: ${bundle.generations.differing.join(', ')}`}
            >
              mixed runs
            </span>
          )}
          {bundle.cycles.length > 0 && (
            <span className="mark mark-missing" data-testid="tt-cycles-flag">
              {bundle.cycles.length} parent cycle{bundle.cycles.length > 1 ? 's' : ''} broken
            </span>
          )}
          {errors.length > 0 && (
            <span className="mark mark-missing" title={errors.map((e) => e.message).join('\n')}>
              {errors.length} error{errors.length > 1 ? 's' : ''}
            </span>
          )}
        </div>
        <div className="tt-toolbar">
          <button type="button" className="tt-btn" onClick={expandAll}>
            Expand all
          </button>
          <button type="button" className="tt-btn" onClick={collapseDeep}>
            Collapse deep
          </button>
          {branches.length > 0 && (
            <button type="button" className="tt-btn" onClick={foldAbandoned} data-testid="tt-fold-abandoned">
              {abandonedFolded ? 'Unfold abandoned' : 'Fold abandoned'}
            </button>
          )}
        </div>
      </header>
      <div className="tt-legend" data-testid="tt-legend">
        {LEGEND_KINDS.map((k) => (
          <span key={k} className={`tt-kind ${kindClass(k)}`}>
            {k}
          </span>
        ))}
        <span className="tt-legend-sep" />
        <span className="badge tone-warning">nudge</span>
        <span className="badge tone-accent">rerun</span>
        <span className="mark tt-mark-signal">⚠ signal</span>
        <span className="mark tt-mark-rejection">⊘ rejection</span>
        <span className="tt-legend-abandoned">abandoned</span>
      </div>
      {chain && (
        <div className="tt-chain-summary" data-testid="tt-chain-summary">
          <span className="tt-chain-path">
            <span className="tt-role tt-role-failure">failure</span> {chain.failureNodeId ?? '—'} →{' '}
            <span className="tt-role tt-role-correction">correction</span> {chain.correctionNodeId ?? '—'} →{' '}
            <span className="tt-role tt-role-resolved">resolved</span> {chain.resolvedNodeId ?? '—'}
          </span>
          <span className="tt-chain-text">{chain.summary ?? chain.failureType ?? ''}</span>
          <span className="tt-chain-actions">
            <CopyLinkButton
              className="tt-btn"
              target={{ kind: 'document', key: docKey, at: { kind: 'chain', id: chainLinkId(chain) } }}
            />
            <BookmarkButton
              className="tt-btn"
              target={{ kind: 'document', key: docKey, at: { kind: 'chain', id: chainLinkId(chain) } }}
              label={`chain ${chainLinkId(chain)}${chain.failureType ? ` (${chain.failureType})` : ''}`}
              seq={null}
              align="right"
            />
            <button
              type="button"
              className="tt-btn"
              data-testid="tt-export-md"
              onClick={() =>
                download(chainFileName(chain, 'md'), chainMarkdown(bundle, chain), 'text/markdown')
              }
            >
              Export .md
            </button>
            <button
              type="button"
              className="tt-btn"
              data-testid="tt-export-json"
              onClick={() =>
                download(chainFileName(chain, 'json'), chainJson(bundle, chain), 'application/json')
              }
            >
              Export .json
            </button>
            <button
              type="button"
              className="tt-btn"
              onClick={() => setChainId(null)}
              aria-label="Clear chain"
            >
              ✕
            </button>
          </span>
        </div>
      )}
      <div className="tt-body">
        {bundle.nodes.length === 0 ? (
          <div className="tt-tree tt-tree-empty" data-testid="tt-tree">
            {bundle.hasTree ? 'The tree has no nodes.' : 'No readable tree.json in this bundle.'}
            {errors.length > 0 && (
              <ul className="tt-tree-problems" data-testid="tt-tree-problems">
                {errors.map((e, i) => (
                  <li key={i}>✗ {e.message}</li>
                ))}
              </ul>
            )}
          </div>
        ) : (
          <PromptTree
            bundle={bundle}
            layout={layout}
            groupLabels={groups.labels}
            collapsed={collapsed}
            selected={selected}
            highlight={highlight}
            scrollToRow={scrollToRow}
            onToggle={toggle}
            onSelect={(n) => {
              setSelectedKey(bundle.nodes[n]?.key ?? null);
              setTab('detail');
            }}
          />
        )}
        <aside className="tt-side">
          <TabStrip<Tab>
            className="tt-tabs"
            tabClass="tt-tab"
            activeClass="is-active"
            value={tab}
            onChange={setTab}
            tabs={tabs.map(([t, name, count]) => ({
              id: t,
              testId: `tt-tab-${t}`,
              label: (
                <>
                  {name}
                  {count != null && <span className="tt-tab-count">{count}</span>}
                </>
              ),
            }))}
          />
          <div className="tt-side-body">
            {tab === 'detail' && selected != null && selectedKey != null && (
              <div className="detail-actions tt-node-actions">
                <CopyLinkButton
                  className="tt-btn"
                  target={{ kind: 'document', key: docKey, at: { kind: 'node', id: selectedKey } }}
                />
                <BookmarkButton
                  className="tt-btn"
                  target={{ kind: 'document', key: docKey, at: { kind: 'node', id: selectedKey } }}
                  label={`node ${selectedKey}`}
                  seq={null}
                />
              </div>
            )}
            {tab === 'detail' && <NodeDetail bundle={bundle} node={selected} go={goToNode} />}
            {tab === 'chains' && (
              <ChainsPanel
                bundle={bundle}
                chains={chains}
                selected={chainId}
                type={typeFilter}
                confidence={confFilter}
                onType={setTypeFilter}
                onConfidence={setConfFilter}
                onSelect={selectChain}
              />
            )}
            {tab === 'rejections' && <RejectionsPanel bundle={bundle} go={goToNode} />}
            {tab === 'lessons' && <LessonsPanel bundle={bundle} go={goToNode} />}
            {tab === 'evals' && <EvalsPanel bundle={bundle} go={goToNode} />}
            {tab === 'hallucinations' && <HallucinationsPanel bundle={bundle} go={goToNode} />}
            {tab === 'stats' && <StatsPanel bundle={bundle} go={goToNode} />}
          </div>
        </aside>
      </div>
    </div>
  );
}
