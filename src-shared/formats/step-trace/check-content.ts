/**
 * The content pass: checks evidence and claim citations against the evidence files, through a
 * `TraceContentAccess` (the host decides how files are read and hashed). Each file is read and
 * hashed at most once.
 */
import { idLabel } from './fields';
import type { EvidenceRef, Span, StepTraceReader, SupportRef } from './trace-reader';
import type { ContentRead, Rule, TraceContentAccess, Violation } from './types';

export async function checkContent(
  reader: StepTraceReader,
  access: TraceContentAccess,
): Promise<Violation[]> {
  const files = new FileCache(access);
  const violations: Violation[] = [];
  const at = (ref: EvidenceRef | SupportRef, field: string, rule: Rule, message: string) =>
    violations.push({ line: ref.line, idx: ref.idx, field, rule, message });

  for (const ev of reader.evidence) {
    if (ev.namesFolder) {
      at(ev, 'evidence.content_path', 'content_missing', 'content_path names the trace folder, not a file');
      continue;
    }
    if (ev.contentPath === null) continue;
    const read = await files.read(ev.contentPath);
    if (read.status === 'escape') {
      at(ev, 'evidence.content_path', 'path_escape', `content_path ${ev.contentPath} ${read.reason}`);
      continue;
    }
    if (read.status === 'missing') {
      at(ev, 'evidence.content_path', 'content_missing', `content file ${ev.contentPath}: ${read.reason}`);
      continue;
    }
    if (ev.sha256 !== null) {
      const actual = await files.hash(ev.contentPath, read.bytes);
      if (actual !== ev.sha256)
        at(
          ev,
          'evidence.sha256',
          'hash_mismatch',
          `sha256 of ${ev.contentPath} is ${actual}, the evidence says ${ev.sha256}`,
        );
    }
    if (ev.span !== null && ev.span.end > read.bytes.length)
      at(
        ev,
        'evidence.span',
        'span_out_of_bounds',
        `span ${show(ev.span)} is outside ${ev.contentPath} (${read.bytes.length} bytes)`,
      );
  }

  for (const support of reader.supports) {
    if (support.evidenceId === null) continue;
    const ev = registeredBefore(reader.evidence, support.evidenceId, support.line);
    if (!ev) {
      const later = reader.evidence.find((e) => e.id === support.evidenceId);
      at(
        support,
        `${support.field}.evidence_id`,
        'unknown_evidence',
        `evidence ${idLabel(support.evidenceId)} ${later ? `is registered only later, on line ${later.line}` : 'is not registered in this trace'}`,
      );
      continue;
    }
    // Unusable evidence is reported on its own line; its citations cannot be checked.
    if (support.span === null || ev.contentPath === null) continue;
    const read = await files.read(ev.contentPath);
    if (read.status !== 'ok') continue;
    const { start, end } = support.span;
    if (end > read.bytes.length) {
      at(
        support,
        `${support.field}.span`,
        'span_out_of_bounds',
        `span ${show(support.span)} is outside ${ev.contentPath} (${read.bytes.length} bytes)`,
      );
      continue;
    }
    if (ev.span !== null && (start < ev.span.start || end > ev.span.end)) {
      at(
        support,
        `${support.field}.span`,
        'span_out_of_bounds',
        `span ${show(support.span)} is outside the evidence's span ${show(ev.span)} (line ${ev.line})`,
      );
      continue;
    }
    if (support.snippetSha256 === null) continue;
    const actual = await access.sha256(read.bytes.subarray(start, end));
    if (actual !== support.snippetSha256)
      at(
        support,
        `${support.field}.snippet_sha256`,
        'hash_mismatch',
        `sha256 of bytes ${show(support.span)} of ${ev.contentPath} is ${actual}, the claim says ${support.snippetSha256}`,
      );
  }
  return violations;
}

/** The latest registration of the id before the citing line: what a replay would have in hand. */
function registeredBefore(evidence: readonly EvidenceRef[], id: string, line: number): EvidenceRef | null {
  let found: EvidenceRef | null = null;
  for (const ev of evidence) {
    if (ev.line >= line) break;
    if (ev.id === id) found = ev;
  }
  return found;
}

function show(span: Span): string {
  return `[${span.start}, ${span.end})`;
}

class FileCache {
  private readonly reads = new Map<string, Promise<ContentRead>>();
  private readonly hashes = new Map<string, Promise<string>>();

  constructor(private readonly access: TraceContentAccess) {}

  read(path: string): Promise<ContentRead> {
    let read = this.reads.get(path);
    if (!read) {
      read = this.access
        .readFile(path)
        .catch((error: unknown): ContentRead => ({ status: 'missing', reason: (error as Error).message }));
      this.reads.set(path, read);
    }
    return read;
  }

  hash(path: string, bytes: Uint8Array): Promise<string> {
    let hash = this.hashes.get(path);
    if (!hash) {
      hash = this.access.sha256(bytes);
      this.hashes.set(path, hash);
    }
    return hash;
  }
}
