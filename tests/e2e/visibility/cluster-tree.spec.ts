// The cluster tree shows a partly selected branch as
// partial (aria-checked="mixed"), ticks a row clicked anywhere, reveals the
// Primary Visibility chosen, whose picker narrows as one types; the keyboard
// keeps working.
import type { Locator } from '@playwright/test';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import { VisibilityEditPage, visibilitySet, type WireCluster, type WireVisibilitySet } from './visibility-page.ts';

let set: WireVisibilitySet;

test.beforeEach(async ({ signedInAs, page }) => {
  await signedInAs(ACCOUNTS.provider);
  set = await visibilitySet(page);
});

/** The first seeded region: root → market → cluster → site. */
function region(n = 0) {
  const root = set.clusters[n] as WireCluster;
  const market = root.children[0] as WireCluster;
  const cluster = market.children[0] as WireCluster;
  const site = cluster.children[0] as WireCluster;
  return { root, market, cluster, site };
}

/** A click on the row's empty right-hand part: neither its box nor its name. */
async function clickRowEnd(row: Locator): Promise<void> {
  const box = await row.boundingBox();
  if (!box) throw new Error('row not on screen');
  await row.click({ position: { x: box.width - 12, y: box.height / 2 } });
}

test('a branch with part of its subtree selected is partial, a row ticks wherever it is clicked', async ({ page }) => {
  const { root, market, cluster, site } = region();
  const form = new VisibilityEditPage(page);
  await form.openNew();
  await form.clusterTab();
  await form.expand(market.name);
  await form.expand(cluster.name);

  await clickRowEnd(form.node(site.name));
  await expect(form.node(site.name)).toHaveAttribute('aria-checked', 'true');
  for (const branch of [cluster, market, root]) {
    await expect(form.node(branch.name)).toHaveAttribute('aria-checked', 'mixed');
    await expect(form.node(branch.name).locator('[data-box]')).toHaveAttribute('data-checked', 'mixed');
  }

  // The cluster's row, clicked on its count badge: the cluster and all of it.
  await form
    .node(cluster.name)
    .getByText(/ of \d+ selected$/)
    .click();
  await expect(form.node(cluster.name)).toHaveAttribute('aria-checked', 'true');
  await expect(form.node(market.name)).toHaveAttribute('aria-checked', 'mixed');

  // The chevron opens and closes; it does not tick.
  await form.expand(cluster.name);
  await expect(form.node(cluster.name)).toHaveAttribute('aria-expanded', 'false');
  await expect(form.node(cluster.name)).toHaveAttribute('aria-checked', 'true');

  // A whole market ticked from a partial state: all of it; the root stays partial.
  await clickRowEnd(form.node(market.name));
  await expect(form.node(market.name)).toHaveAttribute('aria-checked', 'true');
  await expect(form.node(root.name)).toHaveAttribute('aria-checked', 'mixed');
  const other = region(1).root;
  await expect(form.node(other.name)).toHaveAttribute('aria-checked', 'false');
});

test('the keyboard moves, opens and ticks in the tree, with the partial state', async ({ page }) => {
  const { root, market } = region();
  const form = new VisibilityEditPage(page);
  await form.openNew();
  await form.clusterTab();
  await form.tree.focus();
  // The first row is the first root, open; the next is its first market.
  await page.keyboard.press('ArrowDown');
  await expect(form.tree).toHaveAttribute(
    'aria-activedescendant',
    (await form.node(market.name).getAttribute('id')) ?? '',
  );
  await page.keyboard.press('Space');
  await expect(form.node(market.name)).toHaveAttribute('aria-checked', 'true');
  await expect(form.node(root.name)).toHaveAttribute('aria-checked', 'mixed');
  await page.keyboard.press('ArrowRight');
  await expect(form.node(market.name)).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(form.node(market.name)).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  await expect(form.node(root.name)).toHaveAttribute('aria-checked', 'true');
});

test('the Primary Visibility picker narrows as one types, works by keyboard, and reveals its choice in the tree', async ({
  page,
}) => {
  // The last region that goes four levels deep.
  const deep = set.clusters.map((_, n) => n).filter((n) => set.clusters[n]?.children[0]?.children[0]?.children[0]);
  const far = region(deep[deep.length - 1]);
  const form = new VisibilityEditPage(page);
  await form.openNew();
  await form.clusterTab();
  // Deep in the last region: not in the tree until chosen.
  await expect(form.node(far.site.name)).toHaveCount(0);

  await form.primary.click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await form.primary.pressSequentially(far.site.name.slice(0, 6));
  const options = page.getByRole('option');
  await expect(options.filter({ hasText: far.site.name }).first()).toBeVisible();
  for (const text of await options.allTextContents())
    expect(text.toLowerCase()).toContain(far.site.name.slice(0, 6).toLowerCase());
  await form.primary.fill(far.site.name);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(form.primary).toHaveValue(far.site.name);

  // Revealed: its ancestors open, its row scrolled into the tree's view and pointed at.
  const row = form.node(far.site.name);
  await expect(row).toBeInViewport();
  await expect(row).toContainText('Primary');
  await expect(row).toHaveAttribute('aria-checked', 'true');
  await expect(form.tree).toHaveAttribute('aria-activedescendant', (await row.getAttribute('id')) ?? '');
  for (const open of [far.root, far.market, far.cluster])
    await expect(form.node(open.name)).toHaveAttribute('aria-expanded', 'true');
});
