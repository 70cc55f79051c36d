/**
 * Finds the documents under a root: TreeTrace bundles (`.treetrace/` folders), change ledgers
 * (folders with events.jsonl) and step traces (.jsonl files whose first line is a step-trace
 * header or event). A bounded walk: sciagent session folders and noise are not entered.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DocumentKind } from '../../../src-shared/bridge/contract';
import { archiveFormatOf } from '../treetrace/open-treetrace';
import { isLedgerFolder } from '../ledger/sniff-ledger';
import { isStepTraceFile } from '../step-trace/sniff-step-trace';

export interface FoundDocument {
  key: string;
  kind: DocumentKind;
  label: string;
}

const MAX_DEPTH = 5;
const MAX_ENTRIES = 20_000;
/** Archives found by the walk (bundles zipped by hand or by CI); plain `.tar` is opened by path only. */
const ARCHIVE_NAME = /\.(zip|tar\.gz|tgz)$/i;
const SKIP = new Set(['node_modules', '.git', 'subagents', 'snapshots', 'diffs']);

/** Classifies one path the user named (a file, a bundle, a ledger); null when it is none of them. */
export async function classifyDocument(target: string): Promise<FoundDocument | null> {
  const info = await stat(target).catch(() => null);
  if (!info) return null;
  const base = path.basename(target);
  if (info.isDirectory()) {
    if (base === '.treetrace') return doc(target, 'treetrace', path.basename(path.dirname(target)));
    if ((await stat(path.join(target, '.treetrace')).catch(() => null))?.isDirectory())
      return doc(path.join(target, '.treetrace'), 'treetrace', base);
    if (await isLedgerFolder(target)) return doc(target, 'change-ledger', base);
    return null;
  }
  if (archiveFormatOf(target)) return doc(target, 'treetrace', base);
  if (base.endsWith('.jsonl') && base !== 'provenance.jsonl' && (await isStepTraceFile(target)))
    return doc(target, 'step-trace', base);
  return null;
}

export async function findDocuments(root: string): Promise<FoundDocument[]> {
  const found: FoundDocument[] = [];
  let budget = MAX_ENTRIES;
  const self = await classifyDocument(root);
  if (self) return [self];
  const walk = async (dir: string, depth: number): Promise<void> => {
    if (depth > MAX_DEPTH || budget <= 0) return;
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (--budget <= 0) return;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (SKIP.has(entry.name)) continue;
        const d = await classifyDocument(full);
        if (d) {
          found.push(d);
          if (d.kind !== 'treetrace' || entry.name === '.treetrace') continue;
        }
        if (entry.name.startsWith('.') && entry.name !== '.treetrace') continue;
        if (!d) await walk(full, depth + 1);
      } else if (entry.isFile() && entry.name.endsWith('.jsonl') && entry.name !== 'provenance.jsonl') {
        const d = await classifyDocument(full);
        if (d) found.push(d);
      } else if (entry.isFile() && ARCHIVE_NAME.test(entry.name)) {
        // A zipped TreeTrace bundle (`.zip`, `.tar.gz`): listed, read in place when opened.
        const d = await classifyDocument(full);
        if (d) found.push(d);
      }
    }
  };
  await walk(root, 0);
  // A project folder and its .treetrace/ name the same bundle: keep one.
  const seen = new Set<string>();
  return found.filter((d) => (seen.has(d.key) ? false : (seen.add(d.key), true)));
}

function doc(key: string, kind: DocumentKind, label: string): FoundDocument {
  return { key: path.resolve(key), kind, label };
}
