// Lists at scale: the view is in the address (reload, a copied
// address in another browser, Back and Forward, nonsense), bulk actions with
// per-user results (a deactivated user's token is refused), and Export CSV
// holding exactly the rows shown, in their order. '---' (no value) sorts
// last; "no match" is said once, with Clear filters.
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { compareValues } from '../../../packages/shared/src/list.ts';
import { href, toBusinessProfileList, toUserList } from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, signIn, test } from '../fixtures.ts';
import { API, apiGet, UsersPage, type WireUser } from './users-page.ts';

test.describe.configure({ timeout: 90_000 });

/** The rows of a downloaded CSV (no quoted line breaks in these lists). */
async function csvRows(download: Download): Promise<string[][]> {
  const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  return text
    .trim()
    .split('\r\n')
    .map((line) =>
      [...line.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)].map((m) =>
        (m[1] as string).replace(/^"|"$/g, '').replaceAll('""', '"'),
      ),
    )
    .map((cells) => cells.slice(0, -1));
}

const day = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

async function exportCsv(page: Page): Promise<Download> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  return downloading;
}

test.describe('the view of a list is in the address', () => {
  test('filter, sort and page survive a reload, open the same in another browser, and Back/Forward step through them', async ({
    page,
    browser,
    baseURL,
    signedInAs,
  }) => {
    await signedInAs(ACCOUNTS.provider);
    const list = new UsersPage(page);
    await list.filter('Username').fill('a');
    await list.sortBy('Email');
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\?username=a&sort=email&page=2$/);
    const view = await list.usernames();
    expect(view).toHaveLength(10);

    await page.reload();
    await expect(list.filter('Username')).toHaveValue('a');
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect.poll(() => list.usernames()).toEqual(view);

    // A colleague with the same role opens the copied address.
    const other = await browser.newContext({ baseURL: baseURL as string });
    const colleague = await other.newPage();
    await signIn(colleague, ACCOUNTS.provider);
    await colleague.goto(page.url());
    await expect.poll(() => new UsersPage(colleague).usernames()).toEqual(view);
    await other.close();

    // Back: page 1 of the same sort, then no sort; Forward again.
    await page.goBack();
    await expect(page).toHaveURL(/\?username=a&sort=email$/);
    await expect(page.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await page.goBack();
    await expect(page).toHaveURL(/\?username=a$/);
    await expect(list.table.getByRole('columnheader', { name: 'Email' })).toHaveAttribute('aria-sort', 'none');
    await page.goForward();
    await page.goForward();
    await expect.poll(() => list.usernames()).toEqual(view);

    // The side navigation's bare link brings the last view back.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profiles' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\?username=a&sort=email&page=2$/);
    await expect.poll(() => list.usernames()).toEqual(view);
  });

  test('an address with nonsense opens a sensible view', async ({ page, signedInAs }) => {
    await signedInAs(ACCOUNTS.provider);
    const list = new UsersPage(page);
    await page.goto(`${href(toUserList())}?sort=-planet&page=9999&status=both&email=${'x'.repeat(10_000)}`);
    await expect(list.filter('Email')).toHaveValue('x'.repeat(255));
    await expect(page.getByText('No users match')).toHaveCount(1);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(list.rows()).toHaveCount(10);
    await expect(page.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveURL(new RegExp(`${href(toUserList())}$`));

    await page.goto(`${href(toUserList())}?page=9999`);
    const last = page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('button', { name: /^Page \d+$/ })
      .last();
    await expect(last).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveURL(/\?page=\d{1,3}$/);
    await expect(list.rows().first()).toBeVisible();
  });
});

test.describe('bulk actions', () => {
  test('select all matching, add a user of another filter, deactivate: results per user, one without a profile too, sign-ins end', async ({
    page,
    browser,
    baseURL,
    signedInAs,
  }) => {
    // sco.admin signs in elsewhere: its token works until the bulk deactivation.
    const elsewhere = await browser.newContext({ baseURL: baseURL as string });
    const scoPage = await elsewhere.newPage();
    await signIn(scoPage, ACCOUNTS.sco);
    const token = await scoPage.evaluate(() => localStorage.getItem('user-profile.access_token'));
    const asSco = () =>
      scoPage.request.get(`${API}/me`, { headers: { Authorization: `Bearer ${token}`, Algorithm: 'RSA256' } });
    expect((await asSco()).status()).toBe(200);

    await signedInAs(ACCOUNTS.provider);
    const users = await apiGet<WireUser[]>(page, '/user/list/active');
    // The most held business profile (not the signed-in admin's own): more users than a page.
    const held = (name: string) =>
      users.filter((u) => u.businessProfile?.name.toLowerCase().includes(name.toLowerCase()));
    const names = [...new Set(users.flatMap((u) => (u.businessProfile ? [u.businessProfile.name] : [])))];
    const profile = names
      .filter((n) => !held(n).some((u) => u.username === ACCOUNTS.provider || u.username === ACCOUNTS.sco))
      .sort((a, b) => held(b).length - held(a).length)[0] as string;
    const matching = held(profile);
    expect(matching.length).toBeGreaterThan(10);
    const noProfile = users.find((u) => !u.businessProfile) as WireUser;

    const list = new UsersPage(page);
    await list.filter('Profile').fill(profile);
    await page.getByRole('checkbox', { name: 'Select the users of this page' }).check();
    await expect(page.getByText('10 selected')).toBeVisible();
    await page.getByRole('button', { name: `Select all ${matching.length} matching` }).click();
    await expect(page.getByText(`${matching.length} selected`)).toBeVisible();
    // The selection stays while the filters change: sco.admin and a user without a profile join it.
    await list.filter('Profile').fill('');
    for (const username of [ACCOUNTS.sco, noProfile.username]) {
      await list.show(username);
      await list.row(username).getByRole('checkbox').check();
    }
    const count = matching.length + 2;
    await expect(page.getByText(`${count} selected`)).toBeVisible();

    await page.getByRole('button', { name: 'Bulk action' }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(`Deactivate ${count} users: their sign-ins end`);
    await dialog.getByRole('button', { name: 'Deactivate' }).click();

    // A user without a business profile is deactivated too: taking access away is always possible.
    const result = page.locator('[data-bulk-result]');
    await expect(result).toContainText(`${count} users deactivated.`);
    await expect(page.getByText(/^\d+ selected$/)).toHaveCount(0);
    const inactive = await apiGet<WireUser[]>(page, '/user/list/inactive');
    expect(inactive.some((u) => u.uuid === noProfile.uuid)).toBe(true);

    // Their sign-ins ended: sco.admin's token is refused; they left the active list.
    expect((await asSco()).status()).toBe(401);
    await list.filter('Username').fill(ACCOUNTS.sco);
    await expect(page.getByText('No users match')).toHaveCount(1);
    await elsewhere.close();
  });
});

test.describe('export what you see', () => {
  test('a filtered, sorted users list exports exactly its rows in its order, named after them', async ({
    page,
    signedInAs,
  }) => {
    await signedInAs(ACCOUNTS.provider);
    const users = await apiGet<WireUser[]>(page, '/user/list/active');
    const expected = users
      .filter((u) => u.username.toLowerCase().includes('ar'))
      .sort((a, b) => compareValues(b.email, a.email))
      .map((u) => u.username);
    const list = new UsersPage(page);
    await list.filter('Username').fill('AR');
    await list.sortBy('Email');
    await list.sortBy('Email');
    await expect(list.table.getByRole('columnheader', { name: 'Email' })).toHaveAttribute('aria-sort', 'descending');
    const download = await exportCsv(page);
    expect(download.suggestedFilename()).toBe(`users-active-filter-ar-${day()}.csv`);
    const [header, ...rows] = await csvRows(download);
    expect(header).toEqual(['Username', 'Name', 'Email', 'Profile', 'Visibility', 'Status']);
    expect(rows.map((r) => r[0])).toEqual(expected);
  });

  test("the business profile list sorts '---' last, and exports it in that order", async ({ page, signedInAs }) => {
    await signedInAs(ACCOUNTS.provider);
    await page.goto(href(toBusinessProfileList()));
    const table = page.getByRole('table', { name: 'Business profiles' });
    // An application column where some profiles have an app profile and some have none.
    const [names, ...unsorted] = await csvRows(await exportCsv(page));
    // The export leaves a missing app profile empty: '---' would start a formula in a spreadsheet.
    const column = (names as string[]).findIndex(
      (_, i) => i >= 2 && unsorted.some((r) => r[i] === '') && unsorted.some((r) => r[i] !== ''),
    );
    expect(column).toBeGreaterThan(1);
    const name = (names as string[])[column] as string;
    const app = table.getByRole('columnheader', { name, exact: true });
    await app.getByRole('button').click();
    await expect(app).toHaveAttribute('aria-sort', 'ascending');
    const [, ...rows] = await csvRows(await exportCsv(page));
    const cells = rows.map((r) => r[column]);
    const firstMissing = cells.indexOf('');
    expect(firstMissing).toBeGreaterThan(0);
    expect(cells.slice(firstMissing).every((c) => c === '')).toBe(true);
    await expect(table.locator('tbody tr').first().locator(`td[data-column="${name}"]`)).not.toHaveText('---');
    // Descending keeps the missing ones last too.
    await app.getByRole('button').click();
    const [, ...desc] = await csvRows(await exportCsv(page));
    expect(desc.map((r) => r[column]).at(-1)).toBe('');
    expect(desc.map((r) => r[column])[0]).not.toBe('');
    await expect(table.locator('tbody tr').first().locator(`td[data-column="${name}"]`)).not.toHaveText('---');
  });
});
