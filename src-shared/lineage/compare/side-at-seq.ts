/**
 * One side of a comparison: a log replayed up to the point where seq N was read — the graph a
 * live viewer would have shown at that moment. Bytes are fed in file order; lines are split and
 * classified here so the cut falls on a line, then handed to the ordinary SessionLog and
 * SciagentLineageBuilder (the same path as `inspect`).
 *
 * The cut: reading stops right after the first line holding an event with seq N; if no event has
 * seq N (a gap), right before the first line whose event's seq is above N. Everything before the
 * cut counts whatever its seq — events without a seq, corrections, lines a second writer put there
 * with a higher seq — and nothing after it: a correction written later is not applied (it is
 * "added" when the later bookmark is compared). With no event at or past N the whole log counts.
 */
import { LineSplitter, DEFAULT_MAX_LINE_BYTES } from '../../formats/jsonl/line-splitter';
import { classifyLine, type ClassifiedRecord } from '../../formats/sciagent/classify-line';
import { SessionLog, oversizedRecord } from '../../formats/sciagent/session-log';
import { num } from '../../formats/sciagent/types';
import { SciagentLineageBuilder } from '../sciagent/lineage-builder';

export interface SideAtSeq {
  log: SessionLog;
  lineage: SciagentLineageBuilder;
  /** Last line read when the cut was reached; null when the whole log was read. */
  cutLineNo: number | null;
  cutSeq: number | null;
}

export class SideAtSeqReader {
  readonly log = new SessionLog();
  readonly lineage: SciagentLineageBuilder;
  private readonly splitter = new LineSplitter(DEFAULT_MAX_LINE_BYTES);
  private cutLineNo: number | null = null;
  private cutSeq: number | null = null;
  private lastLineNo = 0;

  constructor(
    readonly sessionId: string,
    private readonly uptoSeq: number | null,
  ) {
    this.lineage = new SciagentLineageBuilder(this.log, sessionId);
  }

  /** True once the cut is reached: the caller may stop reading. */
  get done(): boolean {
    return this.cutLineNo !== null;
  }

  /** Feeds the next bytes of the file; returns `done`. */
  push(chunk: Uint8Array): boolean {
    if (this.done) return true;
    const split = this.splitter.push(chunk);
    this.consume(split.lines, split.oversized);
    return this.done;
  }

  /** End of the file: a last line without its newline counts (a one-shot read). */
  end(): SideAtSeq {
    if (!this.done) {
      const split = this.splitter.end();
      this.consume(split.lines, split.oversized);
    }
    return { log: this.log, lineage: this.lineage, cutLineNo: this.cutLineNo, cutSeq: this.cutSeq };
  }

  private consume(
    lines: ReturnType<LineSplitter['push']>['lines'],
    oversized: ReturnType<LineSplitter['push']>['oversized'],
  ): void {
    const records: ClassifiedRecord[] = [];
    let nextOversized = 0;
    for (const line of lines) {
      // Oversized lines are reported apart from the lines; keep them in file order.
      while (nextOversized < oversized.length && oversized[nextOversized]!.lineNo < line.lineNo)
        records.push({
          type: 'oversized',
          record: oversizedRecord(oversized[nextOversized++]!, DEFAULT_MAX_LINE_BYTES),
        });
      const classified = classifyLine(line);
      const verdict = this.cutAt(classified);
      if (verdict === 'before') {
        this.cutLineNo = this.lastLineNo;
        this.cutSeq = this.uptoSeq;
        break;
      }
      records.push(...classified);
      this.lastLineNo = line.lineNo;
      if (verdict === 'after') {
        this.cutLineNo = line.lineNo;
        this.cutSeq = this.uptoSeq;
        break;
      }
    }
    if (!this.done)
      while (nextOversized < oversized.length)
        records.push({
          type: 'oversized',
          record: oversizedRecord(oversized[nextOversized++]!, DEFAULT_MAX_LINE_BYTES),
        });
    if (records.length) this.lineage.apply(this.log.pushRecords(records));
  }

  /** Whether the cut falls before this line, after it, or not here. */
  private cutAt(records: ClassifiedRecord[]): 'before' | 'after' | null {
    if (this.uptoSeq === null) return null;
    for (const r of records) {
      if (r.type !== 'event') continue;
      const seq = num(r.body['seq']);
      if (seq === null) continue;
      if (seq === this.uptoSeq) return 'after';
      if (seq > this.uptoSeq) return 'before';
    }
    return null;
  }
}
