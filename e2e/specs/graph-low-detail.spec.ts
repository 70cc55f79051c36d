/**
 * Zoomed out past reading, the graph is drawn on one canvas (LowDetailCanvas): React Flow's node
 * and edge layers stay mounted but are not displayed, the canvas shows the boxes where the nodes
 * are, a click on a box selects its node, a double-click on a group's box opens or closes it, and
 * zoomed back in the DOM nodes return and the canvas is blank. Frame times are the bench's business
 * (T4's tools-expanded pan + zoom), not this test's.
 */
import type { Page } from '@playwright/test';
import { writeGeneratedSession } from '../support/generated-session';
import { test, expect } from '../support/serve-fixture';

const SESSION = 'zoomed-out';
const EVENTS = 4000;
const shot = (name: string) => `test-results/screens/${name}.png`;

/**
 * A mounted node whose centre is on the bare pane (not under the toolbar, minimap or controls),
 * and where that centre is on screen — from its position and the viewport's transform.
 */
function nodeOnPane(page: Page, selector = '.react-flow__node') {
  return page.evaluate((selector) => {
    const num = (re: RegExp, s: string) => re.exec(s)!.slice(1).map(Number);
    const [vx, vy, zoom] = num(
      /translate\(([-\d.e]+)px, ([-\d.e]+)px\) scale\(([-\d.e]+)\)/,
      document.querySelector<HTMLElement>('.react-flow__viewport')!.style.transform,
    );
    const pane = document.querySelector('.react-flow__pane')!;
    const r = pane.getBoundingClientRect();
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const [nx, ny] = num(/translate\(([-\d.e]+)px, ([-\d.e]+)px\)/, el.style.transform);
      const x = r.x + vx! + (nx! + parseFloat(el.style.width) / 2) * zoom!;
      const y = r.y + vy! + (ny! + parseFloat(el.style.height) / 2) * zoom!;
      if (document.elementFromPoint(x, y) === pane) return { id: el.dataset['id']!, x, y };
    }
    return null;
  }, selector);
}

/** The canvas's pixel alpha at a screen point, or the most opaque pixel anywhere with no point. */
function canvasAlpha(page: Page, at: { x: number; y: number } | null) {
  return page.evaluate((p) => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="low-detail-canvas"]')!;
    const ctx = canvas.getContext('2d')!;
    if (!p) {
      const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      let most = 0;
      for (let i = 3; i < data.length; i += 4) most = Math.max(most, data[i]!);
      return most;
    }
    const r = canvas.getBoundingClientRect();
    const k = canvas.width / r.width;
    return ctx.getImageData(Math.round((p.x - r.x) * k), Math.round((p.y - r.y) * k), 1, 1).data[3];
  }, at);
}

/** The generated session opened: its graph drawn at a readable zoom (DOM nodes, `data-lod="high"`). */
async function openSession(app: Page, home: string) {
  await writeGeneratedSession(home, SESSION, EVENTS);
  await app.locator(`[data-testid="session-row"][data-session-id="${SESSION}"]`).click();
  const canvas = app.locator('.graph-canvas');
  await expect(canvas).toHaveAttribute('data-graph-state', 'ready');
  await expect(canvas).toHaveAttribute('data-lod', 'high');
  return canvas;
}

/** Every tool group opened and the graph fitted: zoomed out past reading (`data-lod="low"`). */
async function zoomOut(app: Page) {
  const canvas = app.locator('.graph-canvas');
  await app.getByRole('button', { name: 'Expand tools' }).click();
  await expect(canvas).toHaveAttribute('data-graph-state', 'ready');
  await app.getByRole('button', { name: 'Fit', exact: true }).click();
  await expect(canvas).toHaveAttribute('data-lod', 'low');
}

