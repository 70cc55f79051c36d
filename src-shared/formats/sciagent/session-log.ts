/**
 * The incremental reader of one provenance.jsonl: feed it bytes (or lines) as they arrive and
 * it tells you what changed. It keeps every record the reading rules define — events, parse
 * errors, invalid objects, unsupported versions, duplicates, oversized lines — and the
 * corrected view of every event (corrections are applied last, in seq order).
 *
 * Bytes in → `LineSplitter` → `classifyLine` → here. Nothing here touches the file system.
 */
import { LineSplitter, type RawLine, type SplitResult, DEFAULT_MAX_LINE_BYTES } from '../jsonl/line-splitter';
import { classifyLine, type ClassifiedRecord } from './classify-line';
import { CompactedEvents } from './compacted-events';
import { EventIndex } from './event-index';
import { slimBody } from './slim-body';
import {
  type DuplicateRecord,
  type InvalidRecord,
  type JsonObject,
  type OversizedRecord,
  type ParseErrorRecord,
  type ProvenanceEvent,
  type RecordPosition,
  type UnsupportedRecord,
  num,
  obj,
  setField,
  str,
} from './types';

/**
 * The corrections of an event no correction targets: one shared, frozen empty list rather than a
 * fresh array per event (a million of them on a big log). recomputeView assigns a new list.
 */
const NO_CORRECTIONS: AppliedCorrection[] = Object.freeze([]) as unknown as AppliedCorrection[];

/** What a dropped body reads as when its line cannot be read back as it was. */
const NO_BODY: JsonObject = Object.freeze({}) as JsonObject;
/** Bodies read back and kept for the next reads (a rebuild reads one field by field). */
const RELOADED_KEPT = 64;

/** Fields a correction never changes: they are the event's identity. */
const IDENTITY_FIELDS = new Set(['event_id', 'event_kind']);

export interface AppliedCorrection {
  correctionId: string;
  reason: string | null;
  seq: number | null;
  /** Field names the replacement shadows. */
  fields: string[];
  /** Values of those fields before this correction (as the previous view had them). */
  before: JsonObject;
  after: JsonObject;
}

/** The corrected view of one event: what everything downstream sees. */
export interface EventView {
  /** Where and what the event is. In a SessionLog it is the view itself (see LoggedEvent). */
  readonly event: ProvenanceEvent;
  /** Raw body with every correction's replacement applied in order. */
  body: JsonObject;
  corrections: AppliedCorrection[];
}

/**
 * The corrections of the events a correction changed (few): kept aside rather than in a field of
 * every event. Weak: an event dropped with its log takes its entry along.
 */
const correctionsOf = new WeakMap<LoggedEvent, AppliedCorrection[]>();
/** Whether any event has an entry yet: until then (most logs) reading needs no lookup. */
let anyCorrected = false;
/**
 * How many times a body was set after its event was made (a correction applied, a view recomputed),
 * in any log. Unchanged since a caller last looked, no event's body is another object now — so a
 * list of events it holds with their bodies needs no check body by body (JobMembers).
 */
let bodiesSet = 0;
export const bodiesSetCount = (): number => bodiesSet;

/**
 * The body of an event its log let go of (see SessionLog.dropBody): read back from the file when
 * asked for. One per log, shared by all its dropped events.
 */
class DroppedBody {
  constructor(readonly log: SessionLog) {}
}

/**
 * One event of a SessionLog: the event and its corrected view in one object, since a big log
 * holds a million of them (two objects cost ~136 bytes an event, this one 88). A class, so that
 * every field is in the object from construction (no out-of-object property storage).
 *
 * `body` is the corrected body, also when read as `event.body`: the raw body of an event that a
 * correction changed is kept by the log (`SessionLog.rawBody`), the only place that reads it. A
 * body the log dropped is read back from the file when read (`SessionLog.reloadBody`).
 */
export class LoggedEvent implements EventView, ProvenanceEvent {
  constructor(
    readonly lineNo: number,
    readonly byteOffset: number,
    readonly byteLength: number,
    readonly eventId: string,
    readonly kind: string,
    readonly seq: number | null,
    readonly ordinal: number,
    private held: JsonObject | DroppedBody,
  ) {}

