/**
 * Deterministic replay over the ledger's own unified diffs (SYS-PROV-004, CT-PROV-01). The state
 * of the tree after an event is its lineage parent's state with the event's patches applied
 * (jsdiff `applyPatch`, no fuzz); snapshots on the way pin what their manifests say. A file's
 * content is known once a patch creates it, or from a snapshot whose `hashes` do not list it (the
 * manifest lists the whole tree, so the file did not exist: an inference, marked as such). The
 * snapshot archives (`tar_uri`) are not opened. A rebuilt file whose SHA-256 differs from the
 * manifest's is a `replay_divergence`; one that cannot be rebuilt is `unverifiable`, not diverged.
 */
import { applyPatch } from 'diff';
import type { EventPatch, FilePatch } from './patches';
import { treePath } from './ledger-path';
import {
  isObject,
  stringOrNull,
  type LedgerEvent,
  type LedgerFileAccess,
  type LedgerSnapshot,
} from './types';

export type FileState =
  | { kind: 'unknown' }
  | { kind: 'absent'; inferred: boolean }
  | { kind: 'text'; text: string; inferred: boolean }
  /** Content unknown, hash known: from a manifest, or a binary change's `hash_after`. */
  | { kind: 'hash'; hash: string }
  /** A patch did not apply: the chain is broken here (or the inferred start was wrong). */
  | { kind: 'failed'; eventKey: string; reason: string; inferred: boolean };

export interface TreeState {
  files: Map<string, FileState>;
  /** Past a manifest with `hashes`: files it never listed did not exist there. */
  unlistedAbsent: boolean;
}

export type ReplayStatus = 'verified' | 'diverged' | 'unverifiable';

export interface ReplayCheck {
  path: string;
  status: ReplayStatus;
  /** The manifest's hash as written. */
  expected: string;
  /** `sha256:<hex>` of the rebuilt file, or the hash it is known by; null when it could not be rebuilt. */
  actual: string | null;
  reason: string;
  snapshotId: string | null;
  eventKey: string | null;
}

const EMPTY: TreeState = { files: new Map(), unlistedAbsent: false };

export class LedgerReplay {
  private readonly memo = new Map<number, Promise<TreeState>>();
  private readonly checks = new Map<LedgerSnapshot, Promise<ReplayCheck[]>>();
  private readonly indexByKey = new Map<string, number>();
  private readonly snapshotsAt = new Map<number, LedgerSnapshot[]>();

  constructor(
    private readonly events: readonly LedgerEvent[],
    snapshots: readonly LedgerSnapshot[],
    private readonly patches: ReadonlyMap<string, EventPatch>,
    private readonly access: Pick<LedgerFileAccess, 'sha256'>,
  ) {
    for (const e of events) this.indexByKey.set(e.key, e.index);
    for (const s of snapshots) {
      if (s.eventIndex === null) continue;
      const list = this.snapshotsAt.get(s.eventIndex) ?? [];
      list.push(s);
      this.snapshotsAt.set(s.eventIndex, list);
    }
  }

  /** The tree after event `index` and the snapshots on it (`-1`: before every event). */
  stateAfter(index: number): Promise<TreeState> {
    const cached = this.memo.get(index);
    if (cached) return cached;
    if (index < 0) {
      const initial = this.pin(EMPTY, this.snapshotsAt.get(-1) ?? []);
      this.memo.set(-1, initial);
      return initial;
    }
    // Walk up the lineage to the nearest state already computed, then chain forward: long
    // lineages need no deep recursion.
    const chain: number[] = [];
    for (let at = index; at >= 0 && !this.memo.has(at); at = this.parentIndex(at)) chain.push(at);
    for (const i of chain.reverse()) {
      const parent = this.stateAfter(this.parentIndex(i));
      const event = this.events[i]!;
      this.memo.set(
        i,
        parent.then((state) => this.pin(this.apply(state, event), this.snapshotsAt.get(i) ?? [])),
      );
    }
    return this.memo.get(index)!;
  }

  /** The tree an event starts from: its lineage parent's. */
  stateBefore(index: number): Promise<TreeState> {
    return this.stateAfter(index < 0 ? -1 : this.parentIndex(index));
  }

  /** One file after event `index`. */
  async fileAfter(index: number, path: string): Promise<FileState> {
    return lookup(await this.stateAfter(index), treePath(path));
  }

