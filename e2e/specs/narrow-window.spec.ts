/**
 * A narrow window (a half-screen one on a 1920-pixel display is ~960 px wide): the side panels give
 * way, the graph and timeline stay in their column, the graph's toolbar wraps instead of splitting
 * its buttons, and the first view of the graph starts below it.
 */
import { test, expect } from '../support/serve-fixture';

const SESSION = '42d50babf77e';

test.use({ viewport: { width: 1000, height: 700 } });

test('a 1000-pixel window keeps the graph, its toolbar and the timeline in their column', async ({ app }) => {
  await app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`).click();
  await expect(app.locator('.graph-canvas[data-graph-state="ready"]')).toBeVisible();
  const box = async (selector: string) => (await app.locator(selector).first().boundingBox())!;
  const details = await box('.detail-panel');
  // The graph and the timeline end where the details panel begins (they used to run under it).
  for (const selector of ['.graph-view', '.bottom-panel']) {
    const b = await box(selector);
    expect(b.x + b.width).toBeLessThanOrEqual(details.x + 1);
    expect(b.width).toBeGreaterThan(400);
  }
  // Every toolbar button is whole inside the canvas.
  const graph = await box('.graph-view');
  for (const button of await app.locator('.graph-toolbar button').all()) {
    const b = (await button.boundingBox())!;
    expect(b.x).toBeGreaterThanOrEqual(graph.x);
    expect(b.x + b.width).toBeLessThanOrEqual(graph.x + graph.width);
  }
  // The first view starts below the toolbar, however many rows it took.
  const toolbar = await box('.graph-toolbar');
  await expect(async () => {
    const tops = await app
      .locator('[data-testid="graph-node"]')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
    expect(Math.min(...tops)).toBeGreaterThanOrEqual(toolbar.y + toolbar.height);
  }).toPass();
  // The timeline's summary stays on one line.
  expect((await box('[data-testid="timeline-summary"]')).height).toBeLessThanOrEqual(30);
  await app.screenshot({ path: 'test-results/screens/narrow-window.png' });

  // The details splitter starts from the width drawn: 15 px to the right narrows it at once (it
  // used to start from the wider width kept for a wide window, and move nothing for ~80 px).
  const splitter = await box('[aria-label="Resize details"]');
  const y = splitter.y + splitter.height / 2;
  await app.mouse.move(splitter.x + splitter.width / 2, y);
  await app.mouse.down();
  await app.mouse.move(splitter.x + splitter.width / 2 + 15, y, { steps: 5 });
  await app.mouse.up();
  expect((await box('.detail-panel')).width).toBeLessThan(details.width - 10);
});
