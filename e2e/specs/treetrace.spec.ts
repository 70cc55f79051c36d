/**
 * TreeTrace bundles against `serve`: every corpus bundle version opens with its tree and chains,
 * chains step with j/k and export, panels link back to nodes, a zipped bundle opens in place, a
 * rewritten bundle reloads, and a 5,000-node bundle with a parent cycle stays responsive.
 * Fixtures (e2e/fixtures/treetrace) are copied into the temp home after the server starts;
 * discovery is debounced, so each test waits for the document row. Screens: test-results/screens/.
 */
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { test, expect } from '../support/serve-fixture';

const FIXTURES = fileURLToPath(new URL('../fixtures/treetrace', import.meta.url));
const shot = (name: string) => `test-results/screens/treetrace-${name}.png`;

/** Every bundle of the corpus: where it sits, its schema, nodes and correction chains (from `inspect`). */
const CORPUS = [
  { dir: 'examples/api-key-auth', schema: '0.3', nodes: 4, chains: 2 },
  { dir: 'examples/rejections', schema: '0.3', nodes: 5, chains: 1 },
  { dir: 'examples/weather-dashboard', schema: '0.3', nodes: 4, chains: 1 },
  { dir: 'older-versions/0e32e87/api-key-auth', schema: '0.3', nodes: 4, chains: 2 },
  { dir: 'older-versions/0e32e87/rejections', schema: '0.3', nodes: 5, chains: 1 },
  { dir: 'older-versions/0e32e87/weather-dashboard', schema: '0.3', nodes: 4, chains: 1 },
  // TreeTrace 0.1 wrote tree.json into the project folder (no .treetrace/): the project is the bundle.
  { dir: 'older-versions/0ebb74f/weather-dashboard', schema: '0.1', nodes: 4, chains: 0, key: '' },
  { dir: 'older-versions/407837c/api-key-auth', schema: '0.2', nodes: 4, chains: 2 },
  { dir: 'older-versions/407837c/weather-dashboard', schema: '0.2', nodes: 4, chains: 1 },
  { dir: 'older-versions/6191ce3/weather-dashboard', schema: '0.2', nodes: 4, chains: 1 },
];

const row = (app: Page, keyEnd: string) =>
  app.locator(`[data-testid="document-row"][data-kind="treetrace"][data-key$="${keyEnd}"]`);

async function copyCorpus(home: string): Promise<void> {
  await cp(path.join(FIXTURES, 'corpus'), path.join(home, 'treetrace'), { recursive: true });
}

async function openBundle(app: Page, keyEnd: string) {
  await expect(row(app, keyEnd)).toBeVisible({ timeout: 15_000 });
  await row(app, keyEnd).click();
  const view = app.locator('[data-testid="treetrace-view"]');
  await expect(view).toBeVisible();
  return view;
}

test('opens every corpus bundle version and shows its tree and chains', async ({ app, served }) => {
  await copyCorpus(served.home);
  for (const b of CORPUS) {
    const view = await openBundle(app, `/treetrace/${b.dir}${'key' in b ? b.key : '/.treetrace'}`);
    await expect(view).toHaveAttribute('data-schema', b.schema);
    await expect(view.locator('[data-testid="tt-row"]')).toHaveCount(b.nodes);
    await expect(view.locator('[data-testid="tt-row"][data-kind="root"]').first()).toBeVisible();
    await expect(view.locator('[data-testid="tt-chain-row"]')).toHaveCount(b.chains);
    if (b.chains > 0) {
      await view.locator('[data-testid="tt-chain-row"]').first().click();
      await expect(view.locator('[data-testid="tt-chain-summary"]')).toBeVisible();
      await expect(view.locator('[data-chain-role="failure"]')).toHaveCount(1);
    }
    await app.screenshot({ path: shot(b.dir.replaceAll('/', '-')) });
  }
});

