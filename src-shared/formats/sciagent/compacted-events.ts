/**
 * What a session log keeps of an event it holds as a number rather than an object
 * (SessionLog.compact: a settled tool call or result, its body on disk): its place in the file,
 * seq, kind and id, in columns — ~41 bytes an event (a UUID id in 16 of them), where its object
 * was 88 bytes and its id's string ~56 more. The event is made anew when read (`expand`), by the
 * log's own factory.
 */
import type { CompactEvents } from './event-index';
import { IdColumn } from '../columns/id-column';
import { PagedArray } from '../columns/paged-array';
import { StringCodes } from '../columns/string-codes';

/** What it keeps of an event (a LoggedEvent has them all). */
let expansions = 0;
/** How many events were made again from their columns so far, in this thread (tests: a read makes none). */
export const compactedExpansions = (): number => expansions;

export interface KeptFields {
  readonly lineNo: number;
  readonly byteOffset: number;
  readonly byteLength: number;
  readonly eventId: string;
  readonly kind: string;
  readonly seq: number | null;
}

/** Makes the event back from its fields (the log's LoggedEvent, its body left on disk). */
export type MakeEvent<E> = (
  lineNo: number,
  byteOffset: number,
  byteLength: number,
  eventId: string,
  kind: string,
  seq: number | null,
  ordinal: number,
) => E;

export class CompactedEvents<E> implements CompactEvents<E> {
  /** Their ids: a UUID in 16 bytes (id-column.ts), where the string was ~56 and a slot. */
  private readonly ids = new IdColumn();
  private readonly lineNos = new PagedArray(Int32Array);
  /** Offsets past 2 GiB do not fit an Int32: doubles (exact to 2^53). */
  private readonly byteOffsets = new PagedArray(Float64Array);
  private readonly byteLengths = new PagedArray(Int32Array);
  /** NaN for an event without a numeric seq. */
  private readonly seqs = new PagedArray(Float64Array);
  /** Codes of kinds (only tool calls and results are compacted: two). */
  private readonly kinds = new PagedArray(Uint8Array);
  private readonly kindCodes = new StringCodes();

  constructor(private readonly make: MakeEvent<E>) {}

  /** Keeps an event's fields; returns the number it is kept by (null: too many kinds to code). */
  add(event: KeptFields): number | null {
    const kindCode = this.kindCodes.codeOf(event.kind);
    if (kindCode > 0xff) return null;
    const n = this.ids.add(event.eventId);
    this.lineNos.set(n, event.lineNo);
    this.byteOffsets.set(n, event.byteOffset);
    this.byteLengths.set(n, event.byteLength);
    this.seqs.set(n, event.seq ?? Number.NaN);
    this.kinds.set(n, kindCode);
    return n;
  }

  idOf(compact: number): string {
    return this.ids.get(compact);
  }

  seqOf(compact: number): number | null {
    const seq = this.seqs.get(compact);
    return Number.isNaN(seq) ? null : seq;
  }

  expand(compact: number, position: number): E {
    expansions++;
    const seq = this.seqs.get(compact);
    return this.make(
      this.lineNos.get(compact),
      this.byteOffsets.get(compact),
      this.byteLengths.get(compact),
      this.ids.get(compact),
      this.kindCodes.stringOf(this.kinds.get(compact))!,
      Number.isNaN(seq) ? null : seq,
      position,
    );
  }
}