test('zoomed out, the graph is one canvas whose boxes are the nodes, clickable; zoomed in, the DOM nodes are back', async ({
  app,
  served,
}) => {
  const canvas = await openSession(app, served.home);
  // Opened at a readable zoom: DOM nodes with their text, nothing on the canvas.
  await expect(app.locator('.react-flow__nodes')).toBeVisible();
  expect(await canvasAlpha(app, null)).toBe(0);

  await zoomOut(app);
  await expect(app.locator('.react-flow__nodes')).toBeHidden();
  await expect(app.locator('.react-flow__edges')).toBeHidden();
  await app.waitForTimeout(400); // the fit's 200 ms animation
  await app.screenshot({ path: shot('graph-low-detail') });

  // A node: a box on the canvas where its (hidden) DOM node is.
  const found = await nodeOnPane(app);
  expect(found).not.toBeNull();
  const { id, ...at } = found!;
  expect(await canvasAlpha(app, at)).toBe(255);
  // Hovering it says it is clickable; a click selects it.
  await app.mouse.move(at.x, at.y);
  await expect(canvas).toHaveAttribute('data-over-box', 'true');
  await app.mouse.click(at.x, at.y);
  await expect(app.locator(`.gnode[data-node-id="${id}"]`)).toHaveAttribute('data-selected', 'true');
  await expect(app.getByTestId('detail-panel')).toContainText(id);
  // A click beside the boxes (the fitted graph is a column in the middle) clears the selection,
  // as on the pane at any zoom.
  const pane = (await app.locator('.react-flow__pane').boundingBox())!;
  await app.mouse.click(pane.x + 20, at.y);
  await expect(app.locator(`.gnode[data-node-id="${id}"]`)).not.toHaveAttribute('data-selected', 'true');

  // A double-click on a group's box opens or closes it, as on its DOM node, and does not zoom.
  const group = await nodeOnPane(app, '.react-flow__node-tool_group');
  expect(group).not.toBeNull();
  const viewport = () => app.locator('.react-flow__viewport').getAttribute('style');
  const before = { count: await canvas.getAttribute('data-node-count'), viewport: await viewport() };
  await app.mouse.dblclick(group!.x, group!.y);
  await expect(canvas).not.toHaveAttribute('data-node-count', before.count!);
  expect(await viewport()).toBe(before.viewport);

  // Zoomed in past reading again: the DOM nodes, and a blank canvas.
  for (let i = 0; i < 30 && (await canvas.getAttribute('data-lod')) === 'low'; i++) {
    await app.locator('.react-flow__controls-zoomin').click();
    await app.waitForTimeout(50);
  }
  await expect(canvas).toHaveAttribute('data-lod', 'high');
  await expect(app.locator('.react-flow__nodes')).toBeVisible();
  await expect.poll(() => canvasAlpha(app, null)).toBe(0);
});

test('zoomed out, the keyboard reaches the boxes: Tab to the canvas, arrows select, Enter opens a group', async ({
  app,
  served,
}) => {
  const canvas = await openSession(app, served.home);
  const boxes = app.getByTestId('low-detail-canvas');
  // Zoomed in, the DOM nodes are what the keyboard reaches: the canvas is out of the tab order.
  await expect(boxes).toHaveAttribute('tabindex', '-1');

  await zoomOut(app);
  await expect(boxes).toHaveAttribute('tabindex', '0');
  await app.waitForTimeout(400); // the fit's 200 ms animation

  const selected = () =>
    app.evaluate(() => {
      const el = document.querySelector<HTMLElement>('.gnode[data-selected="true"]');
      const rf = el?.closest<HTMLElement>('.react-flow__node');
      if (!el || !rf) return null;
      const [x, y] = /translate\(([-\d.e]+)px, ([-\d.e]+)px\)/.exec(rf.style.transform)!.slice(1).map(Number);
      return {
        id: el.dataset['nodeId']!,
        cx: x! + parseFloat(rf.style.width) / 2,
        cy: y! + parseFloat(rf.style.height) / 2,
      };
    });

  // Reached with the keyboard: from the Fit button just pressed, back through the graph's
  // controls to the canvas.
  const focused = () => boxes.evaluate((el) => el === document.activeElement);
  for (let i = 0; i < 30 && !(await focused()); i++) await app.keyboard.press('Shift+Tab');
  expect(await focused()).toBe(true);

  // Nothing selected: an arrow selects the box nearest the view's centre, says so, and the
  // details panel shows it.
  expect(await selected()).toBeNull();
  await app.keyboard.press('ArrowDown');
  await expect.poll(selected).not.toBeNull();
  const first = (await selected())!;
  await expect(app.getByTestId('detail-panel')).toContainText(first.id);
  await expect(app.getByTestId('low-detail-spoken')).not.toBeEmpty();
  await app.screenshot({ path: shot('graph-low-detail-keyboard') });

  // Each arrow moves the selection that way.
  for (const [key, moved] of [
    ['ArrowDown', (a: typeof first, b: typeof first) => b.cy > a.cy],
    ['ArrowUp', (a: typeof first, b: typeof first) => b.cy < a.cy],
    ['ArrowRight', (a: typeof first, b: typeof first) => b.cx > a.cx],
    ['ArrowLeft', (a: typeof first, b: typeof first) => b.cx < a.cx],
  ] as const) {
    const before = (await selected())!;
    await app.keyboard.press(key);
    await expect.poll(async () => (await selected())?.id).not.toBe(before.id);
    expect(moved(before, (await selected())!), `${key} from ${before.id}`).toBe(true);
  }

  // A group's box selected (here by a click), Enter on the canvas opens or closes it.
  const group = await nodeOnPane(app, '.react-flow__node-tool_group');
  expect(group).not.toBeNull();
  await app.mouse.click(group!.x, group!.y);
  await expect(app.locator(`.gnode[data-node-id="${group!.id}"]`)).toHaveAttribute('data-selected', 'true');
  const count = await canvas.getAttribute('data-node-count');
  await boxes.focus();
  await app.keyboard.press('Enter');
  await expect(canvas).not.toHaveAttribute('data-node-count', count!);
  await expect(app.getByTestId('low-detail-spoken')).toContainText('group');
});
