import { appendFile, chmod, mkdtemp, rename, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { until } from '../../test-support/until';
import { FileTailer, type ResetReason } from './file-tailer';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'le-tail-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function collect(file: string) {
  const got = { text: '', offsets: [] as number[], resets: [] as ResetReason[], problems: [] as string[] };
  const dec = new TextDecoder();
  const tailer = new FileTailer(file, {
    onBytes: (bytes, from) => {
      got.offsets.push(from);
      got.text += dec.decode(bytes);
    },
    onReset: (reason) => {
      got.resets.push(reason);
      got.text = '';
    },
    onProblem: (m) => got.problems.push(m),
  });
  return { tailer, got };
}

describe('FileTailer', () => {
  it('reads only appended bytes, at increasing offsets', async () => {
    const file = path.join(dir, 'log.jsonl');
    await writeFile(file, 'one\n');
    const { tailer, got } = collect(file);
    await tailer.poke();
    await appendFile(file, 'two\nthr');
    await tailer.poke();
    await tailer.poke(); // nothing new: no read
    await appendFile(file, 'ee\n');
    await tailer.poke();
    expect(got.text).toBe('one\ntwo\nthree\n');
    expect(got.offsets).toEqual([0, 4, 11]);
    expect(tailer.bytesRead).toBe(14);
  });

  it('reads the next chunk of a big file only once the consumer has taken the last (back-pressure)', async () => {
    const file = path.join(dir, 'big.jsonl');
    const size = 9 * 1024 * 1024; // three 4 MiB reads
    await writeFile(file, Buffer.alloc(size, 0x61));
    const calls: { from: number; size: number }[] = [];
    let release: (() => void) | null = null;
    const tailer = new FileTailer(file, {
      onBytes: (_bytes, from, fileSize) => {
        calls.push({ from, size: fileSize });
        return new Promise<void>((resolve) => (release = resolve));
      },
      onReset: () => {},
      onProblem: () => {},
    });
    const done = tailer.poke();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([{ from: 0, size }]); // held back: one chunk handed out, not the file
    // Each chunk is released once it has been handed out (a fixed wait released the same one
    // twice on a loaded machine, and the read then waited forever).
    for (let i = 1; i <= 3; i++) {
      await until(() => calls.length === i, `chunk ${i} handed out`);
      release!();
    }
    await done;
    expect(calls.map((c) => c.from)).toEqual([0, 4 * 1024 * 1024, 8 * 1024 * 1024]);
    expect(tailer.bytesRead).toBe(size);
  });

  it('coalesces pokes during a read and still reaches the end', async () => {
    const file = path.join(dir, 'log.jsonl');
    await writeFile(file, '');
    const { tailer, got } = collect(file);
    const pokes: Promise<void>[] = [];
    for (let i = 0; i < 50; i++) {
      await appendFile(file, `line ${i}\n`);
      pokes.push(tailer.poke());
    }
    await Promise.all(pokes);
    await tailer.poke();
    expect(got.text.split('\n').filter(Boolean)).toHaveLength(50);
  });

  it('re-reads from the start when the file is truncated', async () => {
    const file = path.join(dir, 'log.jsonl');
    await writeFile(file, 'aaaa\nbbbb\n');
    const { tailer, got } = collect(file);
    await tailer.poke();
    await truncate(file, 0);
    await appendFile(file, 'new\n');
    await tailer.poke();
    expect(got.resets).toEqual(['truncated']);
    expect(got.text).toBe('new\n');
  });

  it('re-reads from the start when the file is replaced (new inode)', async () => {
    const file = path.join(dir, 'log.jsonl');
    await writeFile(file, 'old old old\n');
    const { tailer, got } = collect(file);
    await tailer.poke();
    const tmp = path.join(dir, '.tmp');
    await writeFile(tmp, 'replacement that is longer\n');
    await rename(tmp, file);
    await tailer.poke();
    expect(got.resets).toEqual(['replaced']);
    expect(got.text).toBe('replacement that is longer\n');
  });

  it('reports a vanished or unreadable file once and recovers when it is back', async () => {
    const file = path.join(dir, 'log.jsonl');
    const { tailer, got } = collect(file);
    await tailer.poke();
    await tailer.poke();
    expect(got.problems).toHaveLength(1);
    expect(got.problems[0]).toMatch(/no such file/);
    await writeFile(file, 'here\n');
    await chmod(file, 0o644);
    await tailer.poke();
    expect(got.text).toBe('here\n');
  });
});
