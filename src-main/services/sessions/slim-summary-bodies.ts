/**
 * The summary's reader (session-summary.ts `SummaryBodies`) for a log read as the app reads it —
 * slim bodies from the chunk parser — so that `inspect` prints what it printed when it kept every
 * body whole, without keeping them (a 1 GB log: ~1.7 GB of memory and twice the time).
 *
 * A slim body holds every field the summary reads, exactly, unless one is a string at the clip
 * length (it may have been clipped) or an object or array (slimmed); and each event's record says
 * how many truncation stubs its whole body held. So only two kinds of event are read back from the
 * file, whole: a corrected one (the summary counts the stubs of its corrected body: its corrections
 * are applied again, from the correction events' own lines, as the log applies them) and one whose
 * slim body is not exact. Both are rare.
 */
import type { ClassifiedRecord } from '../../../src-shared/formats/sciagent/classify-line';
import { classifyLine } from '../../../src-shared/formats/sciagent/classify-line';
import type { LoggedEvent, SessionLog } from '../../../src-shared/formats/sciagent/session-log';
import { MAX_STRING } from '../../../src-shared/formats/sciagent/slim-body';
import { SUMMARY_FIELDS, type SummaryBodies } from '../../../src-shared/formats/sciagent/session-summary';
import {
  countTruncationStubs,
  obj,
  setField,
  type JsonObject,
} from '../../../src-shared/formats/sciagent/types';
import { readRange } from './read-range';

export class SlimSummaryBodies implements SummaryBodies {
  /** Stubs of the event records that had any, by their line's offset (a glued line holds several). */
  private readonly stubsAt = new Map<number, { eventId: string; stubs: number }[]>();
  /**
   * Events whose line the file no longer held as it was read (it changed meanwhile): their slim
   * body answered instead, so their clipped fields and stub counts are as kept, not as written.
   * The caller says so (inspect: a line of its summary).
   */
  readonly notReadBack = new Set<string>();

  constructor(
    private readonly file: string,
    private readonly log: SessionLog,
  ) {}

  /** Each chunk's records, as they are given to the log. */
  note(records: readonly ClassifiedRecord[]): void {
    for (const r of records) {
      if (r.type !== 'event' || !r.stubs) continue;
      const at = this.stubsAt.get(r.position.byteOffset);
      // The first record of an id is the log's event (a later one is a duplicate).
      if (!at) this.stubsAt.set(r.position.byteOffset, [{ eventId: r.eventId, stubs: r.stubs }]);
      else if (!at.some((s) => s.eventId === r.eventId)) at.push({ eventId: r.eventId, stubs: r.stubs });
    }
  }

  body(view: LoggedEvent): JsonObject {
    const body = view.body;
    return exactForSummary(body) ? body : (this.whole(view) ?? body);
  }

  stubs(view: LoggedEvent): number {
    if (view.corrections.length === 0)
      return this.stubsAt.get(view.byteOffset)?.find((s) => s.eventId === view.eventId)?.stubs ?? 0;
    return countTruncationStubs(this.whole(view) ?? view.body);
  }

  /** The event's corrected body, whole (null: the file no longer has its line as it was read). */
  private whole(view: LoggedEvent): JsonObject | null {
    const raw = this.rawBody(view);
    if (!raw) return this.notWhole(view);
    let body = raw;
    for (const applied of view.corrections) {
      const correction = this.log.events.get(applied.correctionId);
      const replacement = correction ? obj(this.rawBody(correction.event)?.['replacement']) : null;
      if (!replacement) return this.notWhole(view);
      body = { ...body };
      for (const field of applied.fields) setField(body, field, replacement[field]);
    }
    return body;
  }

  private notWhole(view: LoggedEvent): null {
    this.notReadBack.add(view.eventId);
    return null;
  }

  /** An event's body as its line says, whole. */
  private rawBody(event: LoggedEvent): JsonObject | null {
    const bytes = readRange(this.file, event.byteOffset, event.byteLength);
    if (!bytes) return null;
    const line = { lineNo: event.lineNo, byteOffset: event.byteOffset, byteLength: event.byteLength, bytes };
    for (const r of classifyLine(line))
      if (r.type === 'event' && r.eventId === event.eventId && r.kind === event.kind) return r.body;
    return null;
  }
}

/** Whether a slim body holds each field the summary reads as the whole body does. */
function exactForSummary(body: JsonObject): boolean {
  for (const field of SUMMARY_FIELDS) {
    const value = body[field];
    if (typeof value === 'string' ? value.length >= MAX_STRING : typeof value === 'object' && value !== null)
      return false;
  }
  return true;
}
