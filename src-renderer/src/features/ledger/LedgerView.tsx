/**
 * A change ledger (issue 5): the bookmark timeline — events in order on their lanes, snapshots and
 * bookmarks as markers, merges joining lanes, rollups, violations where they occur — and the
 * bookmark diff between two bookmarks or snapshots. Reloads when the ledger grows.
 */
import { useState } from 'react';
import { call } from '../../host';
import { useDocument } from '../documents/use-document';
import { LedgerTimeline } from './LedgerTimeline';
import { LedgerDiffPanel } from './LedgerDiffPanel';
import { useUserBookmarks } from './use-user-bookmarks';
import './ledger.css';
import { TabStrip } from '../../shared/TabStrip';

const load = (key: string) => call('ledger', 'model', key);

type Tab = 'timeline' | 'diff';

export function LedgerView({ docKey }: { docKey: string }) {
  const doc = useDocument(docKey, load);
  const [tab, setTab] = useState<Tab>('timeline');
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const pins = useUserBookmarks(docKey);
  if (doc.status !== 'ready')
    return <div className="document-empty">{doc.status === 'loading' ? 'Loading…' : doc.message}</div>;
  const { value } = doc;
  if (!value.model) return <div className="document-empty">{value.error}</div>;
  const model = value.model;
  const name = docKey.split(/[\\/]/).filter(Boolean).pop() ?? docKey;
  const compare = (from: string, to: string) => {
    setRange({ from, to });
    setTab('diff');
  };
  return (
    <div className="ledger" data-testid="ledger-view">
      <header className="ledger-head">
        <div className="ledger-title">
          <span className="document-kind">change ledger</span>
          <strong className="ellipsis" title={docKey}>
            {name}
          </strong>
        </div>
        <div className="ledger-counts" data-testid="ledger-counts">
          <span>{model.events.length} events</span>
          <span>{model.lanes.length} lanes</span>
          <span>{model.snapshots.length} snapshots</span>
          <span>{model.bookmarks.length} bookmarks</span>
          <span className={`chip ${model.violations.length ? 'chip-refuted' : 'chip-verified'}`}>
            {model.violations.length} violation{model.violations.length === 1 ? '' : 's'}
          </span>
        </div>
      </header>
      <TabStrip<Tab>
        className="tabs ledger-tabs"
        value={tab}
        onChange={setTab}
        tabs={[
          { id: 'timeline', label: 'Timeline', testId: 'ledger-tab-timeline' },
          { id: 'diff', label: 'Compare bookmarks', testId: 'ledger-tab-diff' },
        ]}
      />
      <div className="ledger-body">
        {tab === 'timeline' ? (
          <LedgerTimeline docKey={docKey} model={model} onCompare={compare} pins={pins} />
        ) : (
          <LedgerDiffPanel docKey={docKey} model={model} range={range} onRange={setRange} pins={pins.list} />
        )}
      </div>
    </div>
  );
}
