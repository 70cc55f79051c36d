/** A step trace: placeholder until the step-trace view lands (issue 6). */
import { call } from '../../host';
import { useDocument } from '../documents/use-document';

const load = (key: string) => call('stepTrace', 'report', key);

export function StepTraceView({ docKey }: { docKey: string }) {
  const doc = useDocument(docKey, load);
  if (doc.status !== 'ready')
    return <div className="document-empty">{doc.status === 'loading' ? 'Loading…' : doc.message}</div>;
  const { value } = doc;
  if (!value.report) return <div className="document-empty">{value.error}</div>;
  return (
    <div className="document-empty" data-testid="step-trace-view">
      verdict: {value.report.verdict}
    </div>
  );
}