  get event(): LoggedEvent {
    return this;
  }

  get body(): JsonObject {
    const held = this.held;
    return held instanceof DroppedBody ? held.log.reloadBody(this) : held;
  }

  set body(body: JsonObject) {
    this.held = body;
    bodiesSet++;
  }

  /** Whether the body is in memory (not dropped by its log). */
  get bodyHeld(): boolean {
    return !(this.held instanceof DroppedBody);
  }

  /** For SessionLog.dropBody only. */
  dropBody(marker: DroppedBody): void {
    this.held = marker;
  }

  get corrections(): AppliedCorrection[] {
    return (anyCorrected && correctionsOf.get(this)) || NO_CORRECTIONS;
  }

  set corrections(list: AppliedCorrection[]) {
    if (list.length === 0 && !anyCorrected) return;
    anyCorrected = true;
    correctionsOf.set(this, list);
  }
}

export interface LogDelta {
  /** New events, in file order. */
  added: LoggedEvent[];
  /** Events whose corrected view changed (a correction arrived for them, or they arrived after it). */
  corrected: LoggedEvent[];
  parseErrors: ParseErrorRecord[];
  invalid: InvalidRecord[];
  unsupported: UnsupportedRecord[];
  duplicates: DuplicateRecord[];
  oversized: OversizedRecord[];
}

export function emptyDelta(): LogDelta {
  return {
    added: [],
    corrected: [],
    parseErrors: [],
    invalid: [],
    unsupported: [],
    duplicates: [],
    oversized: [],
  };
}

export function oversizedRecord(o: RecordPosition, maxLineBytes: number): OversizedRecord {
  return {
    ...o,
    message: `line of ${o.byteLength} bytes exceeds the ${maxLineBytes}-byte limit; skipped, not buffered`,
  };
}

export function compareEvents(a: ProvenanceEvent, b: ProvenanceEvent): number {
  // Events without a numeric seq sort after numbered ones, in file order.
  const sa = a.seq ?? Number.POSITIVE_INFINITY;
  const sb = b.seq ?? Number.POSITIVE_INFINITY;
  if (sa !== sb) return sa < sb ? -1 : 1;
  return a.ordinal - b.ordinal;
}

export class SessionLog {
  /**
   * The events it keeps as numbers (`compact`), made anew when read: their bodies are on disk
   * (dropped), so they are made with the log's marker for that.
   */
  private readonly compacted = new CompactedEvents<LoggedEvent>(
    (lineNo, byteOffset, byteLength, eventId, kind, seq, ordinal) =>
      new LoggedEvent(lineNo, byteOffset, byteLength, eventId, kind, seq, ordinal, this.dropped!),
  );
  /**
   * By id, in the order they were read (their ordinal): a ReadonlyMap. `at` and `get` give the
   * one object of an event (for a caller that keeps it); `peek` and `peekGet`, and iterating it,
   * make an object of a compacted event for the call.
   */
  readonly events = new EventIndex<LoggedEvent>(this.compacted);
  readonly parseErrors: ParseErrorRecord[] = [];
  readonly invalid: InvalidRecord[] = [];
  readonly unsupported: UnsupportedRecord[] = [];
  readonly duplicates: DuplicateRecord[] = [];
  readonly oversized: OversizedRecord[] = [];
  /** Events whose seq repeats an earlier event's seq. */
  readonly seqRepeats: ProvenanceEvent[] = [];
  /** Correction events by the event id they target, sorted by seq. */
  private readonly correctionsByTarget = new Map<string, LoggedEvent[]>();
  /** Bodies as read of the events a correction changed (the others' `body` is the one read). */
  private readonly rawBodies = new Map<string, JsonObject>();
  /** Seqs seen so far (only "seen before" matters; ~1M of them on a big log). */
  private readonly seqSeen = new SeenSeqs();
  private readonly splitter: LineSplitter;
  private ordinal = 0;
  private readonly maxLineBytes: number;
  /** Reads a line of the file back (dropped bodies); null when the log has no file to read. */
  private readonly readLine: ((byteOffset: number, byteLength: number) => Uint8Array | null) | null;
  private readonly dropped: DroppedBody | null;
  /** The bodies read back lately: a node's rebuild reads its events' bodies field by field. */
  private readonly reloaded = new Map<LoggedEvent, JsonObject>();
  /** Dropped bodies that could not be read back as they were (the file changed under us). */
  reloadFailures = 0;

