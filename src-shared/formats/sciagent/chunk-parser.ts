/**
 * What a session worker runs on appended bytes: per file, a line splitter (the partial last line
 * stays here between chunks), classification, and slimming of event bodies so that the session
 * keeps only small records. An ordinary event line is read by the slim scan (only its kept fields
 * decoded); any other line the full way (classifyLine, then slimBody). Pure, so it is unit-tested
 * without threads.
 */
import { PORTABLE_BYTE_TEXT, type ByteText } from '../jsonl/json-bytes';
import {
  DEFAULT_MAX_LINE_BYTES,
  LineSplitter,
  type LineVisitor,
  type OversizedLine,
} from '../jsonl/line-splitter';
import { classifyLine, type ClassifiedRecord } from './classify-line';
import { oversizedRecord } from './session-log';
import { slimBody } from './slim-body';
import { SlimScanner } from './slim-scan';
import { countTruncationStubs } from './types';

export interface ParseChunkRequest {
  /** The file the bytes belong to: each keeps its own partial line. */
  fileKey: string;
  bytes: Uint8Array;
  /** Where `bytes` starts in the file; 0 with `reset` starts the file over. */
  fromOffset: number;
  reset: boolean;
  /** One-shot reading: flush the last line without its newline. */
  final?: boolean;
}

export interface ParseChunkResult {
  fileKey: string;
  records: ClassifiedRecord[];
  /** Byte offset up to which complete lines were consumed. */
  committedOffset: number;
}

export class ChunkParser {
  // Lines are views of the request's bytes, but each is classified (decoded) before parse()
  // returns and only the carried partial line is kept: the caller may reuse its buffer after.
  private readonly splitters = new Map<string, LineSplitter>();
  private readonly scanner: SlimScanner;

  /** `text`: the host's byte search and UTF-8 decoding (a worker gives Node's, which are faster). */
  constructor(
    private readonly maxLineBytes = DEFAULT_MAX_LINE_BYTES,
    private readonly text: ByteText = PORTABLE_BYTE_TEXT,
  ) {
    this.scanner = new SlimScanner(text);
  }

  parse(request: ParseChunkRequest): ParseChunkResult {
    let splitter = this.splitters.get(request.fileKey);
    if (!splitter || request.reset) {
      // The worker owns its (transferred) chunks: whole lines can be views of them.
      splitter = new LineSplitter(this.maxLineBytes, request.fromOffset, 1, true, this.text.indexOf);
      this.splitters.set(request.fileKey, splitter);
    }
    const oversized: OversizedLine[] = [];
    const lines = (this.lines = []);
    splitter.eachLine(request.bytes, this.onLine, oversized);
    if (request.final) splitter.endEach(this.onLine, oversized);
    this.scanner.release();
    this.lines = NO_RECORDS;
    const records = oversized.length
      ? [
          ...oversized.map((o): ClassifiedRecord => ({
            type: 'oversized',
            record: oversizedRecord(o, this.maxLineBytes),
          })),
          ...lines,
        ]
      : lines;
    return {
      fileKey: request.fileKey,
      records,
      committedOffset: splitter.committedOffset,
    };
  }

  /** The records of the lines of the chunk being parsed. */
  private lines: ClassifiedRecord[] = NO_RECORDS;

  /** Each line: the scan's record, or the full reader's (classifyLine, then slimmed). */
  private readonly onLine: LineVisitor = (bytes, start, end, lineNo, byteOffset) => {
    const scanned = this.scanner.scan(bytes, start, end, lineNo, byteOffset);
    if (scanned) {
      this.lines.push(scanned);
      return;
    }
    const line = { lineNo, byteOffset, byteLength: end - start, bytes: bytes.subarray(start, end) };
    for (const record of classifyLine(line)) this.lines.push(slim(record));
  };

  forget(fileKey: string): void {
    this.splitters.delete(fileKey);
  }
}

const NO_RECORDS: ClassifiedRecord[] = [];

/** In place: the records are fresh from classifyLine and are not shared. */
function slim(record: ClassifiedRecord): ClassifiedRecord {
  switch (record.type) {
    case 'event': {
      const stubs = countTruncationStubs(record.body);
      record.body = slimBody(record.body);
      // Most events have none: leave the field out rather than keep a 0 on every record.
      if (stubs) record.stubs = stubs;
      return record;
    }
    case 'unsupported':
      record.record.body = slimBody(record.record.body);
      return record;
    case 'invalid':
      record.record.body = null;
      return record;
    default:
      return record;
  }
}
