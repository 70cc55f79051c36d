import { appendFile, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { until } from '../../test-support/until';
import { LogWatcher } from './log-watcher';

let dir: string;
let watcher: LogWatcher | null = null;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'le-watch-'));
});
afterEach(async () => {
  await watcher?.close();
  watcher = null;
  await rm(dir, { recursive: true, force: true });
});

function start(
  options: { catchUpMs?: number; liveWindowMs?: number; readPaceMs?: (file: string) => number } = {},
) {
  return startAt(dir, options);
}

function startAt(
  root: string,
  options: { catchUpMs?: number; liveWindowMs?: number; readPaceMs?: (file: string) => number } = {},
) {
  const seen = new Map<string, string>();
  const reads = new Map<string, number>();
  const notices: string[] = [];
  const dec = new TextDecoder();
  watcher = new LogWatcher(
    { roots: [root], isLog: (f) => path.basename(f) === 'provenance.jsonl', ...options },
    {
      onFileAdded: (f) => seen.set(f, seen.get(f) ?? ''),
      onBytes: (f, bytes) => {
        reads.set(f, (reads.get(f) ?? 0) + 1);
        seen.set(f, (seen.get(f) ?? '') + dec.decode(bytes));
      },
      onReset: (f) => seen.set(f, ''),
      onFileRemoved: (f) => seen.delete(f),
      onNotice: (m) => notices.push(m),
    },
  );
  return { seen, reads, notices, ready: watcher.start() };
}

/** Appends to `log` every 20 ms until the watcher hands it off (its raw watch fired); true if it did. */
async function growUntilHandedOff(log: string, append: () => Promise<void>): Promise<boolean> {
  const handedOff = () => watcher!.handedOffFiles().includes(log);
  for (let i = 0; i < 100 && !handedOff(); i++) {
    await append();
    await new Promise((r) => setTimeout(r, 20));
  }
  return handedOff();
}

