/**
 * An event's diff file, read through the file access and parsed with jsdiff (`parsePatch`), as
 * per-file patches with hunks a side-by-side view can draw directly (every line numbered on its
 * side). Only the text is read here: applying patches is `replay.ts`'s job.
 */
import { parsePatch, type StructuredPatch, type StructuredPatchHunk } from 'diff';
import { normaliseLedgerPath, treePath } from './ledger-path';
import type { LedgerEvent, LedgerFileAccess } from './types';

export interface HunkLine {
  kind: 'context' | 'add' | 'remove';
  text: string;
  /** Line number on the old side (null for an added line). */
  oldLine: number | null;
  /** Line number on the new side (null for a removed line). */
  newLine: number | null;
  /** `\ No newline at end of file` followed this line. */
  noNewlineAtEnd?: true;
}

export interface Hunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  lines: HunkLine[];
}

export interface FilePatch {
  /** The file's path after the change (before it, for a deletion). */
  path: string;
  /** Path before the change; null when the patch creates the file. */
  oldPath: string | null;
  /** Path after the change; null when the patch deletes the file. */
  newPath: string | null;
  /** A git `Binary files … differ` entry: no hunks to apply. */
  binary: boolean;
  added: number;
  removed: number;
  hunks: Hunk[];
  /** jsdiff's form, for `applyPatch`. */
  structured: StructuredPatch;
}

export type EventPatch =
  | { status: 'ok'; files: FilePatch[] }
  /** No diff file, or one that is not a unified diff (binary, ast, schema without hunks). */
  | { status: 'none'; reason: string }
  | { status: 'missing' | 'escape' | 'unparseable'; reason: string };

const DEV_NULL = '/dev/null';
const decoder = new TextDecoder('utf-8', { fatal: true });

/** Reads and parses one event's `diff_path`. Never throws. */
export async function loadEventPatch(
  event: Pick<LedgerEvent, 'diffPath' | 'diffMode' | 'files'>,
  access: LedgerFileAccess,
): Promise<EventPatch> {
  if (event.diffPath === null) return { status: 'none', reason: 'no diff_path' };
  const normalised = normaliseLedgerPath(event.diffPath);
  if (normalised.kind === 'escape') return { status: 'escape', reason: normalised.reason };
  if (normalised.kind === 'folder')
    return { status: 'missing', reason: 'names the ledger folder, not a file' };
  const read = await access.readFile(normalised.path);
  if (read.status !== 'ok') return read;
  if (event.diffMode === 'binary') return { status: 'none', reason: 'a binary diff' };
  let text: string;
  try {
    text = decoder.decode(read.bytes);
  } catch {
    return event.diffMode === 'unified'
      ? { status: 'unparseable', reason: 'not UTF-8 text' }
      : { status: 'none', reason: `a ${event.diffMode ?? 'non-unified'} diff that is not text` };
  }
  const parsed = parseUnifiedDiff(text, event.files);
  if (parsed.ok) return { status: 'ok', files: parsed.files };
  // ast and schema diffs have formats of their own: not a unified diff is no fault there.
  return event.diffMode === 'unified' || event.diffMode === null
    ? { status: 'unparseable', reason: parsed.reason }
    : { status: 'none', reason: `a ${event.diffMode} diff, not a unified diff` };
}

/**
 * Parses a unified diff (one or more files). `eventFiles` (the event's `files`) decide between a
 * path as written and the same path without git's `a/` and `b/` prefixes, and name the file of a
 * patch that has no headers.
 */
