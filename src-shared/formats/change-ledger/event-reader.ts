/**
 * Reads events.jsonl: feed it bytes as they arrive (`push`), then `end()` for a one-shot read (a
 * tailer never calls it and so waits for the last line's newline). Lines follow the reading
 * contract of every JSONL we read (`../jsonl/line-splitter.ts`); a line that is not a JSON object
 * is a `parse-error` violation, never a crash. Each event is checked against the A3.1 schema as it
 * arrives; work per line is proportional to that line. Nothing here touches the file system.
 */
import {
  DEFAULT_MAX_LINE_BYTES,
  LineSplitter,
  type OversizedLine,
  type RawLine,
  type SplitResult,
} from '../jsonl/line-splitter';
import { checkChangeEventSchema } from './schema-check';
import {
  EVENTS_FILE,
  isObject,
  stringOrNull,
  type JsonObject,
  type LedgerEvent,
  type LedgerViolation,
} from './types';

/** An event as read, before the timeline places it (lane, parent, markers). */
export type ReadEvent = Omit<
  LedgerEvent,
  'lane' | 'parentKey' | 'mergeParentKeys' | 'snapshotIds' | 'rollupOf' | 'rolledUpBy' | 'rules'
>;

const decoder = new TextDecoder('utf-8', { fatal: true });

export class ChangeLedgerReader {
  readonly events: ReadEvent[] = [];
  /** parse-error, schema and duplicate-id violations, in line order. */
  readonly violations: LedgerViolation[] = [];
  /** First event with each id. */
  readonly byId = new Map<string, ReadEvent>();
  /** Non-blank lines seen (events or not). */
  lines = 0;

  private readonly splitter: LineSplitter;
  private ended = false;

  constructor(maxLineBytes = DEFAULT_MAX_LINE_BYTES) {
    this.splitter = new LineSplitter(maxLineBytes);
  }

  /** Byte offset up to which every complete line has been read (where a tailer resumes). */
  get committedOffset(): number {
    return this.splitter.committedOffset;
  }

  push(chunk: Uint8Array): void {
    this.take(this.splitter.push(chunk));
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.take(this.splitter.end());
  }

  private take(result: SplitResult): void {
    const items: Array<RawLine | OversizedLine> = [...result.lines, ...result.oversized];
    if (result.oversized.length) items.sort((a, b) => a.lineNo - b.lineNo);
    for (const item of items) {
      this.lines += 1;
      if ('bytes' in item) this.onLine(item);
      else this.parseError(item.lineNo, `line of ${item.byteLength} bytes is over the line limit`);
    }
  }

  private onLine(line: RawLine): void {
    let value: unknown;
    try {
      value = JSON.parse(decoder.decode(line.bytes));
    } catch (error) {
      this.parseError(
        line.lineNo,
        error instanceof SyntaxError ? `not valid JSON: ${error.message}` : 'not valid UTF-8 text',
      );
      return;
    }
    if (!isObject(value)) {
      this.parseError(line.lineNo, `not a JSON object (${Array.isArray(value) ? 'an array' : typeof value})`);
      return;
    }
    this.onEvent(value, line);
  }

  private onEvent(record: JsonObject, line: RawLine): void {
    const index = this.events.length;
    const id = stringOrNull(record['id']);
    const duplicateOf = id !== null ? this.byId.get(id) : undefined;
    const key = id === null ? `line:${line.lineNo}` : duplicateOf ? `${id}@line:${line.lineNo}` : id;
    const author = isObject(record['author']) ? record['author'] : null;
    const event: ReadEvent = {
      index,
      key,
      id,
      line: line.lineNo,
      byteOffset: line.byteOffset,
      byteLength: line.byteLength,
      ts: stringOrNull(record['ts']),
      actionType: stringOrNull(record['action_type']),
      author: author
        ? {
            name: stringOrNull(author['name']),
            kind: stringOrNull(author['kind']),
            version: stringOrNull(author['version']),
          }
        : null,
      files: Array.isArray(record['files'])
        ? record['files'].filter((f): f is string => typeof f === 'string')
        : [],
      diffPath: stringOrNull(record['diff_path']),
      diffMode: stringOrNull(record['diff_mode']),
      operationId: stringOrNull(record['operation_id']),
      rationale: typeof record['rationale'] === 'string' ? record['rationale'] : null,
      bookmark: stringOrNull(record['bookmark']),
      snapshotRef: stringOrNull(record['snapshot_ref']),
      record,
    };
    this.events.push(event);
    if (id !== null && !duplicateOf) this.byId.set(id, event);

    const binary = record['diff_mode'] === 'binary';
    for (const issue of checkChangeEventSchema(record)) {
      // A binary event's impact without a summary is CT-PROV-05's to report (semantic-rules.ts).
      if (binary && /^\/artifact_impacts\/\d+\/summary$/.test(issue.pointer)) continue;
      this.add(event, 'schema', `schema: ${issue.message}`, issue.pointer || null);
    }
    if (duplicateOf)
      this.add(
        event,
        'duplicate-id',
        `id ${JSON.stringify(id)} was already used by the event on line ${duplicateOf.line}; that one is the event this id names`,
        '/id',
      );
  }

  private add(
    event: ReadEvent,
    rule: 'schema' | 'duplicate-id',
    message: string,
    field: string | null,
  ): void {
    this.violations.push({
      eventId: event.id,
      rule,
      message,
      file: EVENTS_FILE,
      line: event.line,
      eventIndex: event.index,
      field,
    });
  }

  private parseError(lineNo: number, message: string): void {
    this.violations.push({
      eventId: null,
      rule: 'parse-error',
      message: `line ${lineNo}: ${message}`,
      file: EVENTS_FILE,
      line: lineNo,
      eventIndex: null,
      field: null,
    });
  }
}
