/** A TreeTrace bundle: placeholder until the prompt-tree view lands (issue 4). */
import { call } from '../../host';
import { useDocument } from '../documents/use-document';

const load = (key: string) => call('treetrace', 'bundle', key);

export function TreeTraceView({ docKey }: { docKey: string }) {
  const doc = useDocument(docKey, load);
  if (doc.status !== 'ready')
    return <div className="document-empty">{doc.status === 'loading' ? 'Loading…' : doc.message}</div>;
  const { value } = doc;
  if (!value.bundle) return <div className="document-empty">{value.error}</div>;
  return (
    <div className="document-empty" data-testid="treetrace-view">
      {value.label}: {value.bundle.nodes.length} prompt nodes
    </div>
  );
}
