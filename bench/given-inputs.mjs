/**
 * The bench's scenarios on sessions it did not generate: `--log=FILE[,FILE…]` (sciagent logs:
 * T1/T3 open, T2 live replay, T4 graph) and `--home=DIR` (a sciagent home: T5). A reviewer's own
 * sessions are measured as the generated ones are — nothing here reads or writes the given files
 * except to read them (the open hard-links or copies a log into a temp home; the live replay and
 * the graph scenario write copies).
 */
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../bin/lineage-explorer.js', import.meta.url));

/** The values of `--name=a,b` (the option may be given more than once). */
export function optionList(argv, name) {
  return argv
    .filter((a) => a.startsWith(`--${name}=`))
    .flatMap((a) => a.slice(name.length + 3).split(','))
    .filter(Boolean)
    .map((p) => path.resolve(p));
}

/**
 * What the scenarios need to know of a given log: the events the app counts in it (the CLI's own
 * `inspect --json`, so the figure the page must show is the app's, parse errors and all), its
 * highest seq, and the session id it is staged under (the folder name: how a home names sessions).
 */
export function describeLog(file, index) {
  if (!existsSync(file)) throw new Error(`--log: no such file: ${file}`);
  const out = execFileSync(process.execPath, [BIN, 'inspect', file, '--json'], {
    maxBuffer: 64 * 2 ** 20,
    encoding: 'utf8',
  });
  const report = JSON.parse(out);
  const first = Array.isArray(report) ? report[0] : report;
  if (!first || first.source !== 'sciagent')
    throw new Error(`--log: ${file} is not a sciagent log (inspect says ${first?.source ?? 'nothing'})`);
  const name = path.basename(path.dirname(file)) || path.basename(file);
  return {
    file,
    name,
    sessionId: `given${index + 1}-${name.replace(/[^\w.-]/g, '_')}`.slice(0, 60),
    logSessionId: first.sessionId,
    events: first.events,
    lastSeq: lastSeq(file),
    bytes: statSync(file).size,
  };
}

/** The seq of the log's last line that has one (read from its last 1 MiB), or null. */
function lastSeq(file) {
  const size = statSync(file).size;
  const length = Math.min(size, 2 ** 20);
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(length);
    readSync(fd, buffer, 0, length, size - length);
    const lines = buffer.toString('utf8').split('\n');
    for (let i = lines.length - 1; i > 0; i--) {
      const seq = seqOf(lines[i]);
      if (seq !== null) return seq;
    }
    return null;
  } finally {
    closeSync(fd);
  }
}

/**
 * A log's lines split for a live replay: all but the last `appends` (at most half of them) are
 * the session so far; the rest are appended one every 10 ms. Each appended line's seq (null for a
 * line without one: it is written but not timed), and `by`: 'seq' when every appended seq is
 * above every seq before it — the page's newest seq then reaches each line's —, else 'count'
 * (a log two processes wrote, each with its seq counter: the page's event count is what reaches
 * each line's). Logs over 512 MB are not replayed (the lines are held in memory): null.
 */
export function replayLines(file, appends) {
  if (statSync(file).size > 512 * 2 ** 20) return null;
  const text = readWhole(file);
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const n = Math.min(appends, Math.floor(lines.length / 2));
  const base = lines.slice(0, lines.length - n);
  const appended = lines.slice(lines.length - n);
  const seqs = appended.map(seqOf);
  let newest = Math.max(-Infinity, ...base.map(seqOf).filter((q) => q !== null));
  let growing = true;
  for (const seq of seqs) {
    if (seq === null) continue;
    if (seq <= newest) growing = false;
    newest = Math.max(newest, seq);
  }
  return { base, appended, seqs, by: growing ? 'seq' : 'count' };
}

function seqOf(line) {
  try {
    const seq = JSON.parse(line)?.seq;
    return Number.isInteger(seq) ? seq : null;
  } catch {
    return null;
  }
}

function readWhole(file) {
  const fd = openSync(file, 'r');
  try {
    const size = statSync(file).size;
    const buffer = Buffer.allocUnsafe(size);
    let at = 0;
    while (at < size) {
      const read = readSync(fd, buffer, at, size - at, at);
      if (read === 0) break;
      at += read;
    }
    return buffer.toString('utf8', 0, at);
  } finally {
    closeSync(fd);
  }
}

/** The sessions of a given sciagent home (`sessions/<id>/provenance.jsonl`): their logs. */
export function homeLogs(home) {
  const dir = path.join(home, 'sessions');
  if (!existsSync(dir)) throw new Error(`--home: ${home} has no sessions/ folder`);
  return readdirSync(dir)
    .map((id) => path.join(dir, id, 'provenance.jsonl'))
    .filter((f) => existsSync(f));
}