export function parseUnifiedDiff(
  text: string,
  eventFiles: readonly string[] = [],
): { ok: true; files: FilePatch[] } | { ok: false; reason: string } {
  if (text.trim() === '') return { ok: true, files: [] };
  let structured: StructuredPatch[];
  try {
    structured = parsePatch(text);
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
  const known = new Set(eventFiles.map(treePath));
  const files: FilePatch[] = [];
  for (const [i, patch] of structured.entries()) {
    const bad = patch.hunks.find((h) => !validHeader(h));
    if (bad) return { ok: false, reason: 'a hunk header is not of the form @@ -a,b +c,d @@' };
    const named = patch.oldFileName !== undefined || patch.newFileName !== undefined;
    if (!named && patch.hunks.length === 0) continue;
    const gitStyle =
      patch.isGit === true ||
      ((startsWith(patch.oldFileName, 'a/') || patch.oldFileName === DEV_NULL) &&
        (startsWith(patch.newFileName, 'b/') || patch.newFileName === DEV_NULL));
    const fallback = eventFiles[i] ?? eventFiles[0] ?? null;
    const created = patch.oldFileName === DEV_NULL || patch.isCreate === true;
    const deleted = patch.newFileName === DEV_NULL || patch.isDelete === true;
    let oldPath = created ? null : headerPath(patch.oldFileName, gitStyle ? 'a/' : null, known);
    let newPath = deleted ? null : headerPath(patch.newFileName, gitStyle ? 'b/' : null, known);
    if (!created && oldPath === null) oldPath = newPath ?? (fallback && treePath(fallback));
    if (!deleted && newPath === null) newPath = oldPath ?? (fallback && treePath(fallback));
    const path = newPath ?? oldPath;
    if (path === null) return { ok: false, reason: 'a patch names no file and the event lists none' };
    const hunks = patch.hunks.map(toHunk);
    let added = 0;
    let removed = 0;
    for (const hunk of hunks)
      for (const line of hunk.lines) {
        if (line.kind === 'add') added += 1;
        else if (line.kind === 'remove') removed += 1;
      }
    files.push({
      path,
      oldPath,
      newPath,
      binary: patch.isBinary === true,
      added,
      removed,
      hunks,
      structured: patch,
    });
  }
  if (files.length === 0) return { ok: false, reason: 'no file header and no hunk: not a unified diff' };
  return { ok: true, files };
}

function validHeader(h: StructuredPatchHunk): boolean {
  return [h.oldStart, h.oldLines, h.newStart, h.newLines].every((n) => Number.isInteger(n) && n >= 0);
}

function startsWith(value: string | undefined, prefix: string): boolean {
  return value !== undefined && value.startsWith(prefix);
}

function headerPath(
  name: string | undefined,
  prefix: string | null,
  known: ReadonlySet<string>,
): string | null {
  if (name === undefined || name === '' || name === DEV_NULL) return null;
  const asWritten = treePath(name);
  if (prefix === null || !name.startsWith(prefix) || known.has(asWritten)) return asWritten;
  return treePath(name.slice(prefix.length));
}

/** jsdiff's hunk as numbered lines. */
export function toHunk(h: StructuredPatchHunk): Hunk {
  // jsdiff reports an empty side's start one past what the header says (`-0,0` → 1): number from it.
  let oldLine = h.oldStart;
  let newLine = h.newStart;
  const lines: HunkLine[] = [];
  for (const raw of h.lines) {
    const mark = raw[0];
    // A patch saved with CRLF keeps the \r on each line (applyPatch needs it); a view does not.
    const text = raw.endsWith('\r') ? raw.slice(1, -1) : raw.slice(1);
    if (mark === '\\') {
      const last = lines[lines.length - 1];
      if (last) last.noNewlineAtEnd = true;
    } else if (mark === '+') lines.push({ kind: 'add', text, oldLine: null, newLine: newLine++ });
    else if (mark === '-') lines.push({ kind: 'remove', text, oldLine: oldLine++, newLine: null });
    else lines.push({ kind: 'context', text, oldLine: oldLine++, newLine: newLine++ });
  }
  return { oldStart: h.oldStart, oldLines: h.oldLines, newStart: h.newStart, newLines: h.newLines, lines };
}

/** The same hunk seen the other way round (a diff from a later bookmark to an earlier one). */
export function reverseHunk(h: Hunk): Hunk {
  return {
    oldStart: h.newStart,
    oldLines: h.newLines,
    newStart: h.oldStart,
    newLines: h.oldLines,
    lines: h.lines.map((l) => ({
      ...l,
      kind: l.kind === 'add' ? 'remove' : l.kind === 'remove' ? 'add' : 'context',
      oldLine: l.newLine,
      newLine: l.oldLine,
    })),
  };
}

export interface SideBySideRow {
  left: { line: number; text: string; kind: 'context' | 'remove' } | null;
  right: { line: number; text: string; kind: 'context' | 'add' } | null;
}

/**
 * Rows for a two-column view: context on both sides, a run of removals paired line by line with
 * the run of additions that follows it, the longer run's rest against blanks.
 */
export function sideBySide(hunk: Hunk): SideBySideRow[] {
  const rows: SideBySideRow[] = [];
  let removes: HunkLine[] = [];
  let adds: HunkLine[] = [];
  const flush = () => {
    for (let i = 0; i < Math.max(removes.length, adds.length); i++) {
      const r = removes[i];
      const a = adds[i];
      rows.push({
        left: r ? { line: r.oldLine!, text: r.text, kind: 'remove' } : null,
        right: a ? { line: a.newLine!, text: a.text, kind: 'add' } : null,
      });
    }
    removes = [];
    adds = [];
  };
  for (const line of hunk.lines) {
    if (line.kind === 'remove') {
      if (adds.length) flush();
      removes.push(line);
    } else if (line.kind === 'add') adds.push(line);
    else {
      flush();
      rows.push({
        left: { line: line.oldLine!, text: line.text, kind: 'context' },
        right: { line: line.newLine!, text: line.text, kind: 'context' },
      });
    }
  }
  flush();
  return rows;
}
