/**
 * Builds ledger folders for tests: events whose unified diffs are made by jsdiff from the content
 * the builder tracks per lane, binary changes, markers, merges, rollups and snapshot manifests
 * with real SHA-256 hashes. Pure (no file system): the Node and CLI tests write `files()` out to
 * temp folders themselves; pure tests read it through `MemoryLedgerAccess`.
 */
import { createTwoFilesPatch } from 'diff';
import { MemoryLedgerAccess, sha256Hex } from '../memory-access';
import type { JsonObject } from '../types';

export interface EventOptions {
  branch?: string;
  bookmark?: string;
  /** Fields merged into the event last (set one to `undefined` to drop it). */
  extra?: JsonObject;
}

interface PendingSnapshot {
  id: string;
  baseEventId: string;
  /** The lane's files when the snapshot was taken. */
  tree: Map<string, string>;
  extra: JsonObject;
}

const TS = Date.UTC(2025, 8, 27, 10, 0, 0);

export class LedgerBuilder {
  readonly events: JsonObject[] = [];
  /** Files beside events.jsonl: diffs, and anything a test adds. */
  readonly extraFiles = new Map<string, string | Uint8Array>();
  private readonly trees = new Map<string, Map<string, string>>([['main', new Map()]]);
  private readonly snapshots: PendingSnapshot[] = [];
  lane = 'main';

  /** The content of a file on a lane now. */
  content(path: string, lane = this.lane): string | undefined {
    return this.trees.get(lane)?.get(path);
  }

  /** A new lane starting from another lane's files (the builder's view; the ledger sees events). */
  fork(lane: string, from = this.lane): this {
    this.trees.set(lane, new Map(this.tree(from)));
    return this;
  }

  /** Writes a file: `file_create` when new on the lane, else `edit_replace`, with its unified diff. */
  write(id: string, path: string, content: string, options: EventOptions = {}): JsonObject {
    const lane = options.branch ?? this.lane;
    const tree = this.tree(lane);
    const before = tree.get(path);
    const patch = createTwoFilesPatch(
      before === undefined ? '/dev/null' : `a/${path}`,
      `b/${path}`,
      before ?? '',
      content,
      undefined,
      undefined,
    );
    tree.set(path, content);
    return this.change(id, before === undefined ? 'file_create' : 'edit_replace', [path], patch, options);
  }

  /** Several files in one event and one diff file. */
  writeMany(id: string, contents: Record<string, string>, options: EventOptions = {}): JsonObject {
    const tree = this.tree(options.branch ?? this.lane);
    const patches = Object.entries(contents).map(([path, content]) => {
      const before = tree.get(path);
      tree.set(path, content);
      return createTwoFilesPatch(
        before === undefined ? '/dev/null' : `a/${path}`,
        `b/${path}`,
        before ?? '',
        content,
      );
    });
    return this.change(id, 'edit_replace', Object.keys(contents), patches.join(''), options);
  }

  remove(id: string, path: string, options: EventOptions = {}): JsonObject {
    const tree = this.tree(options.branch ?? this.lane);
    const before = tree.get(path) ?? '';
    tree.delete(path);
    const patch = createTwoFilesPatch(`a/${path}`, '/dev/null', before, '');
    return this.change(id, 'file_delete', [path], patch, options);
  }

