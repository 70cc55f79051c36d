/**
 * A set of per-session TreeTrace bundles (TreeTrace's `--each`: a folder with index.json) against
 * `serve`: the set and every member are listed, the set's overview shows each member's counts
 * and links to it, a member shows its tree and links back, a member whose folder is missing is a
 * visible error, and a rewritten member reloads. Fixture: e2e/fixtures/treetrace/sets/each-out
 * (the corpus examples as three sessions, plus one listed but missing). Screens: test-results/screens/.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from '../support/serve-fixture';

const FIXTURE = fileURLToPath(new URL('../fixtures/treetrace/sets/each-out', import.meta.url));
const shot = (name: string) => `test-results/screens/treetrace-set-${name}.png`;

const MEMBERS = [
  {
    label: 'each-out › Add API key auth to the admin route',
    dir: 'api-key-auth-session',
    nodes: 4,
    chains: 2,
  },
  { label: 'each-out › claude-code-rejections', dir: 'claude-code-rejections', nodes: 5, chains: 1 },
  { label: 'each-out › Build a weather dashboard', dir: 'synthetic-session', nodes: 4, chains: 1 },
];
const LOST = 'each-out › A session whose bundle was deleted';

test('a TreeTrace --each folder opens as a set: overview, every member, back and forth', async ({
  app,
  served,
}) => {
  const setDir = path.join(served.home, 'runs', 'each-out');
  await cp(FIXTURE, setDir, { recursive: true });
  const rows = app.locator(`[data-testid="document-row"][data-kind="treetrace"][data-key^="${setDir}"]`);
  await expect(rows).toHaveCount(5, { timeout: 15_000 });
  // The sidebar sorts documents by label: the set first, its members after it ("set › session").
  const labels = [...MEMBERS.map((m) => m.label), LOST].sort((a, b) => a.localeCompare(b));
  await expect(rows).toHaveText(['each-out', ...labels].map((l) => new RegExp(`${escape(l)}$`)));
  const rowOf = (label: string) => rows.filter({ hasText: new RegExp(`${escape(label)}$`) });

  // The overview: one row per member with its counts; the missing one says why.
  await rows.first().click();
  const overview = app.locator('[data-testid="tt-set-overview"]');
  await expect(overview).toBeVisible();
  const members = overview.locator('[data-testid="tt-set-member"]');
  await expect(members).toHaveCount(4);
  for (const [i, m] of MEMBERS.entries()) {
    await expect(members.nth(i).locator('[data-stat="nodes"]')).toHaveText(String(m.nodes));
    await expect(members.nth(i).locator('[data-stat="chains"]')).toHaveText(String(m.chains));
  }
  await expect(members.nth(3).locator('[data-testid="tt-set-member-error"]')).toContainText(
    'listed in index.json, but no bundle is there',
  );
  await expect(overview.locator('[data-testid="tt-set-failed"]')).toHaveText('1 not readable');
  await app.screenshot({ path: shot('overview') });

  // Each member opens from the overview with its tree and chains, and leads back to the set.
  for (const [i, m] of MEMBERS.entries()) {
    await members.nth(i).locator('[data-testid="tt-set-member-link"]').click();
    const view = app.locator('[data-testid="treetrace-view"]');
    await expect(view.locator('[data-testid="tt-label"]')).toHaveText(m.label);
    await expect(view.locator('[data-testid="tt-row"]')).toHaveCount(m.nodes);
    await expect(view.locator('[data-testid="tt-chain-row"]')).toHaveCount(m.chains);
    await expect(rowOf(m.label)).toHaveClass(/is-selected/);
    if (i === 0) await app.screenshot({ path: shot('member') });
    await app.locator('[data-testid="tt-set-crumb"]').click();
    await expect(overview).toBeVisible();
  }

  // The missing member, opened from the sidebar: an error entry, not a blank page.
  await rowOf(LOST).click();
  await expect(app.locator('[data-testid="treetrace-error"]')).toContainText(
    'lost-session: listed in index.json, but no bundle is there',
  );
  await expect(app.locator('[data-testid="tt-set-crumb"]')).toBeVisible();
  await app.screenshot({ path: shot('missing-member') });

  // TreeTrace rewrites one session's bundle: that member reloads, and so do the overview's counts.
  await rowOf(MEMBERS[2]!.label).click();
  const view = app.locator('[data-testid="treetrace-view"]');
  await expect(view.locator('[data-testid="tt-row"]')).toHaveCount(4);
  const file = path.join(setDir, 'synthetic-session', '.treetrace', 'tree.json');
  const tree = JSON.parse(await readFile(file, 'utf8')) as { nodes: Record<string, unknown>[] };
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
  await app.locator('[data-testid="tt-set-crumb"]').click();
  await expect(members.nth(2).locator('[data-stat="nodes"]')).toHaveText('5');
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
