/**
 * One copy of each repeated short string of a session's records. `JSON.parse` makes a fresh string
 * for every field of every line: a 1M-event log held a million "tool_call" kinds, actors and tool
 * names. Interning the fields that repeat (repeated-fields.ts: kinds, actors, models, tool names,
 * statuses…) keeps one of each; ids and timestamps, which are unique, are left alone. (Lines the
 * worker's scan read come with these shared already; the lookups here then find them.)
 */
import type { ClassifiedRecord } from '../../../src-shared/formats/sciagent/classify-line';
import { MAX_REPEATED_CHARS, REPEATED_FIELDS } from '../../../src-shared/formats/sciagent/repeated-fields';

/** A session with this many distinct values stops adding new ones (keeps the table bounded). */
const MAX_TABLE = 50_000;

/** Calls waiting for their result past this many: the oldest are let go (keeps the map bounded). */
const MAX_OPEN_CALLS = 10_000;

export class StringInterner {
  private readonly table = new Map<string, string>();
  /**
   * The `tool_call_id` of calls whose result has not come yet. A call's id recurs once, on its
   * result: the result takes the call's copy and the entry goes, so each pair keeps one string
   * (32–48 bytes a pair) without a table entry per pair. (Ids of up to 10 characters are shared
   * already: JSON.parse interns them.)
   */
  private readonly openCalls = new Map<string, string>();

  intern(value: string): string {
    const known = this.table.get(value);
    if (known !== undefined) return known;
    if (value.length <= MAX_REPEATED_CHARS && this.table.size < MAX_TABLE) this.table.set(value, value);
    return value;
  }

  /** The call's copy of a tool call id, for its result. */
  private callId(kind: string, id: string): string {
    if (kind === 'tool_call') {
      if (this.openCalls.size >= MAX_OPEN_CALLS) this.openCalls.delete(this.openCalls.keys().next().value!);
      this.openCalls.set(id, id);
      return id;
    }
    if (kind !== 'tool_result') return id;
    const known = this.openCalls.get(id);
    if (known === undefined) return id;
    this.openCalls.delete(id);
    return known;
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
        else if (field === 'tool_call_id') body[field] = this.callId(record.kind, value);
      }
    }
  }
}