  /** A binary change with one artifact impact (pass `impact: null` to leave impacts out). */
  binary(
    id: string,
    path: string,
    impact: JsonObject | null = {
      path,
      kind: 'image',
      bytes_changed: 1204,
      hash_before: `sha256:${'a'.repeat(64)}`,
      hash_after: `sha256:${'b'.repeat(64)}`,
      summary: 'Updated architecture diagram',
    },
    options: EventOptions = {},
  ): JsonObject {
    const diffPath = `diffs/${id}.bin`;
    this.extraFiles.set(diffPath, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]));
    return this.push(
      id,
      'edit_replace',
      [path],
      diffPath,
      { diff_mode: 'binary', ...(impact ? { artifact_impacts: [impact] } : {}) },
      options,
    );
  }

  /** An event that changes no file: checkpoint, branch, rewind, meta_note, snapshot_create, eval_run. */
  marker(id: string, actionType: string, options: EventOptions = {}): JsonObject {
    return this.push(id, actionType, ['.'], '', { author: { name: 'ledger', kind: 'system' } }, options);
  }

  /** A merge recording left, right, base and policy; `contents` are the merged files on the merge's lane. */
  merge(
    id: string,
    fields: { left: string; right: string; base: string; policy?: string },
    contents: Record<string, string>,
    options: EventOptions = {},
  ): JsonObject {
    const event = Object.keys(contents).length
      ? this.writeMany(id, contents, options)
      : this.marker(id, 'merge', options);
    Object.assign(event, { action_type: 'merge', policy: 'text', auto: 'none', ...fields, resolutions: [] });
    return event;
  }

  /** A rollup of an operation: one diff composing the raw events' (from `before` to the lane's files now). */
  rollup(
    id: string,
    operationId: string,
    before: Record<string, string | undefined>,
    options: EventOptions = {},
  ): JsonObject {
    const tree = this.tree(options.branch ?? this.lane);
    const patch = Object.entries(before)
      .map(([path, old]) =>
        createTwoFilesPatch(
          old === undefined ? '/dev/null' : `a/${path}`,
          `b/${path}`,
          old ?? '',
          tree.get(path) ?? '',
        ),
      )
      .join('');
    const event = this.change(id, 'rollup', Object.keys(before), patch, options);
    event['operation_id'] = operationId;
    return event;
  }

  /** A snapshot manifest on an event, hashing the lane's files as they are now. */
  snapshot(id: string, baseEventId: string, extra: JsonObject = {}, lane = this.lane): this {
    this.snapshots.push({ id, baseEventId, tree: new Map(this.tree(lane)), extra });
    return this;
  }

  /** Every file of the ledger folder. */
  async files(): Promise<Map<string, string | Uint8Array>> {
    const out = new Map<string, string | Uint8Array>(this.extraFiles);
    out.set('events.jsonl', this.events.map((e) => JSON.stringify(e)).join('\n') + '\n');
    for (const s of this.snapshots) {
      const hashes: Record<string, string> = {};
      for (const [path, text] of s.tree)
        hashes[path] = `sha256:${await sha256Hex(new TextEncoder().encode(text))}`;
      const offset = this.events.findIndex((e) => e['id'] === s.baseEventId) + 1;
      const manifest: JsonObject = {
        id: s.id,
        ts: new Date(TS + offset * 60_000).toISOString(),
        base_event_id: s.baseEventId,
        tar_uri: `snapshots/${s.id}.tar`,
        env: { python: '3.12' },
        seeds: { global: 42 },
        hashes,
        event_offset: offset,
        ledger_driver: 'jsonl',
        ...s.extra,
      };
      for (const [k, v] of Object.entries(manifest)) if (v === undefined) delete manifest[k];
      out.set(`snapshots/${s.id}.json`, JSON.stringify(manifest, null, 2));
    }
    return out;
  }

  async access(): Promise<MemoryLedgerAccess> {
    return new MemoryLedgerAccess(await this.files());
  }

  event(id: string): JsonObject {
    const e = this.events.find((x) => x['id'] === id);
    if (!e) throw new Error(`no event ${id}`);
    return e;
  }

  private tree(lane: string): Map<string, string> {
    let tree = this.trees.get(lane);
    if (!tree) {
      // A lane first named by an event starts from the lane the builder was on.
      tree = new Map(lane === this.lane ? [] : this.tree(this.lane));
      this.trees.set(lane, tree);
    }
    return tree;
  }

  private change(
    id: string,
    actionType: string,
    files: string[],
    patch: string,
    options: EventOptions,
  ): JsonObject {
    const diffPath = `diffs/${id}.patch`;
    this.extraFiles.set(diffPath, patch);
    return this.push(id, actionType, files, diffPath, {}, options);
  }

  private push(
    id: string,
    actionType: string,
    files: string[],
    diffPath: string,
    fields: JsonObject,
    options: EventOptions,
  ): JsonObject {
    const event: JsonObject = {
      id,
      ts: new Date(TS + this.events.length * 60_000).toISOString(),
      author: { name: 'coder', version: '1.0.0', kind: 'agent' },
      action_type: actionType,
      files,
      diff_path: diffPath,
      diff_mode: 'unified',
      operation_id: `op-${id}`,
      action_scope: 'file',
      rationale: `because ${id}`,
      preflight: { ok: true, report_artifact: `preflight/${id}.json` },
      ...fields,
      ...(options.branch ? { branch: options.branch } : {}),
      ...(options.bookmark ? { bookmark: options.bookmark } : {}),
      ...options.extra,
    };
    for (const [k, v] of Object.entries(event)) if (v === undefined) delete event[k];
    if (options.branch) {
      this.tree(options.branch);
      this.lane = options.branch;
    }
    this.events.push(event);
    return event;
  }
}