  /** Every hash of a snapshot's manifest checked against the replayed tree at its event. */
  verifySnapshot(snapshot: LedgerSnapshot): Promise<ReplayCheck[]> {
    let run = this.checks.get(snapshot);
    if (!run) {
      run = this.verify(snapshot);
      this.checks.set(snapshot, run);
    }
    return run;
  }

  private async verify(snapshot: LedgerSnapshot): Promise<ReplayCheck[]> {
    if (snapshot.eventIndex === null || !snapshot.hasHashes) return [];
    const before = await this.rawStateAfter(snapshot.eventIndex);
    const out: ReplayCheck[] = [];
    for (const [rawPath, expected] of Object.entries(snapshot.hashes)) {
      const path = treePath(rawPath);
      const check = await this.checkOne(lookup(before, path), expected);
      out.push({ path, ...check, expected, snapshotId: snapshot.id, eventKey: snapshot.eventKey });
    }
    return out;
  }

  private async checkOne(
    state: FileState,
    expected: string,
  ): Promise<{ status: ReplayStatus; actual: string | null; reason: string }> {
    const want = normaliseHash(expected);
    if (want === null)
      return {
        status: 'unverifiable',
        actual: null,
        reason: `hash ${expected} is not a SHA-256 we can check`,
      };
    switch (state.kind) {
      case 'text': {
        const actual = await this.access.sha256(new TextEncoder().encode(state.text));
        const note = state.inferred ? ' (from a start inferred from an earlier manifest)' : '';
        return actual === want
          ? { status: 'verified', actual: `sha256:${actual}`, reason: `rebuilt from the diffs${note}` }
          : {
              status: 'diverged',
              actual: `sha256:${actual}`,
              reason: `rebuilt from the diffs${note}, the file hashes sha256:${actual}`,
            };
      }
      case 'hash': {
        const known = normaliseHash(state.hash);
        if (known === null)
          return {
            status: 'unverifiable',
            actual: state.hash,
            reason: 'content not rebuilt; its hash is not SHA-256',
          };
        return known === want
          ? {
              status: 'verified',
              actual: state.hash,
              reason: 'content not rebuilt; the recorded hash matches',
            }
          : { status: 'diverged', actual: state.hash, reason: `the events leave it at ${state.hash}` };
      }
      case 'absent':
        return state.inferred
          ? {
              status: 'unverifiable',
              actual: null,
              reason: 'not listed by an earlier manifest and never created by a diff',
            }
          : { status: 'diverged', actual: null, reason: 'the diffs delete it, the manifest lists it' };
      case 'failed':
        return state.inferred
          ? { status: 'unverifiable', actual: null, reason: `cannot rebuild: ${state.reason}` }
          : { status: 'diverged', actual: null, reason: `cannot rebuild: ${state.reason}` };
      case 'unknown':
        return {
          status: 'unverifiable',
          actual: null,
          reason: 'no diff creates it and no earlier manifest pins it',
        };
    }
  }

  /** The tree after event `index`, before the snapshots on it pin their hashes. */
  private async rawStateAfter(index: number): Promise<TreeState> {
    if (index < 0) return EMPTY;
    return this.apply(await this.stateAfter(this.parentIndex(index)), this.events[index]!);
  }

  private parentIndex(index: number): number {
    const parent = this.events[index]!.parentKey;
    return parent === null ? -1 : (this.indexByKey.get(parent) ?? -1);
  }

  /** After a snapshot, its manifest is what the tree is: a diverged file continues from the manifest's hash. */
  private async pin(state: TreeState, snapshots: readonly LedgerSnapshot[]): Promise<TreeState> {
    const withHashes = snapshots.filter((s) => s.hasHashes);
    if (withHashes.length === 0) return state;
    const files = new Map(state.files);
    for (const snapshot of withHashes) {
      const listed = new Set<string>();
      for (const [rawPath, hash] of Object.entries(snapshot.hashes)) {
        const path = treePath(rawPath);
        listed.add(path);
        const current = lookup({ files, unlistedAbsent: state.unlistedAbsent }, path);
        const check = await this.checkOne(current, hash);
        if (check.status !== 'verified') files.set(path, { kind: 'hash', hash });
      }
      for (const [path, current] of files)
        if (!listed.has(path) && current.kind === 'unknown')
          files.set(path, { kind: 'absent', inferred: true });
    }
    return { files, unlistedAbsent: true };
  }

