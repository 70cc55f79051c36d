/**
 * One copy of each repeated short string of a session's records. `JSON.parse` makes a fresh string
 * for every field of every line: a 1M-event log held a million "tool_call" kinds, actors and tool
 * names. Interning the fields that repeat (repeated-fields.ts: kinds, actors, models, tool names,
 * statuses…) keeps one of each; ids and timestamps, which are unique, are left alone. (Lines the
 * worker's scan read come with these shared already; the lookups here then find them.)
 *
 * A tool call's `tool_call_id` and its result's are left two strings. They were made one (a map of
 * calls waiting for their result, an entry added and deleted per pair), but a settled pair is now
 * kept as a tool row and both events' bodies are let go of (LiveSession.dropSettledTools): the
 * sharing kept nothing smaller (an 850k-event read: the same heap to 0.1 MB) and cost ~0.2 s and
 * ~100 MB of garbage (the map rehashed as entries came and went).
 */
import type { ClassifiedRecord } from '../../../src-shared/formats/sciagent/classify-line';
import { MAX_REPEATED_CHARS, REPEATED_FIELDS } from '../../../src-shared/formats/sciagent/repeated-fields';

/** A session with this many distinct values stops adding new ones (keeps the table bounded). */
const MAX_TABLE = 50_000;

export class StringInterner {
  private readonly table = new Map<string, string>();

  intern(value: string): string {
    const known = this.table.get(value);
    if (known !== undefined) return known;
    if (value.length <= MAX_REPEATED_CHARS && this.table.size < MAX_TABLE) this.table.set(value, value);
    return value;
  }

  /** In place: the records are fresh from the worker and not shared. */
  records(records: readonly ClassifiedRecord[]): void {
    for (const record of records) {
      if (record.type !== 'event') continue;
      record.kind = this.intern(record.kind);
      const body = record.body;
      // The body's own fields (a slim body has ~6–12), not a lookup of each of the 19 repeated
      // ones: bodies have many shapes, and each such lookup was a slow, megamorphic one.
      for (const field in body) {
        const value = body[field];
        if (typeof value !== 'string') continue;
        if (REPEATED_FIELDS.has(field)) body[field] = this.intern(value);
      }
    }
  }
}
