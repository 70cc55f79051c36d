/**
 * What a session log keeps of an event it holds as a number rather than an object
 * (SessionLog.compact: a settled tool call or result, its body on disk): its place in the file,
 * seq, kind and id, in columns — ~33 bytes an event where its object was 88. The event is made
 * anew when read (`expand`), by the log's own factory.
 */
import type { CompactEvents } from './event-index';
import { StringCodes } from './string-codes';

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

const MIN_CAPACITY = 1024;

export class CompactedEvents<E> implements CompactEvents<E> {
  private readonly ids: string[] = [];
  private lineNos = new Int32Array(MIN_CAPACITY);
  /** Offsets past 2 GiB do not fit an Int32: doubles (exact to 2^53). */
  private byteOffsets = new Float64Array(MIN_CAPACITY);
  private byteLengths = new Int32Array(MIN_CAPACITY);
  /** NaN for an event without a numeric seq. */
  private seqs = new Float64Array(MIN_CAPACITY);
  private kinds = new Uint16Array(MIN_CAPACITY);
  private readonly kindCodes = new StringCodes();

  constructor(private readonly make: MakeEvent<E>) {}

  /** Keeps an event's fields; returns the number it is kept by (null: too many kinds to code). */
  add(
    lineNo: number,
    byteOffset: number,
    byteLength: number,
    eventId: string,
    kind: string,
    seq: number | null,
  ): number | null {
    const kindCode = this.kindCodes.codeOf(kind);
    if (kindCode > 0xffff) return null;
    const n = this.ids.length;
    if (n === this.lineNos.length) this.grow();
    this.ids.push(eventId);
    this.lineNos[n] = lineNo;
    this.byteOffsets[n] = byteOffset;
    this.byteLengths[n] = byteLength;
    this.seqs[n] = seq ?? Number.NaN;
    this.kinds[n] = kindCode;
    return n;
  }

  idOf(compact: number): string {
    return this.ids[compact]!;
  }

  expand(compact: number, position: number): E {
    const seq = this.seqs[compact]!;
    return this.make(
      this.lineNos[compact]!,
      this.byteOffsets[compact]!,
      this.byteLengths[compact]!,
      this.ids[compact]!,
      this.kindCodes.stringOf(this.kinds[compact]!)!,
      Number.isNaN(seq) ? null : seq,
      position,
    );
  }

  private grow(): void {
    const cap = this.lineNos.length * 2;
    this.lineNos = grown(this.lineNos, new Int32Array(cap));
    this.byteOffsets = grown(this.byteOffsets, new Float64Array(cap));
    this.byteLengths = grown(this.byteLengths, new Int32Array(cap));
    this.seqs = grown(this.seqs, new Float64Array(cap));
    this.kinds = grown(this.kinds, new Uint16Array(cap));
  }
}

function grown<T extends Int32Array | Float64Array | Uint16Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