test("a document's view is fetched while the page is idle, and shown on click without a loading box", async ({
  app,
  served,
}) => {
  await copyCorpus(served.home);
  const keyEnd = '/treetrace/examples/api-key-auth/.treetrace';
  await expect(row(app, keyEnd)).toBeVisible({ timeout: 15_000 });
  // Nothing clicked yet: the documents' chunk comes once there is a document and the page is idle.
  await expect
    .poll(() =>
      app.evaluate(() =>
        performance.getEntriesByType('resource').some((e) => /\/DocumentView-[^/]*\.js$/.test(e.name)),
      ),
    )
    .toBe(true);
  // A lazy view whose chunk is there must not suspend: React would show the box and hold the
  // view back ~300 ms.
  await app.evaluate(() => {
    const w = window as unknown as { __loadingBoxSeen: boolean };
    w.__loadingBoxSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('.document-loading')) w.__loadingBoxSeen = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  await row(app, keyEnd).click();
  await expect(app.locator('[data-testid="treetrace-view"] [data-testid="tt-row"]')).toHaveCount(4);
  expect(
    await app.evaluate(() => (window as unknown as { __loadingBoxSeen: boolean }).__loadingBoxSeen),
  ).toBe(false);
});

test('j/k step through chains; a chain exports as Markdown and JSON with redactions kept', async ({
  app,
  served,
}) => {
  await copyCorpus(served.home);
  const view = await openBundle(app, '/treetrace/examples/api-key-auth/.treetrace');
  const chains = view.locator('[data-testid="tt-chain-row"]');
  await expect(chains).toHaveCount(2);
  await app.keyboard.press('j');
  await expect(chains.nth(0)).toHaveClass(/is-selected/);
  await app.keyboard.press('j');
  await expect(chains.nth(1)).toHaveClass(/is-selected/);
  await expect(view.locator('[data-chain-role="correction"]')).toHaveCount(1);
  await app.keyboard.press('k');
  await expect(chains.nth(0)).toHaveClass(/is-selected/);
  await app.screenshot({ path: shot('chain-selected') });
  await app.emulateMedia({ colorScheme: 'dark' });
  await app.screenshot({ path: shot('chain-selected-dark') });
  await app.emulateMedia({ colorScheme: 'light' });

  const [md] = await Promise.all([
    app.waitForEvent('download'),
    view.locator('[data-testid="tt-export-md"]').click(),
  ]);
  expect(md.suggestedFilename()).toMatch(/\.md$/);
  const mdText = await readFile((await md.path())!, 'utf8');
  expect(mdText).toContain('# Correction chain');
  expect(mdText).toContain('## Failure');
  expect(mdText).toContain('## Correction');

  const [json] = await Promise.all([
    app.waitForEvent('download'),
    view.locator('[data-testid="tt-export-json"]').click(),
  ]);
  const parsed = JSON.parse(await readFile((await json.path())!, 'utf8')) as {
    nodes: { role: string }[];
    chain: { id: string };
  };
  expect(parsed.nodes.map((n) => n.role)).toEqual(['failure', 'correction', 'resolved']);
  // Redacted text stays redacted: nothing in the export that the bundle does not hold.
  const tree = await readFile(
    path.join(served.home, 'treetrace/examples/api-key-auth/.treetrace/tree.json'),
    'utf8',
  );
  for (const marker of mdText.match(/\[REDACTED:[^\]]*\]/g) ?? []) expect(tree).toContain(marker);
});