  private apply(state: TreeState, event: LedgerEvent): TreeState {
    // A rollup that composes raw events the ledger keeps changes nothing of its own.
    if (event.actionType === 'rollup' && event.rollupOf.length > 0) return state;
    const patch = this.patches.get(event.key);
    const files = new Map(state.files);
    const next: TreeState = { files, unlistedAbsent: state.unlistedAbsent };
    const touched = event.files.map(treePath);

    if (event.diffMode === 'binary') {
      for (const path of touched)
        files.set(path, event.actionType === 'file_delete' ? absent() : { kind: 'unknown' });
      for (const impact of impactsOf(event)) {
        if (impact.path === null) continue;
        files.set(
          impact.path,
          impact.hashAfter ? { kind: 'hash', hash: impact.hashAfter } : { kind: 'unknown' },
        );
      }
      return next;
    }
    if (!patch || patch.status !== 'ok') {
      const changes = event.actionType !== null && isChange(event.actionType);
      if (changes)
        for (const path of touched)
          files.set(path, event.actionType === 'file_delete' ? absent() : { kind: 'unknown' });
      return next;
    }
    for (const fp of patch.files) applyFile(next, fp, event);
    return next;
  }
}

function applyFile(state: TreeState, fp: FilePatch, event: LedgerEvent): void {
  const { files } = state;
  if (fp.binary) {
    const impact = impactsOf(event).find((i) => i.path === fp.path);
    files.set(fp.path, impact?.hashAfter ? { kind: 'hash', hash: impact.hashAfter } : { kind: 'unknown' });
    if (fp.oldPath !== null && fp.oldPath !== fp.path) files.set(fp.oldPath, absent());
    return;
  }
  if (fp.newPath === null) {
    files.set(fp.path, absent());
    return;
  }
  let base: FileState;
  if (fp.oldPath === null) base = { kind: 'text', text: '', inferred: false };
  else {
    base = lookup(state, fp.oldPath);
    if (fp.oldPath !== fp.newPath) files.set(fp.oldPath, absent());
  }
  files.set(fp.newPath, patched(base, fp, event.key));
}

function patched(base: FileState, fp: FilePatch, eventKey: string): FileState {
  switch (base.kind) {
    case 'unknown':
    case 'hash':
      return { kind: 'unknown' };
    case 'failed':
      return base;
    case 'absent':
    case 'text': {
      const source = base.kind === 'text' ? base.text : '';
      if (fp.hunks.length === 0)
        return base.kind === 'text' ? base : { kind: 'text', text: '', inferred: base.inferred };
      const result = applyPatch(source, fp.structured);
      if (result === false)
        return {
          kind: 'failed',
          eventKey,
          inferred: base.inferred,
          reason:
            base.kind === 'absent'
              ? `the patch of event ${eventKey} changes ${fp.path}, which does not exist there`
              : `the patch of event ${eventKey} does not apply to ${fp.path}`,
        };
      return { kind: 'text', text: result, inferred: base.inferred };
    }
  }
}

export function lookup(state: TreeState, path: string): FileState {
  return (
    state.files.get(path) ?? (state.unlistedAbsent ? { kind: 'absent', inferred: true } : { kind: 'unknown' })
  );
}

function absent(): FileState {
  return { kind: 'absent', inferred: false };
}

function isChange(action: string): boolean {
  return (
    action.startsWith('edit_') || action.startsWith('file_') || action === 'merge' || action === 'rollup'
  );
}

/** `sha256:ABC…` or bare hex → lowercase hex; null for any other algorithm or form. */
export function normaliseHash(hash: string): string | null {
  const m = /^(?:sha-?256[:-])?([0-9a-fA-F]{64})$/i.exec(hash.trim());
  return m ? m[1]!.toLowerCase() : null;
}

export interface ImpactInfo {
  path: string | null;
  kind: string | null;
  summary: string | null;
  hashBefore: string | null;
  hashAfter: string | null;
  bytesChanged: number | null;
}

export function impactsOf(event: Pick<LedgerEvent, 'record'>): ImpactInfo[] {
  const raw = event.record['artifact_impacts'];
  if (!Array.isArray(raw)) return [];
  return raw.filter(isObject).map((i) => ({
    path: typeof i['path'] === 'string' ? treePath(i['path']) : null,
    kind: stringOrNull(i['kind']),
    summary: stringOrNull(i['summary']),
    hashBefore: stringOrNull(i['hash_before']),
    hashAfter: stringOrNull(i['hash_after']),
    bytesChanged: typeof i['bytes_changed'] === 'number' ? i['bytes_changed'] : null,
  }));
}
