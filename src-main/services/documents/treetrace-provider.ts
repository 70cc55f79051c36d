/** The TreeTrace service: bundles read from disk (folders or archives) on request. */
import type { TreeTraceDocument, TreeTraceService } from '../../../src-shared/bridge/contract';
import { archiveFormatOf, openTreeTrace } from '../treetrace/open-treetrace';
import type { DocumentIndex } from './document-index';

export async function loadTreeTraceDocument(key: string): Promise<TreeTraceDocument> {
  // Folders are named exactly (a `.treetrace/` or its project); an archive is read in memory and
  // its bundle may sit one folder down (`project/.treetrace/`), so its entries are scanned.
  const opened = await openTreeTrace(key, { scan: archiveFormatOf(key) !== null });
  if (!opened.ok) return { key, label: key, bundle: null, error: opened.error.message };
  const value = opened.value;
  if (value.kind === 'bundle') return { key, label: value.label, bundle: value.bundle, error: null };
  const first = value.members.find((m) => m.kind === 'bundle');
  if (first?.kind === 'bundle') return { key, label: first.label, bundle: first.bundle, error: null };
  return { key, label: key, bundle: null, error: 'a set of bundles with none readable' };
}

/** Every method first checks the key is a known document: no other path from the renderer is read. */
export function treeTraceService(documents: DocumentIndex): TreeTraceService {
  return {
    bundle: async (key) => loadTreeTraceDocument(documents.get(key).key),
  };
}
