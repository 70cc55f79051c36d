// The scaling check's unusual sessions (shape-logs.mjs): each shape writes the events it says, as
// the app reads them — real files in a temp folder, read by the project's own SessionLog.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SessionLog } from '../src-shared/formats/sciagent/session-log';
import { growthOf } from './shapes-scenario.mjs';
import { SHAPES, writeShapeLog } from './shape-logs.mjs';

const dir = mkdtempSync(path.join(os.tmpdir(), 'le-bench-shapes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function read(shape, events) {
  const file = path.join(dir, `${shape}.jsonl`);
  writeShapeLog(file, shape, events);
  const log = new SessionLog();
  log.push(readFileSync(file));
  log.end();
  return log;
}

const kinds = (log) => {
  const out = {};
  for (const [, e] of log.events) out[e.event.kind] = (out[e.event.kind] ?? 0) + 1;
  return out;
};

describe('shape logs', () => {
  it.each(Object.keys(SHAPES))('%s: the lines asked for, every one read without an error', (shape) => {
    const log = read(shape, 600);
    expect(log.parseErrors).toEqual([]);
    expect(log.events.size + log.duplicates.length).toBe(600);
  });

  it('writes the pattern each shape names', () => {
    const corrected = read('correct-one', 600);
    expect(corrected.appliedCorrectionCount()).toBe(kinds(corrected)['correction']);
    expect(corrected.events.get(firstArtifact(corrected)).corrections.length).toBe(199);
    expect(kinds(read('expected-missing', 600))['compute_job_launched']).toBe(200);
    expect(kinds(read('subagents-unique', 600))['subagent_completed']).toBe(150);
    expect(read('repeated-ids', 600).duplicates.length).toBe(200);
    expect(kinds(read('unknown-kinds', 600))['kind_7']).toBe(1);
  });

  it('tells a read whose cost per event grows from one that holds, less the fixed cost', () => {
    expect(growthOf({ tiny: 100, small: 600, big: 2100 })).toBe(4);
    expect(growthOf({ tiny: 100, small: 600, big: null })).toBeNull();
    expect(growthOf({ tiny: 100, small: 90, big: 400 })).toBeNull();
  });
});

function firstArtifact(l) {
  for (const [, e] of l.events) if (e.event.kind === 'artifact_produced') return e.event.eventId;
  return null;
}
