/** The TreeTrace service: bundles read from disk (folders or archives) on request. */
import type { TreeTraceDocument, TreeTraceService } from '../../../src-shared/bridge/contract';
import { archiveFormatOf, openTreeTrace } from '../treetrace/open-treetrace';
import { loadSetMember, setOverview } from '../treetrace/treetrace-sets';
import type { DocumentIndex } from './document-index';

/**
 * A bundle, a set's overview (a folder with TreeTrace's `--each` index.json, or an archive of
 * several bundles), or one member of a set (keys made by `memberKey`, read through their set).
 */
export async function loadTreeTraceDocument(key: string): Promise<TreeTraceDocument> {
  const member = await loadSetMember(key);
  if (member) return member;
  // Folders are named exactly (a `.treetrace/`, its project, or a set's folder); an archive is read
  // in memory and its bundle may sit one folder down (`project/.treetrace/`), so its entries are scanned.
  const opened = await openTreeTrace(key, { scan: archiveFormatOf(key) !== null });
  if (!opened.ok) return { key, label: key, bundle: null, error: opened.error.message };
  const value = opened.value;
  if (value.kind === 'bundle') return { key, label: value.label, bundle: value.bundle, error: null };
  return setOverview(key, value);
}

/** Every method first checks the key is a known document: no other path from the renderer is read. */
export function treeTraceService(documents: DocumentIndex): TreeTraceService {
  return {
    bundle: async (key) => loadTreeTraceDocument(documents.get(key).key),
  };
}
