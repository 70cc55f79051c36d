/**
 * Finds the documents under a root: TreeTrace bundles (`.treetrace/` folders, TreeTrace 0.1's
 * project folders holding tree.json, archives), TreeTrace sets (a folder with the `index.json` of
 * `--each`, or an archive of several bundles: the set, then each member), change ledgers (folders
 * with events.jsonl) and step traces (.jsonl files whose first line is a step-trace header or
 * event). A bounded walk: sciagent session folders and noise are not entered.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DocumentKind } from '../../../src-shared/bridge/contract';
import { archiveFormatOf } from '../treetrace/open-treetrace';
import { findTreeTraceSet, type SetDocumentRef } from '../treetrace/treetrace-sets';
import { isTreeTraceTreeFile } from '../treetrace/detect-treetrace';
import { isLedgerFolder } from '../ledger/sniff-ledger';
import { isStepTraceFile } from '../step-trace/sniff-step-trace';

export interface FoundDocument {
  key: string;
  kind: DocumentKind;
  label: string;
  /** What to watch for changes when it is not the key (a set member: its bundle folder). */
  path?: string;
  /** A set member: its set's key. */
  setKey?: string;
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
    // TreeTrace 0.1 wrote tree.json into the project folder itself (no .treetrace/).
    if (await isTreeTraceTreeFile(path.join(target, 'tree.json'))) return doc(target, 'treetrace', base);
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
  if (self) return self.kind === 'treetrace' ? withSetMembers(self) : [self];
  const rootSet = await setDocuments(root);
  if (rootSet) return rootSet;
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
        // A set's members are listed with it (through its index), so its folder is not walked.
        const set = d ? null : await setDocuments(full);
        if (set) found.push(...set);
        else if (!d) await walk(full, depth + 1);
      } else if (entry.isFile() && entry.name.endsWith('.jsonl') && entry.name !== 'provenance.jsonl') {
        const d = await classifyDocument(full);
        if (d) found.push(d);
      } else if (entry.isFile() && ARCHIVE_NAME.test(entry.name)) {
        // A zipped TreeTrace bundle (`.zip`, `.tar.gz`), or a set of them: read in place.
        const d = await classifyDocument(full);
        if (d) found.push(...(await withSetMembers(d)));
      }
    }
  };
  await walk(root, 0);
  // A project folder and its .treetrace/ name the same bundle: keep one.
  const seen = new Set<string>();
  return disambiguate(found.filter((d) => (seen.has(d.key) ? false : (seen.add(d.key), true))));
}

/**
 * One project's bundles found in several places (older versions, copies) would be rows of the
 * same name: each gets as many of its parent folders as tell them apart ("0e32e87/weather-dashboard").
 */
function disambiguate(found: FoundDocument[]): FoundDocument[] {
  const groups = new Map<string, FoundDocument[]>();
  for (const d of found) {
    if (d.kind !== 'treetrace' || d.setKey) continue;
    groups.set(d.label, [...(groups.get(d.label) ?? []), d]);
  }
  for (const [label, docs] of groups) {
    if (docs.length < 2) continue;
    const parents = docs.map((d) => {
      const folder = path.basename(d.key) === '.treetrace' ? path.dirname(d.key) : d.key;
      return path.dirname(folder).split(path.sep).filter(Boolean);
    });
    for (let depth = 1; depth <= 3; depth++) {
      const labels = parents.map((p) => [...p.slice(-depth), label].join('/'));
      if (new Set(labels).size === labels.length || depth === 3) {
        docs.forEach((d, i) => (d.label = labels[i]!));
        break;
      }
    }
  }
  return found;
}

/** A set folder (index.json): the set, then its members; null when the folder is no set. */
async function setDocuments(dir: string): Promise<FoundDocument[] | null> {
  if (!(await stat(path.join(dir, 'index.json')).catch(() => null))?.isFile()) return null;
  const set = await findTreeTraceSet(dir);
  if (!set) return null;
  return [
    { key: set.key, kind: 'treetrace', label: set.label },
    ...set.members.map((m) => memberDoc(set.key, m)),
  ];
}

/** An archive holding several bundles is a set too: its members follow it. */
async function withSetMembers(d: FoundDocument): Promise<FoundDocument[]> {
  if (!archiveFormatOf(d.key)) return [d];
  const set = await findTreeTraceSet(d.key);
  if (!set) return [d];
  return [d, ...set.members.map((m) => memberDoc(d.key, m))];
}

function memberDoc(setKey: string, m: SetDocumentRef): FoundDocument {
  return { key: m.key, kind: 'treetrace', label: m.label, path: m.path, setKey };
}

function doc(key: string, kind: DocumentKind, label: string): FoundDocument {
  return { key: path.resolve(key), kind, label };
}