describe('LogWatcher (real chokidar, real files)', () => {
  it('reads existing logs, follows appends — a line split across two writes too — and ignores other files', async () => {
    const log = path.join(dir, 'sessions', 'a', 'provenance.jsonl');
    await mkdir(path.dirname(log), { recursive: true });
    await writeFile(log, '{"n":1}\n');
    await writeFile(path.join(dir, 'sessions', 'a', 'notes.txt'), 'x');
    const { seen, ready } = start();
    await ready;
    expect([...seen.keys()]).toEqual([log]);
    expect(seen.get(log)).toBe('{"n":1}\n');
    await appendFile(log, '{"n":');
    await appendFile(log, '2}\n');
    await until(() => seen.get(log) === '{"n":1}\n{"n":2}\n', 'the split line');
  });

  it('picks up a new session as soon as its folder appears', async () => {
    await mkdir(path.join(dir, 'sessions'), { recursive: true });
    const { seen, ready } = start();
    await ready;
    const log = path.join(dir, 'sessions', 'new-one', 'provenance.jsonl');
    await mkdir(path.dirname(log));
    await writeFile(log, '{"first":true}\n');
    await until(() => seen.get(log) === '{"first":true}\n', 'the new session');
  });

  it('finds a session folder moved in while the watcher starts (between its listing of a folder and its watch of it)', async () => {
    // chokidar lists a folder, then watches it: a folder moved in between is never reported. A
    // home of 100 sessions makes the start long enough to hit that now and then; the rounds make
    // a miss near certain without the rescan after the start.
    for (let round = 0; round < 40; round++) {
      const home = path.join(dir, `home-${round}`);
      for (let i = 0; i < 100; i++) {
        await mkdir(path.join(home, 'sessions', `s${i}`), { recursive: true });
        await writeFile(path.join(home, 'sessions', `s${i}`, 'provenance.jsonl'), '{}\n');
      }
      const staged = path.join(dir, `staged-${round}`);
      await mkdir(staged);
      await writeFile(path.join(staged, 'provenance.jsonl'), '{"moved":true}\n');
      await watcher?.close();
      const { seen, ready } = startAt(home);
      await new Promise((r) => setTimeout(r, round % 4));
      const log = path.join(home, 'sessions', 'moved-in', 'provenance.jsonl');
      await rename(staged, path.dirname(log));
      await ready;
      await until(() => seen.get(log) === '{"moved":true}\n', `the moved-in session (round ${round})`, 3000);
    }
  });

  it('never misses the last lines of a burst (safety poll after coalesced events)', async () => {
    const log = path.join(dir, 'provenance.jsonl');
    await writeFile(log, '');
    const { seen, ready } = start();
    await ready;
    for (let i = 0; i < 200; i++) await appendFile(log, `${i}\n`);
    await until(() => (seen.get(log) ?? '').split('\n').length === 201, 'all 200 lines');
    const lines = seen.get(log)!.trim().split('\n');
    expect(lines).toEqual(Array.from({ length: 200 }, (_, i) => String(i)));
  });

  it('lets chokidar go of the folder of a live log while its raw watch follows it, and watches it again once quiet', async () => {
    const log = path.join(dir, 'sessions', 'a', 'provenance.jsonl');
    const folder = path.dirname(log);
    await mkdir(folder, { recursive: true });
    await writeFile(log, '0\n');
    const { seen, ready } = start({ liveWindowMs: 1500 });
    await ready;
    let n = 1;
    const append = async () => appendFile(log, `${n++}\n`);
    // Growing: the raw watch fires, and the next safety tick hands the folder off.
    expect(await growUntilHandedOff(log, append)).toBe(true);
    const handedOff = () => watcher!.handedOffFiles().includes(log);
    // Still followed, line by line, without chokidar.
    for (let i = 0; i < 20; i++) await append();
    const all = () => Array.from({ length: n }, (_, i) => `${i}\n`).join('');
    await until(() => seen.get(log) === all(), 'the appends while handed off');
    // Quiet for longer than the live window: chokidar watches the folder again, and follows it.
    await until(() => !handedOff(), 'the folder watched again', 6000);
    await append();
    await until(() => seen.get(log) === all(), 'an append after the hand-back');
  });

  it('notices a handed-off log deleted, and reads the one written in its place', async () => {
    const log = path.join(dir, 'sessions', 'a', 'provenance.jsonl');
    const folder = path.dirname(log);
    await mkdir(folder, { recursive: true });
    await writeFile(log, 'x\n');
    const { seen, ready } = start();
    await ready;
    expect(await growUntilHandedOff(log, () => appendFile(log, 'x\n'))).toBe(true);
    expect(watcher!.handedOffFiles()).toEqual([log]);
    await rm(log);
    await until(() => !seen.has(log), 'the removal');
    await writeFile(log, 'new\n');
    await until(() => seen.get(log) === 'new\n', 'the new log');
  });

  it('keeps watching a root holding a live log (only session folders are handed off)', async () => {
    const log = path.join(dir, 'provenance.jsonl');
    await writeFile(log, '');
    const { seen, ready } = start();
    await ready;
    for (let i = 0; i < 30; i++) {
      await appendFile(log, `${i}\n`);
      await new Promise((r) => setTimeout(r, 20));
    }
    await until(() => (seen.get(log) ?? '').split('\n').length === 31, 'the appends');
    expect(watcher!.handedOffFiles()).toEqual([]);
  });

  it('reads the appends of a paced log together, and every one of them', async () => {
    const paced = path.join(dir, 'sessions', 'paced', 'provenance.jsonl');
    const prompt = path.join(dir, 'sessions', 'prompt', 'provenance.jsonl');
    for (const log of [paced, prompt]) {
      await mkdir(path.dirname(log), { recursive: true });
      await writeFile(log, '');
    }
    const { seen, reads, ready } = start({ readPaceMs: (f) => (f === paced ? 200 : 0) });
    await ready;
    reads.clear();
    let text = '';
    for (let i = 0; i < 40; i++) {
      text += `${i}\n`;
      await appendFile(paced, `${i}\n`);
      await appendFile(prompt, `${i}\n`);
      await new Promise((r) => setTimeout(r, 10));
    }
    await until(() => seen.get(paced) === text && seen.get(prompt) === text, 'both logs read to the end');
    // ~0.6 s of appends: the paced log is read every 200 ms, the other on (nearly) every append.
    expect(reads.get(paced)).toBeLessThanOrEqual(6);
    expect(reads.get(prompt)).toBeGreaterThan(2 * reads.get(paced)!);
  });

  it('tells the user and re-reads when a log is truncated', async () => {
    const log = path.join(dir, 'provenance.jsonl');
    await writeFile(log, 'aaaaaaaaaa\nbbbbbbbbbb\n');
    const { seen, notices, ready } = start();
    await ready;
    await writeFile(log, 'c\n'); // shorter: truncated and rewritten
    await until(() => seen.get(log) === 'c\n', 'the re-read');
    expect(notices.some((n) => n.includes('truncated') || n.includes('replaced'))).toBe(true);
  });
});
