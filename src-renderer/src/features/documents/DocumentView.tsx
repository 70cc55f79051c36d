/** The main area when a document is selected: the view of its kind. */
import { TreeTraceView } from '../treetrace/TreeTraceView';
import { LedgerView } from '../ledger/LedgerView';
import { StepTraceView } from '../step-trace/StepTraceView';
import { useDocuments } from './documents-store';

export function DocumentView({ docKey }: { docKey: string }) {
  const doc = useDocuments((s) => s.docs[docKey]);
  if (!doc) return <div className="document-empty">This document is no longer available.</div>;
  switch (doc.kind) {
    case 'treetrace':
      return <TreeTraceView docKey={doc.key} />;
    case 'change-ledger':
      return <LedgerView docKey={doc.key} />;
    case 'step-trace':
      return <StepTraceView docKey={doc.key} />;
  }
}
