/** The sidebar's list of documents under the roots: TreeTrace bundles, ledgers, step traces. */
import { useShallow } from 'zustand/react/shallow';
import type { DocumentKind } from '../../../../src-shared/bridge/contract';
import { selectDocumentList, useDocuments } from './documents-store';
import './documents.css';

export const KIND_LABEL: Record<DocumentKind, string> = {
  treetrace: 'TreeTrace',
  'change-ledger': 'Ledger',
  'step-trace': 'Step trace',
};

export function DocumentsSection() {
  const docs = useDocuments(useShallow(selectDocumentList));
  const selected = useDocuments((s) => s.selected);
  const select = useDocuments((s) => s.select);
  if (docs.length === 0) return null;
  return (
    <section className="documents" aria-label="Documents">
      <div className="documents-title">
        Documents <span className="documents-count">{docs.length}</span>
      </div>
      <ul className="documents-list">
        {docs.map((d) => (
          <li key={d.key}>
            <button
              type="button"
              data-testid="document-row"
              data-kind={d.kind}
              data-key={d.key}
              className={`document-row${selected === d.key ? ' is-selected' : ''}`}
              title={d.path}
              onClick={() => select(d.key)}
            >
              <span className={`document-kind kind-${d.kind}`}>{KIND_LABEL[d.kind]}</span>
              <span className="document-label">{d.label}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
