/**
 * The first bookmarks the app kept: the user's own bookmarks on change-ledger events, in
 * `ledger-bookmarks.json`. They are read (never written) and folded into the one bookmark store,
 * so nothing saved before is lost; each is imported once, by id, so deleting one later sticks.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Bookmark } from '../../../src-shared/bridge/services/bookmarks-service';

export const LEDGER_BOOKMARKS_FILE = 'ledger-bookmarks.json';

interface LegacyEntry {
  id: string;
  ledger: string;
  eventKey: string;
  eventId: string | null;
  name: string;
  note: string;
  createdAt: string;
}

function isLegacy(value: unknown): value is LegacyEntry {
  const b = value as Record<string, unknown> | null;
  return (
    typeof b === 'object' &&
    b !== null &&
    typeof b['id'] === 'string' &&
    typeof b['ledger'] === 'string' &&
    typeof b['eventKey'] === 'string' &&
    typeof b['name'] === 'string' &&
    typeof b['note'] === 'string'
  );
}

/** The old file's bookmarks as bookmarks of the one store; none when it is absent or unreadable. */
export async function readLegacyLedgerBookmarks(dir: string): Promise<Bookmark[]> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path.join(dir, LEDGER_BOOKMARKS_FILE), 'utf8'));
  } catch {
    return []; // never written, or edited into something else: it stays as it is on disk
  }
  const list = (raw as { bookmarks?: unknown } | null)?.bookmarks;
  if (!Array.isArray(list)) return [];
  return list.filter(isLegacy).map((b) => {
    const createdAt = typeof b.createdAt === 'string' ? b.createdAt : new Date(0).toISOString();
    return {
      id: b.id,
      target: { kind: 'document', key: b.ledger, at: { kind: 'event', id: b.eventKey } },
      name: b.name,
      note: b.note,
      targetLabel: `event ${typeof b.eventId === 'string' ? b.eventId : b.eventKey}`,
      seq: null,
      createdAt,
      updatedAt: createdAt,
    };
  });
}