/** The unified diff text's `+` and `-` lines (not headers): what a reader would count by hand. */
export function countPatchLines(patch: string): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const line of patch.split('\n')) {
    if (line.startsWith('+++') || line.startsWith('---')) continue;
    if (line.startsWith('+')) added += 1;
    else if (line.startsWith('-')) removed += 1;
  }
  return { added, removed };
}

export const APP_V1 = 'import os\n\ndef main():\n    print("hello")\n\nmain()\n';
export const APP_V2 = 'import os\n\ndef main():\n    print("hello, world")\n\nmain()\n';
export const APP_V3 =
  'import os\nimport sys\n\ndef main():\n    print("hello, world")\n    return 0\n\nsys.exit(main())\n';
export const APP_MERGED = APP_V3 + '# reviewed\n';

/**
 * A valid ledger with every kind of thing: two lanes (a branch event opens `feature`), a merge
 * joining them with its post-merge snapshot and bookmark, a rollup of two raw events, a binary
 * change, a deletion, snapshots with real hashes and bookmarks.
 *
 * main:    e1 (start) e2 [s1] e3 e4 e5=rollup(e3,e4) e6=binary [s2, bookmark mid] b1=branch → feature
 * feature: f1 f2 (bookmark feature-done)
 * main:    e7 m1=merge(main, feature) [snap-merge, post-merge] e8=delete notes.txt (end)
 */
export function richLedger(): LedgerBuilder {
  const b = new LedgerBuilder();
  b.write('e1', 'src/app.py', APP_V1, { bookmark: 'start' });
  b.writeMany('e2', { 'README.md': '# Demo\n', 'notes.txt': 'todo\n' });
  b.snapshot('s1', 'e2');
  b.write('e3', 'src/app.py', APP_V2, { extra: { operation_id: 'op-greet' } });
  b.write('e4', 'src/app.py', APP_V3, { extra: { operation_id: 'op-greet' } });
  b.rollup('e5', 'op-greet', { 'src/app.py': APP_V1 });
  b.binary('e6', 'docs/diagram.png', undefined, { bookmark: 'mid' });
  b.snapshot('s2', 'e6');
  b.marker('b1', 'branch', { branch: 'feature' });
  b.write('f1', 'src/feature.py', 'def feature():\n    return 42\n');
  b.write('f2', 'README.md', '# Demo\n\nWith a feature.\n', { bookmark: 'feature-done' });
  b.write('e7', 'src/app.py', APP_MERGED, { branch: 'main' });
  b.merge(
    'm1',
    { left: 'branch/main', right: 'branch/feature', base: 'e6', policy: 'text' },
    { 'src/feature.py': 'def feature():\n    return 42\n', 'README.md': '# Demo\n\nWith a feature.\n' },
    {
      bookmark: 'post-merge',
      extra: { snapshot_ref: 'snap-merge', author: { name: 'merger', kind: 'system' } },
    },
  );
  b.snapshot('snap-merge', 'm1', {
    merged_from: ['branch/main', 'branch/feature'],
    pre_merge_snapshots: ['s2'],
  });
  b.remove('e8', 'notes.txt', { bookmark: 'end' });
  return b;
}