test('panels list rejections, lessons, evals and hallucinations and link back to nodes', async ({
  app,
  served,
}) => {
  await copyCorpus(served.home);
  const view = await openBundle(app, '/treetrace/examples/rejections/.treetrace');
  await view.locator('[data-testid="tt-tab-rejections"]').click();
  await expect(view.locator('[data-testid="tt-rejection-row"]')).toHaveCount(7);
  await view.locator('[data-testid="tt-rejection-row"] [data-testid="tt-node-link"]').first().click();
  await expect(view.locator('[data-testid="tt-node-detail"]')).toBeVisible();
  await expect(view.locator('[data-testid="tt-row"].is-selected')).toHaveCount(1);
  await app.screenshot({ path: shot('rejections-node') });

  const other = await openBundle(app, '/treetrace/examples/api-key-auth/.treetrace');
  await other.locator('[data-testid="tt-tab-lessons"]').click();
  await expect(other.locator('[data-testid="tt-lesson-row"]').first()).toBeVisible();
  await other.locator('[data-testid="tt-tab-evals"]').click();
  await expect(other.locator('[data-testid="tt-eval-row"]')).toHaveCount(4);
  await other.locator('[data-testid="tt-tab-hallucinations"]').click();
  await expect(other.locator('[data-testid="tt-hallucination-row"]').first()).toBeVisible();
  await other.locator('[data-testid="tt-tab-stats"]').click();
  await expect(other.locator('[data-testid="tt-stats"]')).toContainText('Nodes');
  await app.screenshot({ path: shot('stats') });
});

test('opens a zipped bundle in place', async ({ app, served }) => {
  await mkdir(path.join(served.home, 'archives'), { recursive: true });
  await cp(
    path.join(FIXTURES, 'archives', 'api-key-auth-bundle.zip'),
    path.join(served.home, 'archives', 'api-key-auth-bundle.zip'),
  );
  const view = await openBundle(app, '/archives/api-key-auth-bundle.zip');
  await expect(view.locator('[data-testid="tt-row"]')).toHaveCount(4);
  await expect(view.locator('[data-testid="tt-chain-row"]')).toHaveCount(2);
  await app.screenshot({ path: shot('zip') });
});

test('reloads when TreeTrace rewrites the bundle', async ({ app, served }) => {
  const project = path.join(served.home, 'live', 'weather-dashboard');
  await cp(path.join(FIXTURES, 'corpus', 'examples', 'weather-dashboard'), project, { recursive: true });
  const view = await openBundle(app, '/live/weather-dashboard/.treetrace');
  await expect(view.locator('[data-testid="tt-row"]')).toHaveCount(4);
  const file = path.join(project, '.treetrace', 'tree.json');
  const tree = JSON.parse(await readFile(file, 'utf8')) as { nodes: Record<string, unknown>[] };
  tree.nodes[0]!['title'] = 'Rewritten by TreeTrace';
  tree.nodes.push({
    id: 'node_new',
    parentId: tree.nodes[0]!['id'],
    kind: 'checkpoint',
    title: 'A node from the new run',
    text: 'A node from the new run',
    status: 'accepted',
  });
  await writeFile(file, JSON.stringify(tree, null, 2));
  await expect(view.locator('[data-testid="tt-row"]')).toHaveCount(5);
  await expect(view.locator('[data-testid="tt-row"]').first()).toContainText('Rewritten by TreeTrace');
  await app.screenshot({ path: shot('reloaded') });
});

