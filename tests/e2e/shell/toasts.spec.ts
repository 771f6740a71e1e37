// Toasts inform without covering. They stay top right
// (spec §9) but below the header's Logout and the title row's actions, so the
// next press works while they last; a message raised again counts up on its
// card; a burst of cluster ticks is one card.
import type { Locator, Page } from '@playwright/test';
import { applicationMessages, userMessages, visibilityMessages } from '../../../packages/shared/src/messages.ts';
import { href, toApplicationList, toUserList } from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import { toast, UsersPage } from '../users/users-page.ts';
import { VisibilityEditPage, VisibilityListPage, visibilityProfiles } from '../visibility/visibility-page.ts';

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

const openToasts = (page: Page) => page.locator('[data-scope="toast"][data-part="root"][data-state="open"]');

/** The card of a toast by its title. */
const card = (page: Page, title: string) => openToasts(page).filter({ has: toast(page, title) });

/**
 * Every visible link and button of the header and the title row (Logout, New
 * User, Sync All Applications, ...): each is fully clear of every open toast,
 * and a press at its centre reaches it.
 */
async function expectActionsClear(page: Page): Promise<number> {
  const toasts = await restingToasts(page);
  expect(toasts.length).toBeGreaterThan(0);
  const actions = page.locator('[data-toasts-below]').locator('a:visible, button:visible');
  let checked = 0;
  for (const action of await actions.all()) {
    const box = await action.boundingBox();
    if (!box || box.width === 0) continue;
    const name = (await action.getAttribute('aria-label')) ?? (await action.textContent());
    for (const t of toasts)
      expect(
        box.x + box.width <= t.x || t.x + t.width <= box.x || box.y + box.height <= t.y || t.y + t.height <= box.y,
        `'${name}' is under a toast`,
      ).toBe(true);
    const reached = await action.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!hit && (el === hit || el.contains(hit));
    });
    expect(reached, `a press on '${name}' reaches it`).toBe(true);
    checked++;
  }
  return checked;
}

/** The open toasts' boxes where they rest: a toast still sliding in (its enter transition) is measured on its way. */
async function restingToasts(page: Page) {
  await openToasts(page).evaluateAll((els) =>
    Promise.all(els.flatMap((el) => el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => null)))),
  );
  return boxes(openToasts(page));
}

async function boxes(locator: Locator) {
  const all = [];
  for (const item of await locator.all()) {
    const box = await item.boundingBox();
    if (box) all.push(box);
  }
  return all;
}

for (const size of WIDTHS) {
  test(`a second Sync All pressed right after the first works without dismissing anything, at ${size.width} px`, async ({
    page,
    signedInAs,
  }) => {
    await page.setViewportSize(size);
    await signedInAs(ACCOUNTS.provider);
    await page.goto(href(toApplicationList()));
    const syncAll = page.getByRole('button', { name: 'Sync All Applications' });
    await syncAll.click();
    const synced = applicationMessages.syncAllSuccess(5);
    await expect(toast(page, synced)).toBeVisible();
    await expect(card(page, synced).locator('[data-part="count"]')).toHaveCount(0);
    expect(await expectActionsClear(page)).toBeGreaterThanOrEqual(2);
    if (size.width >= 768) await expect(page.getByRole('link', { name: 'Logout' })).toBeVisible();

    // No Dismiss first: the press lands on the button, and the answer is visibly a new one.
    await syncAll.click({ timeout: 2_000 });
    await expect(card(page, synced).locator('[data-part="count"]')).toHaveText('×2');
    await expect(openToasts(page)).toHaveCount(1);
    await expectActionsClear(page);
  });

  test(`the users list's title-row actions stay clear of its toasts, at ${size.width} px`, async ({
    page,
    signedInAs,
  }) => {
    await page.setViewportSize(size);
    await signedInAs(ACCOUNTS.provider);
    await page.goto(href(toUserList()));
    const pull = page.getByRole('button', { name: 'Pull User Info' });
    await pull.click();
    await expect(toast(page, userMessages.pullSuccess)).toBeVisible();
    // New User, Bulk Management, Pull User Info, and the header's links.
    expect(await expectActionsClear(page)).toBeGreaterThanOrEqual(3);
    await pull.click({ timeout: 2_000 });
    await expect(card(page, userMessages.pullSuccess).locator('[data-part="count"]')).toHaveText('×2');
  });

  test(`after a status change the list's Active/Inactive toggle is pressed at once, at ${size.width} px`, async ({
    page,
    signedInAs,
  }) => {
    await page.setViewportSize(size);
    await signedInAs(ACCOUNTS.provider);
    const list = new UsersPage(page);
    await list.show('customer.admin');
    await list.setStatus('customer.admin', 'Deactivate');
    await expect(toast(page, userMessages.inactivated('customer.admin'))).toBeVisible();
    // The filter bar with its toggle, as the title row's actions and the header's links.
    expect(await expectActionsClear(page)).toBeGreaterThanOrEqual(5);
    // Where a toast covered the toggle, this press waited for it to go (5 s).
    await page
      .getByRole('group', { name: 'User status' })
      .getByRole('button', { name: 'Inactive', exact: true })
      .click({ timeout: 2_000 });
    await expect(list.row('customer.admin')).toContainText('Inactive');
  });
  test(`the visibility editor's warning is dismissed at once while toasts are up, at ${size.width} px`, async ({
    page,
    signedInAs,
  }) => {
    await page.setViewportSize(size);
    await signedInAs(ACCOUNTS.provider);
    const editor = new VisibilityEditPage(page);
    await editor.openNew();
    await editor.clusterTab();
    const market = editor.tree.locator('[role="treeitem"][aria-level="2"]').first();
    const name = ((await market.locator('[data-name]').first().textContent()) ?? '').trim();
    // The first cluster added becomes the primary (a toast); unticking the primary is refused (a warning).
    await editor.toggle(name);
    await expect(openToasts(page)).toHaveCount(1);
    await editor.toggle(name);
    const warning = editor.alert(visibilityMessages.primaryVisibilityNotRemovable(name));
    await expect(warning).toBeVisible();
    // The toast raised before the warning came moves below it: the title row's, and the warning's Dismiss, are clear.
    await expectActionsClear(page);
    await expect(openToasts(page)).toHaveCount(1);
    // Where the toast covered it, this press waited for the toast to go (5 s).
    await warning.getByRole('button', { name: 'Dismiss' }).click({ timeout: 2_000 });
    await expect(warning).toHaveCount(0);
  });
}