  constructor(
    options: {
      maxLineBytes?: number;
      /** Lets the log drop bodies (`dropBody`): the bytes of the line at this range of its file. */
      readLine?: (byteOffset: number, byteLength: number) => Uint8Array | null;
    } = {},
  ) {
    this.maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    this.splitter = new LineSplitter(this.maxLineBytes);
    this.readLine = options.readLine ?? null;
    this.dropped = this.readLine ? new DroppedBody(this) : null;
  }

  /**
   * Lets go of an event's body: it is read back from the file (slimmed as the chunk parser does)
   * when something reads it. Only an event as written (no correction changed it) and only when the
   * log can read its file; returns whether it was dropped.
   */
  dropBody(event: LoggedEvent): boolean {
    if (!this.dropped || !event.bodyHeld) return false;
    if (event.corrections.length > 0 || this.rawBodies.has(event.eventId)) return false;
    event.dropBody(this.dropped);
    return true;
  }

  /**
   * Keeps an event whose body it dropped as a number and a few columns rather than an object (~55
   * bytes less: two events in three of a long session are settled tool calls and results that
   * nothing holds). Only one nothing keeps: the caller knows (a tool call's row in the lineage,
   * tool-table.ts, holds its events by ordinal). The event is made anew when read; `at` or `get`
   * makes it an object again for good (a correction of it, a row moved into the graph).
   */
  compact(event: LoggedEvent): boolean {
    if (!this.dropped || event.bodyHeld || event.corrections.length > 0) return false;
    if (this.events.peek(event.ordinal) !== event) return false; // compacted already
    const compact = this.compacted.add(event);
    if (compact === null) return false;
    this.reloaded.delete(event);
    this.events.compactAt(event.ordinal, compact);
    return true;
  }

  /** A dropped body, read back from the file (for LoggedEvent.body). */
  reloadBody(event: LoggedEvent): JsonObject {
    const cached = this.reloaded.get(event);
    if (cached) return cached;
    let body = NO_BODY;
    const bytes = this.readLine?.(event.byteOffset, event.byteLength) ?? null;
    const line = bytes && {
      lineNo: event.lineNo,
      byteOffset: event.byteOffset,
      byteLength: event.byteLength,
      bytes,
    };
    const record = line ? classifyLine(line).find((r) => r.type === 'event') : undefined;
    if (record?.type === 'event' && record.eventId === event.eventId && record.kind === event.kind)
      body = slimBody(record.body);
    else this.reloadFailures++;
    if (this.reloaded.size >= RELOADED_KEPT) this.reloaded.delete(this.reloaded.keys().next().value!);
    this.reloaded.set(event, body);
    return body;
  }

  /** Bytes read so far that form complete lines. */
  get committedOffset(): number {
    return this.splitter.committedOffset;
  }

  /** Feed appended bytes. A last line without its newline waits (tailing). */
  push(chunk: Uint8Array): LogDelta {
    return this.consume(this.splitter.push(chunk));
  }

  /** End of a one-shot read: the last line counts even without its newline. */
  end(): LogDelta {
    return this.consume(this.splitter.end());
  }

  /** Feed one already-split line. */
  pushLine(line: RawLine, delta: LogDelta = emptyDelta()): LogDelta {
    return this.pushRecords(classifyLine(line), delta);
  }

  /** Feed records classified elsewhere (a session worker's chunk parser splits and classifies them). */
  pushRecords(records: readonly ClassifiedRecord[], delta: LogDelta = emptyDelta()): LogDelta {
    for (const record of records) {
      switch (record.type) {
        case 'parse-error':
          this.parseErrors.push(record.record);
          delta.parseErrors.push(record.record);
          break;
        case 'invalid':
          this.invalid.push(record.record);
          delta.invalid.push(record.record);
          break;
        case 'unsupported':
          this.unsupported.push(record.record);
          delta.unsupported.push(record.record);
          break;
        case 'event':
          this.addEvent(record.position, record.eventId, record.kind, record.body, delta);
          break;
        case 'oversized':
          this.addOversized(record.record, delta);
          break;
      }
    }
    return delta;
  }