test('a 5,000-node bundle with a parent cycle stays responsive', async ({ app, served }) => {
  const nodes: Record<string, unknown>[] = [];
  for (let i = 0; i < 5000; i++)
    nodes.push({
      id: `n${i}`,
      parentId: i === 0 ? null : `n${Math.floor((i - 1) / 3)}`,
      kind: i === 0 ? 'root' : ['direction', 'correction', 'checkpoint', 'question'][i % 4],
      title: `Prompt ${i}`,
      text: `Prompt ${i}`,
      status: i % 17 === 0 && i > 0 ? 'abandoned' : 'accepted',
      nudges: i % 11 === 0 ? 2 : 0,
      reruns: i % 13 === 0 ? 1 : 0,
      session: 'main-session',
    });
  // A parent cycle: c1 → c2 → c3 → c1.
  nodes.push({
    id: 'c1',
    session: 'side-session',
    parentId: 'c3',
    kind: 'direction',
    title: 'Cycle one',
    text: '',
  });
  nodes.push({
    id: 'c2',
    session: 'side-session',
    parentId: 'c1',
    kind: 'direction',
    title: 'Cycle two',
    text: '',
  });
  nodes.push({
    id: 'c3',
    session: 'side-session',
    parentId: 'c2',
    kind: 'direction',
    title: 'Cycle three',
    text: '',
  });
  const dir = path.join(served.home, 'big', '.treetrace');
  await mkdir(dir, { recursive: true });
  await writeFile(
    path.join(dir, 'tree.json'),
    JSON.stringify({ schemaVersion: '0.3', project: { name: 'big' }, nodes, edges: [] }),
  );
  const view = await openBundle(app, '/big/.treetrace');
  await expect(view.locator('[data-testid="tt-cycles-flag"]')).toBeVisible();
  await expect(view.locator('[data-testid="tt-broken-edge"]')).toHaveCount(1);
  await expect(view.locator('[data-testid="tt-cycle-marker"]')).toHaveCount(3);
  // Sessions are groups at the top level.
  await expect(view.locator('[data-testid="tt-session-group"]')).toHaveCount(2);
  // Rows are virtualised: far fewer mounted than laid out.
  await view.locator('[data-testid="tt-tab-stats"]').click();
  await expect(view.locator('[data-stat="Nodes"]')).toContainText('5003');
  await expect(view.locator('[data-testid="tt-cycles"]')).toContainText('broken at');
  await app.getByRole('button', { name: 'Expand all' }).click();
  await expect(view.locator('[data-testid="tt-tree"]')).toHaveAttribute('data-rows', '5005'); // 5,003 nodes + 2 session headers
  expect(await view.locator('[data-testid="tt-row"]').count()).toBeLessThan(150);
  const started = Date.now();
  await view.locator('[data-testid="tt-tree"]').evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(view.locator('[data-testid="tt-row"]').last()).toBeInViewport();
  await view.locator('[data-testid="tt-tab-chains"]').click();
  await view.locator('[data-testid="tt-row"]').last().click();
  await expect(view.locator('[data-testid="tt-node-detail"]')).toBeVisible();
  expect(Date.now() - started).toBeLessThan(3000);
  await app.screenshot({ path: shot('5000-nodes') });
});

test('broken bundles open with their errors in view, a refused archive says why', async ({ app, served }) => {
  const write = async (rel: string, text: string | Uint8Array) => {
    await mkdir(path.dirname(path.join(served.home, rel)), { recursive: true });
    await writeFile(path.join(served.home, rel), text);
  };
  await write(
    'broken/truncated/.treetrace/tree.json',
    '{"schemaVersion": "0.3", "nodes": [{"id": "n1", "par',
  );
  await write('broken/not-object/.treetrace/tree.json', '[1, 2, 3]');
  // A zip whose entry climbs out of it (`../`): refused whole, nothing read.
  await write(
    'broken/slip.zip',
    zipSync({ '.treetrace/tree.json': strToU8('{}'), '../evil.txt': strToU8('x') }),
  );

  const truncated = await openBundle(app, '/broken/truncated/.treetrace');
  await expect(truncated.locator('[data-testid="tt-label"]')).toHaveText('truncated');
  await expect(truncated.locator('[data-testid="tt-tree-problems"]')).toContainText(
    'tree.json: the JSON stops early',
  );
  await app.screenshot({ path: shot('broken-truncated') });
  const notObject = await openBundle(app, '/broken/not-object/.treetrace');
  await expect(notObject.locator('[data-testid="tt-tree-problems"]')).toContainText(
    'tree.json holds an array, not a JSON object',
  );
  await row(app, '/broken/slip.zip').click();
  await expect(app.locator('[data-testid="treetrace-error"]')).toContainText('archive rejected');
  await app.screenshot({ path: shot('broken-archive') });
});