test("a toast raised from a menu's item starts below the list's filters, not where the closed menu was", async ({
  page,
  signedInAs,
  mock,
}) => {
  await signedInAs(ACCOUNTS.provider);
  const list = new VisibilityListPage(page);
  await list.open();
  // The menu's last item, far below its button: the toast used to start below the item.
  await mock.fault({ method: 'GET', path: '/userprofile/api/v1/visibility/sync/venue', status: 444 });
  await list.runSync('Venue');
  await expect(toast(page, visibilityMessages.noResponseFromSync)).toBeVisible();
  const filters = await page.locator('[data-toasts-below]').last().boundingBox();
  const [t] = await restingToasts(page);
  expect(filters && t && Math.abs(t.y - (filters.y + filters.height + 16)) <= 2).toBe(true);
});

test("a row's Status action that raised a toast stays clear of it", async ({ page, signedInAs }) => {
  await signedInAs(ACCOUNTS.provider);
  const row = page.getByRole('table').locator('tbody tr').first();
  const username = ((await row.getByRole('link').first().textContent()) ?? '').trim();
  await new UsersPage(page).setStatus(username, 'Deactivate');
  await expect(toast(page, userMessages.inactivated(username))).toBeVisible();
  const status = await row.getByRole('button', { name: /^Status of / }).boundingBox();
  const [t] = await boxes(openToasts(page));
  expect(status && t && (t.y >= status.y + status.height || t.y + t.height <= status.y)).toBe(true);
});

test('a burst of cluster ticks shows one card with the latest message and a count', async ({ page, signedInAs }) => {
  await signedInAs(ACCOUNTS.provider);
  const profile = (await visibilityProfiles(page)).find((p) => p.clusters.length === 0) ?? null;
  const editor = new VisibilityEditPage(page);
  if (profile) await editor.openEdit(profile.uuid);
  else await editor.openNew();
  await editor.clusterTab();
  const roots = editor.tree.locator('[role="treeitem"][aria-level="1"]');
  const names: string[] = [];
  for (let i = 0; i < 4; i++) {
    const item = roots.nth(i);
    names.push(((await item.locator('[data-name]').textContent()) ?? '').trim());
    await item.locator('[data-part="select"]').first().click();
  }
  const infos = openToasts(page).and(page.locator('[data-type="info"]'));
  await expect(infos).toHaveCount(1);
  await expect(infos.locator('[data-part="title"]')).toContainText(names[3] as string);
  await expect(infos.locator('[data-part="count"]')).toHaveText('×4');
});