  /**
   * The id and the seq of the event at an ordinal (undefined: none there), read where it is kept
   * — an event kept as a number is not made an object for them (a tool row's node and its order:
   * tool-table.ts).
   */
  idAt(ordinal: number): string | undefined {
    const entry = this.events.entryAt(ordinal);
    return typeof entry === 'number' ? this.compacted.idOf(entry) : entry?.eventId;
  }

  seqAt(ordinal: number): number | null | undefined {
    const entry = this.events.entryAt(ordinal);
    return typeof entry === 'number' ? this.compacted.seqOf(entry) : entry?.seq;
  }

  /** Events in reading order: by seq, ties by position in the file. */
  ordered(): LoggedEvent[] {
    return [...this.events.values()].sort(compareEvents);
  }

  /** An event's body as read, before any correction. */
  rawBody(event: LoggedEvent): JsonObject {
    return this.rawBodies.get(event.eventId) ?? event.body;
  }

  /** Correction events whose target is not in the log. */
  danglingCorrections(): ProvenanceEvent[] {
    const out: ProvenanceEvent[] = [];
    for (const [target, list] of this.correctionsByTarget)
      if (!this.events.has(target)) for (const c of list) out.push(c);
    return out;
  }

  appliedCorrectionCount(): number {
    let n = 0;
    for (const [target, list] of this.correctionsByTarget) if (this.events.has(target)) n += list.length;
    return n;
  }

  private consume(split: SplitResult): LogDelta {
    const delta = emptyDelta();
    for (const o of split.oversized) this.addOversized(oversizedRecord(o, this.maxLineBytes), delta);
    for (const line of split.lines) this.pushLine(line, delta);
    return delta;
  }

  private addOversized(record: OversizedRecord, delta: LogDelta): void {
    this.oversized.push(record);
    delta.oversized.push(record);
    // An oversized line is also a line we could not parse: count it as a parse error.
    const asError: ParseErrorRecord = { ...record, preview: '' };
    this.parseErrors.push(asError);
    delta.parseErrors.push(asError);
  }

  private addEvent(
    position: RecordPosition,
    eventId: string,
    kind: string,
    body: JsonObject,
    delta: LogDelta,
  ): void {
    const slot = this.events.slotOf(eventId);
    const existing = this.events.atSlot(slot);
    if (existing) {
      const dup: DuplicateRecord = {
        lineNo: position.lineNo,
        byteOffset: position.byteOffset,
        byteLength: position.byteLength,
        eventId,
        kind,
        firstLineNo: existing.event.lineNo,
      };
      this.duplicates.push(dup);
      delta.duplicates.push(dup);
      return;
    }
    const seq = num(body['seq']);
    const event = new LoggedEvent(
      position.lineNo,
      position.byteOffset,
      position.byteLength,
      eventId,
      kind,
      seq,
      this.ordinal++,
      body,
    );
    if (seq !== null && this.seqSeen.add(seq)) this.seqRepeats.push(event);
    this.events.addAt(slot, event);
    delta.added.push(event);

    if (kind === 'correction') {
      const target = str(body['corrects_event_id']);
      if (target !== null) {
        const list = this.correctionsByTarget.get(target);
        // The usual case, a correction newer than the target's others: applied on top of them. All
        // of them again (and sorted again) for each, one event corrected 3,000 times took > 30 s.
        const newest = !list || compareEvents(list[list.length - 1]!, event) <= 0;
        if (!list) this.correctionsByTarget.set(target, [event]);
        else {
          list.push(event);
          if (!newest) list.sort(compareEvents);
        }
        const targetEvent = this.events.get(target);
        if (targetEvent) {
          if (newest) this.applyNewest(targetEvent, event);
          else this.recomputeView(targetEvent);
          delta.corrected.push(targetEvent);
        }
      }
    }
    if (this.correctionsByTarget.size > 0 && this.correctionsByTarget.has(eventId)) this.recomputeView(event);
  }

