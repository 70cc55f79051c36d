/**
 * The step-trace service: a trace validated against its evidence files on request, with what the
 * view needs to show it — the trace's lines and the text of its evidence files. The trace is read
 * once (for the validator and the view together) and each evidence file once; evidence files are
 * read only through `createNodeTraceContent`, which refuses anything outside the trace's folder.
 */
import path from 'node:path';
import type { StepTraceDocument, StepTraceService } from '../../../src-shared/bridge/contract';
import type {
  StepTraceEvidenceFile,
  StepTraceLine,
} from '../../../src-shared/bridge/services/step-trace-service';
import { LineSplitter, type RawLine } from '../../../src-shared/formats/jsonl/line-splitter';
import { StepTraceReader } from '../../../src-shared/formats/step-trace/trace-reader';
import type { ContentRead, TraceContentAccess } from '../../../src-shared/formats/step-trace/types';
import { finishReport } from '../../../src-shared/formats/step-trace/validate-trace';
import { readLogFile } from '../sessions/read-log-file';
import { createNodeTraceContent } from '../step-trace/node-trace-content';
import type { DocumentIndex } from './document-index';

/** Lines sent to the view; the rest are counted. */
export const LINE_LIMIT = 20_000;
/** Evidence text sent to the view, per file and in all. */
export const FILE_BYTES_LIMIT = 1024 * 1024;
export const TOTAL_FILE_BYTES_LIMIT = 4 * 1024 * 1024;
const RAW_TEXT_CHARS = 400;

export async function loadStepTraceDocument(key: string): Promise<StepTraceDocument> {
  const empty = { lines: [], truncatedLines: 0, files: {} };
  const reader = new StepTraceReader();
  const lines = new ViewLines();
  try {
    await readLogFile(key, (chunk) => {
      reader.push(chunk);
      lines.push(chunk);
    });
  } catch (error) {
    return { key, report: null, error: (error as Error).message, ...empty };
  }
  reader.end();
  lines.end();
  const access = new CachingContent(createNodeTraceContent(path.dirname(path.resolve(key))));
  try {
    const report = await finishReport(reader, access);
    const files = await evidenceFiles(
      reader.evidence.map((e) => e.contentPath),
      access,
    );
    return { key, report, error: null, lines: lines.lines, truncatedLines: lines.truncated, files };
  } catch (error) {
    return { key, report: null, error: (error as Error).message, ...empty };
  }
}

/** Every method first checks the key is a known document: no other path from the renderer is read. */
export function stepTraceService(documents: DocumentIndex): StepTraceService {
  return {
    report: async (key) => loadStepTraceDocument(documents.get(key).key),
  };
}

/** The trace's non-blank lines, parsed, with the validator's line numbers. */
class ViewLines {
  readonly lines: StepTraceLine[] = [];
  truncated = 0;
  private readonly splitter = new LineSplitter();
  private readonly decoder = new TextDecoder();

  push(chunk: Uint8Array): void {
    this.take(this.splitter.push(chunk));
  }

  end(): void {
    this.take(this.splitter.end());
  }

  private take(result: { lines: RawLine[]; oversized: Array<{ lineNo: number; byteLength: number }> }) {
    for (const raw of result.lines) this.add(raw.lineNo, this.decoder.decode(raw.bytes));
    for (const o of result.oversized) this.add(o.lineNo, null, `(a line of ${o.byteLength} bytes)`);
    if (result.oversized.length) this.lines.sort((a, b) => a.line - b.line);
  }

  private add(line: number, text: string | null, placeholder?: string): void {
    if (this.lines.length >= LINE_LIMIT) {
      this.truncated += 1;
      return;
    }
    if (text === null) {
      this.lines.push({ line, value: null, text: placeholder ?? '' });
      return;
    }
    try {
      this.lines.push({ line, value: JSON.parse(text) as unknown, text: null });
    } catch {
      this.lines.push({ line, value: null, text: text.slice(0, RAW_TEXT_CHARS) });
    }
  }
}

/** Reads each evidence file once, for the validator and then for the view. */
class CachingContent implements TraceContentAccess {
  private readonly reads = new Map<string, Promise<ContentRead>>();

  constructor(private readonly inner: TraceContentAccess) {}

  readFile(relPath: string): Promise<ContentRead> {
    let read = this.reads.get(relPath);
    if (!read) {
      read = this.inner.readFile(relPath);
      this.reads.set(relPath, read);
    }
    return read;
  }

  sha256(bytes: Uint8Array): Promise<string> {
    return this.inner.sha256(bytes);
  }
}

async function evidenceFiles(
  paths: ReadonlyArray<string | null>,
  access: TraceContentAccess,
): Promise<Record<string, StepTraceEvidenceFile>> {
  const files: Record<string, StepTraceEvidenceFile> = {};
  let budget = TOTAL_FILE_BYTES_LIMIT;
  for (const p of paths) {
    if (p === null || files[p]) continue;
    const read = await access
      .readFile(p)
      .catch((error: unknown): ContentRead => ({ status: 'missing', reason: (error as Error).message }));
    const base = { path: p, text: null, byteLength: null, lossy: false, reason: null };
    if (read.status !== 'ok') {
      files[p] = { ...base, status: read.status, reason: read.reason };
      continue;
    }
    const size = read.bytes.length;
    if (size > FILE_BYTES_LIMIT || size > budget) {
      files[p] = {
        ...base,
        status: 'too-large',
        byteLength: size,
        reason: `${size} bytes: too large to show`,
      };
      continue;
    }
    budget -= size;
    let text: string;
    let lossy = false;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(read.bytes);
    } catch {
      text = new TextDecoder().decode(read.bytes);
      lossy = true;
    }
    files[p] = { ...base, status: 'ok', text, byteLength: size, lossy };
  }
  return files;
}
