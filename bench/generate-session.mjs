/**
 * Generates a realistic sciagent session of N events: the event mix, field shapes and line
 * sizes of the corpus's real logs (tool call/result pairs with outputs of 200 B – 16 KB, a few
 * 100 KB lines, cluster-mode launches reusing a job_id with commands of 100 B – 10 KB, status
 * changes, artifacts, clusters shut down, data verdicts of several KB, subagents with child
 * sessions, observations and produces-validations, session_end), scaled up. Deterministic
 * (seeded), so runs compare. It writes no corrections: the corpus's real logs have none (the
 * reader's handling of them is tested apart, and was measured on variants of these logs).
 *
 * The mix (events, by kind; `mix: 'v2'` for the second generator's): tool calls and results ~66%
 * (~76%), launches ~6% each with a status change and an artifact (~5% each), verdicts ~1.3%
 * (~2.3%), subagents' spawns, observations and completions ~11% (~7%) with produces-validations
 * ~2.5% (none), clusters shut down ~0.6% (none). The corpus's four real logs: tools 63%, launches
 * 10% (no status changes or artifacts), subagents 10% plus validations 2.6%, verdicts 1.1%,
 * clusters down 2.2%. Launch and verdict lines are sized as the corpus's (~7 KB; v2: ~0.6–0.9 KB).
 * Lines are 1.5 s apart, with idle gaps of 2 to 32 minutes after ~5% of them (see idleGaps; none
 * in v2).
 *
 * Ids are shaped like the real ones (`ids: 'real'`, the default): UUID event ids, Anthropic-style
 * `toolu_01…` tool call ids, 12-hex child session ids — what a session keeps per event depends on
 * their length (a 36-character id is a 56-byte string). `ids: 'short'` gives the ids of the first
 * generator (`ev-<session>-<n>`, `call-<n>`), which the lineage replay test's digests were taken on
 * (with `mix: 'v2'`: that generator's lines exactly).
 */
import { createWriteStream } from 'node:fs';

/** Bump when the lines change: cached logs are named by it (bench/home.mjs). */
export const GENERATOR_VERSION = 4;