  /** Re-applies every correction of one event, in seq order, onto its raw body. */
  private recomputeView(view: LoggedEvent): void {
    const list = this.correctionsByTarget.get(view.eventId) ?? [];
    const raw = this.rawBody(view);
    let body: JsonObject = raw;
    const applied: AppliedCorrection[] = [];
    for (const correction of list) {
      if (correction.eventId === view.eventId) continue; // an event cannot shadow itself
      body = this.applyOne(body, correction, applied);
    }
    if (body !== raw) this.rawBodies.set(view.eventId, raw);
    view.body = body;
    view.corrections = applied;
  }

  /** A correction that sorts after all the others of `view`: onto its corrected body as it is. */
  private applyNewest(view: LoggedEvent, correction: LoggedEvent): void {
    if (correction.eventId === view.eventId) return; // an event cannot shadow itself
    const raw = this.rawBody(view);
    // Its list grows in place (the log made it; a copy per correction was quadratic too); an
    // uncorrected event's empty list is shared by all of them.
    const held = view.corrections;
    const applied = held.length ? (held as AppliedCorrection[]) : [];
    const body = this.applyOne(held.length ? view.body : raw, correction, applied);
    this.rawBodies.set(view.eventId, raw);
    view.body = body;
    view.corrections = applied;
  }

  /** `body` with `correction`'s replacement fields; what it changed is added to `applied`. */
  private applyOne(body: JsonObject, correction: LoggedEvent, applied: AppliedCorrection[]): JsonObject {
    // A correction's own fields as read (a correction may itself be corrected).
    const replacement = obj(this.rawBody(correction)['replacement']) ?? {};
    const fields = Object.keys(replacement).filter((f) => !IDENTITY_FIELDS.has(f));
    const before: JsonObject = {};
    const after: JsonObject = {};
    const next: JsonObject = { ...body };
    for (const f of fields) {
      setField(before, f, body[f]);
      setField(after, f, replacement[f]);
      setField(next, f, replacement[f]);
    }
    applied.push({
      correctionId: correction.eventId,
      reason: str(this.rawBody(correction)['reason']),
      seq: correction.seq,
      fields,
      before,
      after,
    });
    return next;
  }
}

/** Seqs up to this use the bitmap (at most 8 MiB); any other number goes to a Set. */
const BITMAP_SEQS = 1 << 26;
/** The bitmap grows only while it stays within this many bits per seq seen (plus a start). */
const BITS_PER_SEQ = 64;
const BITMAP_START_BITS = 1 << 16;

/**
 * A set of seqs. Logs number events 1, 2, 3…: a bitmap holds a million of them in 125 KB, where
 * a Set of numbers took ~20 MB and a hash lookup per event. Odd seqs (negative, fractional, far
 * beyond the others) go to a Set, so one stray huge seq cannot make the bitmap huge.
 */
class SeenSeqs {
  private bits = new Uint32Array(BITMAP_START_BITS >>> 5);
  private count = 0;
  private readonly others = new Set<number>();

  /** Records `seq`; returns whether it had been seen before. */
  add(seq: number): boolean {
    if (this.others.size > 0 && this.others.has(seq)) return true;
    if (Number.isInteger(seq) && seq >= 0 && seq < BITMAP_SEQS) {
      const word = seq >>> 5;
      if (word >= this.bits.length) {
        const wanted = Math.max(word + 1, this.bits.length * 2);
        if (wanted * 32 <= BITMAP_START_BITS + this.count * BITS_PER_SEQ) {
          const grown = new Uint32Array(Math.min(wanted, BITMAP_SEQS >>> 5));
          grown.set(this.bits);
          this.bits = grown;
        }
      }
      if (word < this.bits.length) {
        const bit = 1 << (seq & 31);
        if (this.bits[word]! & bit) return true;
        this.bits[word]! |= bit;
        this.count++;
        return false;
      }
    }
    this.others.add(seq);
    this.count++;
    return false;
  }
}
