/** A change ledger: placeholder until the bookmark timeline lands (issue 5). */
import { call } from '../../host';
import { useDocument } from '../documents/use-document';

const load = (key: string) => call('ledger', 'model', key);

export function LedgerView({ docKey }: { docKey: string }) {
  const doc = useDocument(docKey, load);
  if (doc.status !== 'ready')
    return <div className="document-empty">{doc.status === 'loading' ? 'Loading…' : doc.message}</div>;
  const { value } = doc;
  if (!value.model) return <div className="document-empty">{value.error}</div>;
  return (
    <div className="document-empty" data-testid="ledger-view">
      {value.model.events.length} ledger events
    </div>
  );
}
