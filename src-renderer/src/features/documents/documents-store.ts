/**
 * Documents (TreeTrace bundles, change ledgers, step traces) and which one is shown. A store of
 * its own: documents live beside sessions and do not share their live-delta machinery — a
 * document is re-read whole when its revision moves.
 */
import { create } from 'zustand';
import type { DocumentListItem } from '../../../../src-shared/bridge/contract';
import { call, transport } from '../../host';

interface DocumentsState {
  docs: Record<string, DocumentListItem>;
  /** The document shown in the main area; null shows the selected session. */
  selected: string | null;
  select(key: string | null): void;
}

export const useDocuments = create<DocumentsState>()((set) => ({
  docs: {},
  selected: null,
  select: (key) => set({ selected: key }),
}));

function merge(items: DocumentListItem[], removed: string[] = []): void {
  useDocuments.setState((s) => {
    const docs = { ...s.docs };
    for (const key of removed) delete docs[key];
    for (const item of items) docs[item.key] = item;
    return { docs };
  });
}

/** Loads the list, follows changes, and reloads it after a reconnect. */
export function startDocumentsSync(): () => void {
  const load = () =>
    call('documents', 'list')
      .then(merge)
      .catch(() => undefined);
  void load();
  const offEvents = transport.onEvent((event) => {
    if (event.type === 'documents.changed') merge(event.items, event.removed);
  });
  const offConnection = transport.onConnection((state) => {
    if (state.status === 'open') void load();
  });
  return () => {
    offEvents();
    offConnection();
  };
}

export const selectDocumentList = (s: DocumentsState) =>
  Object.values(s.docs).sort((a, b) =>
    a.kind === b.kind ? a.label.localeCompare(b.label) : a.kind.localeCompare(b.kind),
  );
