/**
 * A graph bigger than the view mounts only what is in view — also the first time its nodes
 * appear (React Flow would mount every node once to measure its handles; we declare them:
 * `layout/node-handles.ts`) — and every edge still starts and ends on its nodes' handles, in both
 * directions; a dense graph draws a group's fan to its members without arrowheads. Timings are
 * the bench's business (T4's relayout), not this test's.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { sessionLines } from '../../bench/generate-session.mjs';
import { test, expect } from '../support/serve-fixture';

const SESSION = 'wide-graph';
const EVENTS = 4000;

/** The most `.react-flow__node` elements mounted at once from now on (a MutationObserver). */
async function watchMounted(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __mostMounted: number };
    const count = () => document.querySelectorAll('.react-flow__node').length;
    w.__mostMounted = count();
    new MutationObserver(() => (w.__mostMounted = Math.max(w.__mostMounted, count()))).observe(
      document.querySelector('.react-flow')!,
      { childList: true, subtree: true },
    );
  });
  return () => page.evaluate(() => (window as unknown as { __mostMounted: number }).__mostMounted);
}

/**
 * For every edge whose two nodes are mounted: how far (screen px) its path's start is from the
 * source handle's outer side and its end from the target handle's, as drawn.
 */
function edgeEndsOffHandles(page: Page, direction: 'RIGHT' | 'DOWN') {
  return page.evaluate((down) => {
    const anchor = (nodeId: string, type: 'source' | 'target') => {
      const node = document.querySelector(`.gnode[data-node-id="${CSS.escape(nodeId)}"]`);
      const r = node?.querySelector(`.react-flow__handle.${type}`)?.getBoundingClientRect();
      if (!r) return null;
      const outer = type === 'source' ? 1 : 0;
      return down
        ? { x: r.left + r.width / 2, y: outer ? r.bottom : r.top }
        : { x: outer ? r.right : r.left, y: r.top + r.height / 2 };
    };
    let checked = 0;
    let worst = 0;
    for (const g of document.querySelectorAll('.react-flow__edge')) {
      const m = /^Edge from (.+) to (.+)$/.exec(g.getAttribute('aria-label') ?? '');
      const line = g.querySelector<SVGPathElement>('path.react-flow__edge-path');
      if (!m || !line) continue;
      const from = anchor(m[1]!, 'source');
      const to = anchor(m[2]!, 'target');
      if (!from || !to) continue;
      const ctm = line.getScreenCTM()!;
      const start = line.getPointAtLength(0).matrixTransform(ctm);
      const end = line.getPointAtLength(line.getTotalLength()).matrixTransform(ctm);
      worst = Math.max(
        worst,
        Math.hypot(start.x - from.x, start.y - from.y),
        Math.hypot(end.x - to.x, end.y - to.y),
      );
      checked++;
    }
    return { checked, worst };
  }, direction === 'DOWN');
}

test('expanding every tool group mounts only the nodes in view, and edges meet their handles', async ({
  app,
  served,
}) => {
  const log = path.join(served.home, 'sessions', SESSION, 'provenance.jsonl');
  await mkdir(path.dirname(log), { recursive: true });
  await writeFile(log, [...sessionLines(SESSION, EVENTS)].join('\n') + '\n');
  await app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`).click();
  const canvas = app.locator('.graph-canvas');
  await expect(canvas).toHaveAttribute('data-graph-state', 'ready');
  const grouped = Number(await canvas.getAttribute('data-node-count'));

  const mostMounted = await watchMounted(app);
  await app.getByRole('button', { name: 'Expand tools' }).click();
  await expect.poll(async () => Number(await canvas.getAttribute('data-node-count'))).toBeGreaterThan(300);
  await expect(canvas).toHaveAttribute('data-graph-state', 'ready');
  const total = Number(await canvas.getAttribute('data-node-count'));
  expect(total).toBeGreaterThan(grouped);
  // Over 300 nodes React Flow draws only those in view (before the click, under 300, it drew all
  // of them); the rest were never mounted, not even once to be measured (that mounted 335 here).
  await expect(app.locator('.react-flow__node')).not.toHaveCount(0);
  const mounted = await app.locator('.react-flow__node').count();
  expect(mounted).toBeLessThan(total);
  expect(grouped).toBeLessThan(300);
  expect(await mostMounted()).toBeLessThanOrEqual(Math.max(grouped, mounted));

  // Dense (over 100 edges): a group's fan to its members is drawn faint and without arrowheads
  // (one SVG marker painted per edge was most of a zoom frame); other edges keep theirs.
  await expect(app.locator('.graph-canvas.is-dense')).toHaveCount(1);
  const markers = await app.locator('.react-flow__edge').evaluateAll((edges) =>
    edges.map((g) => ({
      membership: g.classList.contains('is-membership'),
      marker: getComputedStyle(g.querySelector('path.react-flow__edge-path')!).markerEnd,
    })),
  );
  expect(markers.filter((m) => m.membership).length).toBeGreaterThan(10);
  expect(markers.filter((m) => m.membership).every((m) => m.marker === 'none')).toBe(true);
  expect(markers.filter((m) => !m.membership).every((m) => m.marker.startsWith('url('))).toBe(true);

  const right = await edgeEndsOffHandles(app, 'RIGHT');
  expect(right.checked).toBeGreaterThan(10);
  // A missing node's thicker border moves its handles by half a pixel; nothing else may.
  expect(right.worst).toBeLessThan(1);

  // Top to bottom: the handles are on the other sides, and edges follow them.
  await app.getByTitle('Top to bottom').click();
  await expect(canvas).toHaveAttribute('data-graph-state', 'ready');
  await expect
    .poll(async () => {
      const down = await edgeEndsOffHandles(app, 'DOWN');
      return down.checked >= 5 && down.worst < 1;
    })
    .toBe(true);
});
