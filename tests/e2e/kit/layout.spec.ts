// The layout of spec §9: the main area fills the window below the
// header and the content card scrolls inside it, so a list's pager is on
// screen at 1280×800 without scrolling the window; below 768 px the side
// navigation is a drawer and tables scroll sideways. Screenshots go to
// screenshots/ (git-ignored) for a person to look at.
import type { Page } from '@playwright/test';
import { href, toUserBulk } from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import { apiGet, UsersPage, type WireUser } from '../users/users-page.ts';

test.describe.configure({ timeout: 60_000 });

const windowScrolls = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight + 1);

/** Screenshots show the page at rest: no drawer half-way in. */
const animationsDone = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

test.describe('at 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the pager is on screen without scrolling the window', async ({ page, signedInAs }) => {
    await signedInAs(ACCOUNTS.provider);
    const list = new UsersPage(page);
    await expect(list.rows()).toHaveCount(10);
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pager).toBeInViewport({ ratio: 1 });
    expect(await windowScrolls(page)).toBe(false);
    // The main area is the window height minus the header (spec §9: 83 px with the shared header).
    const { main, header } = await page.evaluate(() => ({
      main: document.getElementById('main-content')?.getBoundingClientRect().height ?? 0,
      header: document.getElementById('app-header')?.getBoundingClientRect().height ?? 0,
    }));
    expect(Math.round(main + header)).toBe(800);
    await page.screenshot({ path: 'screenshots/kit-users-list-1280.png' });

    await list.show('customer.admin');
    await list.row('customer.admin').getByRole('link', { name: 'customer.admin', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Editing User' })).toBeVisible();
    await expect(page.getByLabel(/^Username\s*\*?$/)).toHaveValue('customer.admin');
    expect(await windowScrolls(page)).toBe(false);
    await page.screenshot({ path: 'screenshots/kit-user-edit-1280.png' });

    await page.goto(href(toUserBulk()));
    await expect(page.getByRole('heading', { level: 1, name: 'Bulk Management' })).toBeVisible();
    await page.screenshot({ path: 'screenshots/kit-user-bulk-1280.png' });
  });
});

test.describe('at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu is a drawer, a row is a card with its Status action in view, and a user can be opened', async ({
    page,
    signedInAs,
  }) => {
    await signedInAs(ACCOUNTS.provider);
    const list = new UsersPage(page);
    await expect(list.rows()).toHaveCount(10);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    // Nothing scrolls sideways; each row's Status action is on screen as it is.
    const scroller = page.locator('[data-list-scroll]');
    expect(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const status = list
      .rows()
      .first()
      .getByRole('button', { name: /^Status of / });
    const box = await status.boundingBox();
    expect(box && box.x + box.width <= 390).toBe(true);
    await status.click();
    await expect(page.getByRole('menuitem', { name: 'Deactivate' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.screenshot({ path: 'screenshots/kit-users-list-390.png' });

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawerNav = page.getByRole('navigation', { name: 'Main' });
    await expect(drawerNav.getByRole('link', { name: 'Users' })).toBeVisible();
    await animationsDone(page);
    await expect(drawerNav.getByRole('link', { name: 'OAuth2 Clients' })).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: 'screenshots/kit-drawer-390.png' });
    await drawerNav.getByRole('link', { name: 'Users' }).click();
    await expect(drawerNav).toBeHidden();

    const first = list.rows().first().getByRole('link').first();
    const username = (await first.textContent()) ?? '';
    await first.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Editing User' })).toBeVisible();
    await expect(page.getByLabel(/^Username\s*\*?$/)).toHaveValue(username);
    await page.screenshot({ path: 'screenshots/kit-user-edit-390.png' });
  });

  test('a bulk result above the list leaves its rows in reach: the card scrolls, the rows keep their room', async ({
    page,
    signedInAs,
  }) => {
    await signedInAs(ACCOUNTS.customer);
    // Users customer.admin may not change make the result long: one line per reason, the names behind a toggle.
    const users = await apiGet<WireUser[]>(page, '/user/list/active');
    const mine = (u: WireUser) => !(Object.values(ACCOUNTS) as string[]).includes(u.username);
    const locked = users.filter((u) => u.readOnlyReason && mine(u)).slice(0, 3);
    const free = users.filter((u) => !u.readOnlyReason && u.businessProfile && mine(u)).slice(0, 2);
    const list = new UsersPage(page);
    for (const u of [...locked, ...free]) {
      await list.show(u.username);
      await list.row(u.username).getByRole('checkbox').check();
    }
    await list.filter('Username').fill('');
    await page.getByRole('button', { name: 'Bulk action' }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.locator('[data-bulk-result]')).toContainText('2 users deactivated, 3 refused.');
    await animationsDone(page);
    // The first two rows can be brought into view (all but subpixels); before, the rows' area had shrunk to nothing.
    for (const row of [list.rows().nth(0), list.rows().nth(1)]) {
      await row.scrollIntoViewIfNeeded();
      await expect(row).toBeInViewport({ ratio: 0.95 });
    }
    expect(await windowScrolls(page)).toBe(false);
  });
});