/** A 32-bit mix of n (splitmix-like): ids from a counter, without touching the event mix's random sequence. */
function mix(n) {
  let h = Math.imul((n ^ 0x9e3779b9) >>> 0, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
/** The low `digits` hex digits of a 32-bit number. */
const hex = (n, digits) =>
  (n >>> 0)
    .toString(16)
    .padStart(8, '0')
    .slice(8 - digits);
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function realIds(sessionId) {
  return {
    event: (n) => {
      const h =
        hex(mix(n * 4 + 1), 8) + hex(mix(n * 4 + 2), 8) + hex(mix(n * 4 + 3), 8) + hex(mix(n * 4 + 4), 8);
      const variant = '89ab'[mix(n) & 3];
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20)}`;
    },
    call: (n) => {
      let out = 'toolu_01';
      for (let i = 0; i < 22; i++) out += BASE62[mix(n * 32 + i) % 62];
      return out;
    },
    child: (n) => hex(mix(n ^ 0x5bd1e995), 8) + hex(mix(n + 7), 4),
    session: sessionId,
  };
}

function shortIds(sessionId) {
  return {
    event: (n) => `ev-${sessionId}-${n}`,
    call: (n) => `call-${n}`,
    child: (n) => `child-${n}`,
    session: sessionId,
  };
}

/**
 * Lines of text as the corpus's real tool outputs have them (shell output with colour codes,
 * CSV, paths, tracebacks, non-ASCII units and marks): what `text: 'real'` fills outputs with.
 */
const REAL_TEXT_LINES = [
  'mutant,DMS_score,DMS_score_bin',
  'M1I,-2.502128233,0',
  '    1838 /workspace/_data/BRCA1_HUMAN_Findlay_2018.csv',
  '\u001b[32m✓\u001b[0m build finished in 4.2 s — 0 errors, 3 warnings',
  'Traceback (most recent call last):',
  '  File "/workspace/run.py", line 42, in <module>',
  '    sim = S4.New(Lattice=((453, 0), (0, 453)), NumBasis=9)',
  'ValueError: lattice constant must be > 0 (got −1.0 µm)',
  'HEADER                                            01-AUG-25',
  'TITLE     ALPHAFOLD MONOMER V2.0 PREDICTION FOR BREAST CANCER TYPE 1',
  '{"step": 1200, "loss": 0.0342, "lr": 3e-4, "grad_norm": 1.07}',
  'resolution 0.5 Å → 12,345 residues parsed; pLDDT ≥ 70 for 91.3 %',
  'wrote ./_outputs/results.json (7,659 bytes)',
  '\tcolumn\t"quoted value"\tC:\\path\\to\\file',
];

/** A JSON value as Python's json.dumps writes it (`", "` and `": "` between items): sciagent's own. */
function pythonJson(value) {
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(', ')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${pythonJson(v)}`)
      .join(', ')}}`;
  return JSON.stringify(value);
}

/**
 * How long the session idles before each line: real sessions wait between bursts (for a cluster
 * job, a subagent, the model): the corpus's four logs go idle for over two minutes every 7–10
 * events, for 2 minutes to an hour. Their pace (an event a minute) scaled to the generator's (1.5 s
 * a line): a 5% chance per line of a gap of 2 to 32 minutes (most short: the square of a uniform
 * draw) — a 100k-event session spans ~6 weeks, 5,000 gaps — from a random sequence of its own (the
 * events are the same as without gaps). Version 3 of the generator wrote a line every 1.5 s, and
 * hid what thousands of idle gaps cost the timeline (see time-scale.ts's MIN_BREAK_PX).
 */
function idleGaps(seed) {
  let s = (seed ^ 0x5bd1e995) >>> 0;
  const rand = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  return () => (rand() < 0.05 ? Math.round(120_000 + rand() ** 2 * 1_800_000) : 0);
}

/** The seqs two processes write, line after line (see sessionLines' `writers`). */
function twoWriterSeqs(seed) {
  let s = (seed ^ 0x9e3779b9) >>> 0;
  const counters = [0, 0];
  let writer = 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    if (s / 2 ** 32 < 0.15) writer = 1 - writer;
    return ++counters[writer];
  };
}

/**
 * `jobs: 'one-cluster'`: every launch names the same job, as sciagent's cluster mode writes them
 * (the job is the cluster, named once per session: each real log of the corpus has one job_id
 * for all its launches), and so does every `compute_run` result. The default spreads launches
 * over a new job every ~10 launches.
 */
export function* sessionLines(
  sessionId,
  events,
  seed = 42,
  { ids: idStyle = 'real', jobs = 'many', text = 'filler', mix = 'corpus', writers = 1 } = {},
) {
  const v2 = mix === 'v2';
  // `writers: 2`: two processes write the session, each with its own seq counter (AS-WRITTEN: "seq
  // is a per-process counter"), taking turns at random (a 15% chance per line of the other one
  // writing next; its own random sequence, so the events are the same). Times follow the lines.
  const seqOf = writers === 2 ? twoWriterSeqs(seed) : (line) => line;
  // Idle gaps (not in `mix: 'v2'`, whose lines the lineage replay's digests were taken on).
  const idleAfter = v2 ? () => 0 : idleGaps(seed);
  let idle = 0;
  const ids = idStyle === 'short' ? shortIds(sessionId) : realIds(sessionId);
  let s = seed >>> 0;
  const rand = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const pick = (xs) => xs[Math.floor(rand() * xs.length)];
  // `text: 'real'`: outputs of real-looking text (escapes, non-ASCII) and Python's separators, where
  // JSON.parse runs ~1.6× slower than on the default filler of x's; the same events, ids and sizes.
  let textLine = 0;
  const realText = (n) => {
    let out = '';
    while (out.length < n) out += REAL_TEXT_LINES[textLine++ % REAL_TEXT_LINES.length] + '\n';
    return out.slice(0, Math.max(0, Math.floor(n)));
  };
  const filler = text === 'real' ? realText : (n) => 'x'.repeat(Math.max(0, Math.floor(n)));
  const stringify = text === 'real' ? pythonJson : JSON.stringify;
  const t0 = Date.parse('2026-06-08T20:09:12Z');
  let seq = 0;
  let id = 0;
  const base = (kind, extra) => {
    seq++;
    return stringify({
      schema_version: '2',
      event_id: ids.event(++id),
      event_kind: kind,
      session_id: sessionId,
      seq: seqOf(seq),
      ts: new Date(t0 + seq * 1500 + (idle += idleAfter())).toISOString().replace('Z', '000+00:00'),
      ...extra,
    });
  };
  const tools = ['file_ops', 'shell', 'service_search', 'todo', 'web_fetch', 'compute_run', 'task'];
  let job = 0;
  let emitted = 0;
  while (emitted < events) {
    const r = rand();
    if (r < (v2 ? 0.8 : 0.75)) {
      const tool = pick(tools);
      const call = ids.call(id + 1);
      const size = rand() < 0.002 ? 100_000 : 200 + rand() * rand() * 16_000;
      yield base('tool_call', {
        actor: 'anthropic/claude-sonnet-4-6',
        tool_call_id: call,
        tool_name: tool,
        arguments: { command: 'read', path: `./_outputs/file-${id}.json` },
        arguments_sha256: 'a'.repeat(64),
      });
      yield base('tool_result', {
        actor: 'anthropic/claude-sonnet-4-6',
        tool_call_id: call,
        tool_name: tool,
        success: rand() > 0.05,
        // A compute run names the job it started (sciagent's own writer: the corpus's e2e session).
        output_summary:
          jobs === 'one-cluster' && tool === 'compute_run'
            ? { job_id: 'cluster-0', status: 'running' }
            : size > 4096
              ? {
                  _truncated: true,
                  _original_size: Math.floor(size),
                  _preview: filler(256),
                  _sha256: 'b'.repeat(64),
                }
              : filler(size),
        error: null,
        duration_ms: Math.floor(rand() * 4000),
        cost_usd: 0.01,
        tokens_in: 1000 + (seq % 7),
        tokens_out: 100,
        model: 'anthropic/claude-sonnet-4-6',
      });
      emitted += 2;
    } else if (r < (v2 ? 0.9 : 0.89)) {
      if (rand() < 0.1) {
        // The cluster of the jobs before is shut down once the next one is up (as sciagent's
        // cleanup writes it); a one-cluster session keeps its cluster.
        if (!v2 && jobs !== 'one-cluster') {
          yield base('compute_cluster_down', {
            cluster_name: `cluster-${job}`,
            graceful: true,
            success: rand() < 0.5,
            reason: `ClusterDoesNotExist: Cluster 'cluster-${job}' does not exist.`,
          });
          emitted += 1;
        }
        job++;
      }
      const jobId = jobs === 'one-cluster' ? 'cluster-0' : `cluster-${job}`;
      // The corpus's commands: 100 B – 10 KB, most of them under 3 KB (a script inlined in a shell line).
      const command = v2
        ? `python run.py --case ${seq}`
        : `python - <<'PY'\n${filler(100 + rand() * rand() * 12_000)}\nPY`;
      yield base('compute_job_launched', {
        job_id: jobId,
        managed_job_id: seq,
        mode: 'cluster_exec',
        cluster_name: jobId,
        cluster_job_id: seq,
        backend: 'skypilot',
        service: 'rcwa',
        image: 'ghcr.io/sciagent-ai/rcwa',
        command_original: command,
        command_resolved: `timeout 3600 bash -c 'cd /workspace && ${command}'`,
        mount_path: '/workspace',
        ...(v2
          ? {}
          : {
              mount_bucket: `s3://sciagent-workspace-${sessionId}`,
              requirements: { cpus: 4, memory: 16, accelerators: null, disk_size: 100, use_spot: false },
              intent: null,
            }),
        expected_artifacts: [`results/out-${seq}.json`],
      });
      yield base('compute_job_status_changed', {
        job_id: jobId,
        status: pick(['running', 'completed', 'failed']),
        sky_status_raw: 'RUNNING',
      });
      yield base('artifact_produced', {
        path: `/workspace/results/out-${seq - 2}.json`,
        mount_path: '/workspace',
        path_relative_to_mount: `results/out-${seq - 2}.json`,
        job_id: jobId,
        size_bytes: 7659,
      });
      emitted += 3;
    } else if (r < (v2 ? 0.95 : 0.92)) {
      const filePath = `/workspace/results/out-${seq - 3}.json`;
      yield base('verification_result', {
        gate: 'data',
        task_id: 't1',
        // The corpus's verdicts: a claim of ~2–3 KB, evidence of ~3 KB, issues of ~0.6–2.6 KB.
        claim: v2
          ? { kind: 'data_acquisition', file_path: filePath }
          : { kind: 'data_acquisition', file_path: filePath, statement: filler(1500 + rand() * 1500) },
        verdict: pick(['verified', 'refuted', 'insufficient', 'warning']),
        confidence: null,
        evidence: { reasoning: filler(v2 ? 500 : 2500 + rand() * 1000) },
        issues: v2
          ? []
          : Array.from({ length: 1 + Math.floor(rand() * 4) }, () => filler(150 + rand() * 500)),
        verifier: 'provenance_checker',
      });
      emitted += 1;
    } else {
      const spawn = ids.event(id + 1);
      yield base('subagent_spawned', {
        actor: 'subagent:compute',
        subagent_name: 'compute',
        task_preview: filler(80),
      });
      yield base('subagent_observation', {
        subagent_name: 'compute',
        observation: { kind: 'image_quirk', symptom: filler(200) },
      });
      // The corpus: ~0.7 produces-validations a subagent, one in seven failed.
      if (!v2 && rand() < 0.7) {
        const bucket = `s3://sciagent-workspace-${sessionId}/outputs`;
        const patterns = [`${bucket}/summary-${seq}.json`, `${bucket}/plot-${seq}.png`];
        if (rand() < 1 / 7)
          yield base('produces_validation_failed', {
            actor: 'subagent:compute',
            subagent_name: 'compute',
            patterns,
            missing: patterns.map((pattern) => ({ pattern, reason: 'list failed: aws ls exit 1: ' })),
            verdict: 'failed',
          });
        else
          yield base('produces_validation_passed', {
            actor: 'subagent:compute',
            subagent_name: 'compute',
            patterns,
            resolved: patterns.map((pattern) => ({
              pattern,
              scheme: 's3',
              files: [{ path: pattern.slice(bucket.length - 'outputs'.length), bytes: 512 + seq }],
              file_count: 1,
            })),
            verdict: 'passed',
          });
        emitted += 1;
      }
      yield base('subagent_completed', {
        subagent_name: 'compute',
        spawn_event_id: spawn,
        success: true,
        iterations: 7,
        tokens_used: 159263,
        child_session_id: ids.child(seq),
      });
      emitted += 3;
    }
  }
  yield base('session_end', {
    model: 'anthropic/claude-sonnet-4-6',
    iterations: 14,
    tokens_in: 761506,
    tokens_out: 20852,
    cost_usd: 1.29,
    wall_seconds: 3073.6,
  });
}

export async function writeSession(file, sessionId, events, options = {}) {
  const out = createWriteStream(file);
  let bytes = 0;
  let lines = 0;
  for (const line of sessionLines(sessionId, events, 42, options)) {
    bytes += Buffer.byteLength(line) + 1;
    lines++;
    if (!out.write(`${line}\n`)) await new Promise((r) => out.once('drain', r));
  }
  await new Promise((r) => out.end(r));
  return { bytes, lines };
}
