/* global window, document, requestAnimationFrame, Element -- functions passed to page.evaluate run in the browser */
/**
 * Issue 8, target 4, in Chromium against `serve` with the browser's own timing:
 *  - a session whose lineage has ~20,000 nodes: graph elements mounted (`.react-flow__node`),
 *    frame times while panning and zooming for 2 s (requestAnimationFrame deltas), a visible
 *    relayout (Expand tools: every tool group opens) from the click to the next painted frame
 *    with the new nodes, and a node appended by the tail: how long its placement took (the
 *    renderer's `graph:place-new` measure, turned on by `window.__benchGraphTiming`) and whether
 *    any node already drawn moved;
 *  - the prompt tree (TreeTrace view) of a generated 5,000-node bundle: click → rows painted.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { openApp } from './browser.mjs';
import { generatedLog, makeHome } from './home.mjs';
import { callBridge, startServe } from './serve-process.mjs';

/** Runs in the page: rAF timestamps until stopped (window.__frames). */
function recordFrames() {
  const frames = [];
  window.__frames = frames;
  window.__framesOn = true;
  const tick = (t) => {
    frames.push(t);
    if (window.__framesOn) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

function stopFrames() {
  window.__framesOn = false;
  const f = window.__frames;
  const deltas = [];
  for (let i = 1; i < f.length; i++) deltas.push(f[i] - f[i - 1]);
  deltas.sort((a, b) => a - b);
  const span = f.length > 1 ? f.at(-1) - f[0] : 0;
  return {
    frames: f.length,
    fps: span ? ((f.length - 1) * 1000) / span : null,
    p95: deltas[Math.floor(deltas.length * 0.95)] ?? null,
    max: deltas.at(-1) ?? null,
  };
}

/** Runs in the page: every mounted graph node's position (its transform), by id. */
function nodePositions() {
  const out = {};
  for (const el of document.querySelectorAll('.react-flow__node'))
    out[el.getAttribute('data-id')] = el.style.transform;
  return out;
}

/**
 * Runs in the page: after `count` changes from `before`, the graph says ready and two frames
 * are painted; resolves with the page time of that paint (or null after `timeoutMs`).
 */
function waitNodeCount({ before, timeoutMs }) {
  return new Promise((resolve) => {
    const start = performance.now();
    let seenAt = null;
    let frames = 0;
    const tick = (t) => {
      const graph = document.querySelector('.graph-canvas');
      const count = Number(graph?.getAttribute('data-node-count'));
      if (seenAt === null && count !== before && graph?.getAttribute('data-graph-state') === 'ready')
        seenAt = t;
      if (seenAt !== null && ++frames >= 2) return resolve({ at: t, count });
      if (performance.now() - start > timeoutMs) return resolve(null);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/** Runs in the page: the click's event time on an element matching `selector`. */
function recordClickOn(selector) {
  window.__clickAt = null;
  document.addEventListener(
    'click',
    (e) => {
      if (e.target instanceof Element && e.target.closest(selector)) window.__clickAt ??= e.timeStamp;
    },
    { capture: true },
  );
}

const lineCount = (nodes) => nodes?.length ?? null;

async function panAndZoom(page) {
  const box = await page.locator('.react-flow__pane').boundingBox();
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.evaluate(recordFrames);
  const until = Date.now() + 1000;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  for (let i = 0; Date.now() < until; i++) {
    await page.mouse.move(cx + 150 * Math.sin(i / 6), cy + 100 * Math.cos(i / 6), { steps: 2 });
  }
  await page.mouse.up();
  const zoomUntil = Date.now() + 1000;
  for (let i = 0; Date.now() < zoomUntil; i++) {
    await page.mouse.wheel(0, i % 20 < 10 ? -60 : 60);
    await page.waitForTimeout(16);
  }
  return page.evaluate(stopFrames);
}

/**
 * One run of the graph figures on a session of `events` events — generated, or a `given` log
 * (bench/given-inputs.mjs `describeLog`: a copy of it is what is appended to).
 */
export async function graphOnce(browser, events, given = null) {
  const sessionId = given ? given.sessionId : `graph${events}`;
  const log = given ? given.file : await generatedLog(sessionId, events);
  const home = await makeHome();
  const dir = home.sessionDir(sessionId);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'provenance.jsonl');
  await copyFile(log, file); // a copy: the bench appends to it
  const serve = await startServe(home.home);
  let app = null;
  try {
    app = await openApp(browser, serve.url);
    const { page } = app;
    await page.evaluate(() => (window.__benchGraphTiming = true));
    await page.locator(`[data-testid="session-row"][data-session-id="${sessionId}"]`).click();
    await page
      .locator(`[data-testid="session-row"][data-session-id="${sessionId}"][data-status="ready"]`)
      .waitFor({ timeout: 60_000 });
    await page.locator('.graph-canvas[data-graph-state="ready"]').waitFor({ timeout: 60_000 });
    await page.waitForTimeout(500);
    const snapshot = await callBridge(serve.url, 'sessions', 'snapshot', [file]);
    const lineageNodes = lineCount(snapshot.nodes);
    const mounted = await page.evaluate(() => document.querySelectorAll('.react-flow__node').length);
    const panZoom = await panAndZoom(page);

    // A visible relayout: every tool group opens (each shows its first members). Fitted first
    // (the pan above moved away), and fitted again after, so the figures are of a full view.
    const fit = async () => {
      await page.locator('button[title="Fit the graph to the view (F)"]').click();
      await page.waitForTimeout(500);
    };
    await fit();
    const before = Number(await page.locator('.graph-canvas').getAttribute('data-node-count'));
    await page.evaluate(recordClickOn, 'button[title="Show every tool call"]');
    await page.locator('button[title="Show every tool call"]').click();
    const expanded = await page.evaluate(waitNodeCount, { before, timeoutMs: 10_000 });
    const clickAt = await page.evaluate(() => window.__clickAt);
    await fit();
    const mountedExpanded = await page.evaluate(() => document.querySelectorAll('.react-flow__node').length);
    const panZoomExpanded = await panAndZoom(page);
    await page.locator('button[title="Group tool calls by tool name"]').click();
    await page.locator(`.graph-canvas[data-graph-state="ready"][data-node-count="${before}"]`).waitFor();
    await page.waitForTimeout(1000);

    // A node appended by the tail: a call of a tool never seen makes a new group node.
    await page.evaluate(() => performance.clearMeasures('graph:place-new'));
    const positionsBefore = await page.evaluate(nodePositions);
    const countBefore = Number(await page.locator('.graph-canvas').getAttribute('data-node-count'));
    const seq = Math.max(events, given?.lastSeq ?? 0) + 100;
    const line = (kind, extra) =>
      JSON.stringify({
        schema_version: '2',
        event_id: `bench-append-${kind}`,
        event_kind: kind,
        session_id: given?.logSessionId ?? sessionId,
        seq: kind === 'tool_call' ? seq : seq + 1,
        ts: '2026-06-09T20:09:12.000000+00:00',
        actor: 'anthropic/claude-sonnet-4-6',
        tool_call_id: 'bench-append',
        tool_name: 'bench_probe',
        ...extra,
      }) + '\n';
    appendFileSync(file, line('tool_call', { arguments: {} }) + line('tool_result', { success: true }));
    const appended = await page.evaluate(waitNodeCount, { before: countBefore, timeoutMs: 10_000 });
    const placeMs = await page.evaluate(() =>
      performance.getEntriesByName('graph:place-new').map((e) => e.duration),
    );
    const positionsAfter = await page.evaluate(nodePositions);
    let moved = 0;
    let compared = 0;
    for (const [id, t] of Object.entries(positionsBefore)) {
      if (!(id in positionsAfter)) continue;
      compared++;
      if (positionsAfter[id] !== t) moved++;
    }
    return {
      events,
      lineageNodes,
      mounted,
      panZoom,
      relayoutMs: expanded && clickAt !== null ? expanded.at - clickAt : null,
      mountedExpanded,
      panZoomExpanded,
      appendShown: Boolean(appended),
      placeMs: placeMs.length ? Math.max(...placeMs) : null,
      moved,
      compared,
    };
  } finally {
    await app?.close();
    await serve.stop();
    await home.remove();
  }
}

/** A TreeTrace bundle (schema 0.3) of `count` prompt nodes in `dir/.treetrace/tree.json`. */
export function writePromptTree(dir, count) {
  let s = 11;
  const rand = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const kinds = ['direction', 'correction', 'scope-change', 'checkpoint', 'question', 'rejection'];
  const relation = {
    direction: 'refines',
    correction: 'corrects',
    'scope-change': 'expands',
    checkpoint: 'checkpoints',
    question: 'asks',
    rejection: 'rejects',
  };
  const sessions = 25;
  const t0 = Date.parse('2026-06-01T09:00:00Z');
  const nodes = [];
  const edges = [];
  for (let i = 0; i < count; i++) {
    const id = `node_${String(i + 1).padStart(5, '0')}`;
    // Mostly a chain (each prompt refines the one before), with branches back to earlier ones.
    const parent = i === 0 ? null : nodes[rand() < 0.8 ? i - 1 : Math.floor(rand() * i)].id;
    const kind = i === 0 ? 'root' : kinds[Math.floor(rand() * rand() * kinds.length)];
    nodes.push({
      id,
      parentId: parent,
      role: 'user',
      kind,
      title: `Prompt ${i + 1}: adjust the solver settings and re-run the case`,
      text: `Prompt ${i + 1}. ${'Please change the mesh resolution and run the case again. '.repeat(3)}`,
      status: rand() < 0.9 ? 'accepted' : 'abandoned',
      nudges: 0,
      reruns: 0,
      session: `s-${Math.floor((i * sessions) / count)}`,
      timestamp: new Date(t0 + i * 60_000).toISOString(),
      model: 'claude-opus-4-8',
      actions: [{ tool: 'Bash', file: null, command: 'make run', model: 'claude-opus-4-8' }],
      failureSignals: [],
      evalCandidate: false,
      lessonIds: [],
      sourceEventIds: [],
    });
    if (parent) edges.push({ from: parent, to: id, relationship: relation[kind] });
  }
  const tree = {
    schemaVersion: '0.3',
    generator: { name: 'treetrace', version: '0.9.0' },
    project: { name: 'bench', generatedAt: new Date(t0).toISOString(), sourceType: 'claude-code-jsonl' },
    stats: { prompts: count, sessions, models: ['claude-opus-4-8'] },
    sessions: Array.from({ length: sessions }, (_, k) => ({
      id: `s-${k}`,
      title: `Session ${k}`,
      firstTs: null,
      lastTs: null,
      promptCount: Math.round(count / sessions),
      isContinuation: k > 0,
      inputTokens: 0,
      outputTokens: 0,
    })),
    nodes,
    edges,
    correctionChains: [],
    lessons: [],
    evalCandidates: [],
  };
  mkdirSync(path.join(dir, '.treetrace'), { recursive: true });
  writeFileSync(path.join(dir, '.treetrace', 'tree.json'), JSON.stringify(tree));
}

/** Runs in the page: resolves when the prompt tree shows rows and two frames are painted. */
function waitTree(timeoutMs) {
  return new Promise((resolve) => {
    const start = performance.now();
    let frames = 0;
    let seen = false;
    const tick = (t) => {
      seen ||= document.querySelectorAll('[data-testid="treetrace-view"] [data-testid="tt-row"]').length > 0;
      if (seen && ++frames >= 2)
        return resolve({ at: t, rows: document.querySelectorAll('[data-testid="tt-row"]').length });
      if (performance.now() - start > timeoutMs) return resolve(null);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

export async function promptTreeOnce(browser, count) {
  const home = await makeHome();
  writePromptTree(path.join(home.home, 'bench-project'), count);
  const serve = await startServe(home.home);
  let app = null;
  try {
    app = await openApp(browser, serve.url);
    const { page } = app;
    const row = page.locator('[data-testid="document-row"][data-kind="treetrace"]').first();
    await row.waitFor({ timeout: 30_000 });
    await page.evaluate(recordClickOn, '[data-testid="document-row"]');
    await row.click();
    const shown = await page.evaluate(waitTree, 30_000);
    const clickAt = await page.evaluate(() => window.__clickAt);
    return {
      nodes: count,
      ms: shown && clickAt !== null ? shown.at - clickAt : null,
      rows: shown?.rows ?? null,
    };
  } finally {
    await app?.close();
    await serve.stop();
    await home.remove();
  }
}
