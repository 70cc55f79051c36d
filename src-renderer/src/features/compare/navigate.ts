/** Leaving the Compare view for a node or an event in one of its sessions. */
import { openSession } from '../../state/host-sync';
import { useAppStore } from '../../state/store';
import { useBookmarks } from '../bookmarks/bookmarks-store';
import { useDocuments } from '../documents/documents-store';
import { closeCompare } from './compare-store';

/** Shows `sessionKey`'s graph and selects the node (and the event, when one is given) there. */
export async function showInSession(
  sessionKey: string,
  nodeId: string | null,
  eventId: string | null = null,
): Promise<void> {
  closeCompare();
  // What the Compare view was opened over (a document, the bookmarks list) gives way to the graph.
  useDocuments.getState().select(null);
  useBookmarks.getState().setOpen(false);
  await openSession(sessionKey);
  const s = useAppStore.getState();
  if (eventId) s.selectEvent(eventId, nodeId);
  else if (nodeId) s.selectNode(nodeId);
}
