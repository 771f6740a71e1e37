// Users list (spec §2, §4, §8 Users): filters, sort, pages, the status
// dropdown with every failure message, pull, and the SCO_ADMIN differences.
import { pageTexts, userMessages } from '../../../packages/shared/src/messages.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import { apiGet, dismissToasts, toast, UsersPage, type WireUser } from './users-page.ts';

// The machine is shared: sign-in and a reset can take a while under load.
test.describe.configure({ timeout: 60_000 });

const ACTIVATE = '/userprofile/api/v1/user/activate';
const INACTIVATE = '/userprofile/api/v1/user/inactivate';

test.describe('as provider.admin', () => {
  test.beforeEach(async ({ signedInAs }) => {
    await signedInAs(ACCOUNTS.provider);
  });

  test('filters are case-insensitive substrings and combine', async ({ page }) => {
    const list = new UsersPage(page);
    await expect(list.rows()).toHaveCount(10);
    await list.filter('Username').fill('ADMIN');
    await expect(list.row('provider.admin')).toBeVisible();
    for (const name of await list.usernames()) expect(name.toLowerCase()).toContain('admin');
    await list.filter('Email').fill('customer');
    await expect(list.rows()).toHaveCount(1);
    await expect(list.row('customer.admin')).toBeVisible();
    await list.filter('Email').fill('no-such-mail');
    await expect(list.table).toContainText('No users match');
  });

  test('sorts on click, numeric-aware, then reverses; missing profile sorts last', async ({ page }) => {
    const list = new UsersPage(page);
    const users = await apiGet<WireUser[]>(page, '/user/list/active');
    const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
    const sorted = users.map((u) => u.username).sort(collator.compare);

    await list.sortBy('Username');
    await expect(list.table.getByRole('columnheader', { name: 'Username' })).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(() => list.usernames()).toEqual(sorted.slice(0, 10));
    await list.sortBy('Username');
    await expect(list.table.getByRole('columnheader', { name: 'Username' })).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(() => list.usernames()).toEqual([...sorted].reverse().slice(0, 10));

    // Profile: a stable sort by name; users without one come last in both directions.
    const profileOf = (u: WireUser) => u.businessProfile?.name ?? '';
    const byProfile = [...users].sort((a, b) => {
      const x = profileOf(a);
      const y = profileOf(b);
      return x === '' || y === '' ? Number(x === '') - Number(y === '') : collator.compare(x, y);
    });
    expect(byProfile.at(-1)?.businessProfile ?? null).toBeNull();
    await list.sortBy('Profile');
    await expect.poll(() => list.usernames()).toEqual(byProfile.slice(0, 10).map((u) => u.username));
    await list.sortBy('Profile');
    await expect(list.table.getByRole('columnheader', { name: 'Profile' })).toHaveAttribute('aria-sort', 'descending');
    await expect(list.rows().first().locator('td').nth(4)).not.toHaveText('—');
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    while (await pager.getByRole('button', { name: 'Next' }).isEnabled()) {
      await pager
        .getByRole('button', { name: /^Page \d+$/ })
        .last()
        .click();
    }
    await expect(list.rows().last().locator('td').nth(4)).toHaveText('—');
  });

  test('pages: up to 7 page links with Previous and Next', async ({ page }) => {
    const list = new UsersPage(page);
    const users = await apiGet<WireUser[]>(page, '/user/list/active');
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pager.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(7);
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect.poll(() => list.usernames()).toEqual(users.slice(10, 20).map((u) => u.username));
    const last = Math.ceil(users.length / 10);
    for (let i = 0; i < 6; i++) await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager.getByRole('button', { name: 'Page 8' })).toHaveAttribute('aria-current', 'page');
    // The window follows the current page.
    await expect(pager.getByRole('button', { name: 'Page 5' })).toBeVisible();
    await expect(pager.getByRole('button', { name: 'Page 1', exact: true })).toHaveCount(0);
    expect(last).toBeGreaterThan(8);
    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect(pager.getByRole('button', { name: 'Page 7' })).toHaveAttribute('aria-current', 'page');
  });

  test('filters, toggle, sort and page survive a visit to an edit screen and back', async ({ page }) => {
    const list = new UsersPage(page);
    await list.toggle('Inactive');
    await list.filter('Name').fill('a');
    await list.sortBy('Email');
    await expect(list.table.getByRole('columnheader', { name: 'Email' })).toHaveAttribute('aria-sort', 'ascending');
    await page.getByRole('button', { name: 'Page 2' }).click();
    const shown = await list.usernames();
    await list.rows().first().getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Editing User' })).toBeVisible();
    await page.goBack();
    await expect(list.filter('Name')).toHaveValue('a');
    await expect(
      page.getByRole('group', { name: 'User status' }).getByRole('button', { name: 'Inactive' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(list.table.getByRole('columnheader', { name: 'Email' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect.poll(() => list.usernames()).toEqual(shown);
  });

  test('profile and visibility are links to their edit screens', async ({ page }) => {
    const list = new UsersPage(page);
    const row = await list.show('customer.admin');
    const me = (await apiGet<WireUser[]>(page, '/user/list/active')).find((u) => u.username === 'customer.admin');
    await expect(row.getByRole('link', { name: me?.businessProfile?.name })).toHaveAttribute(
      'href',
      `/userprofile/profile/business/edit/${me?.businessProfile?.uuid}`,
    );
    await expect(row.getByRole('link', { name: me?.visibilityProfile?.name })).toHaveAttribute(
      'href',
      `/userprofile/profile/visibility/edit/${me?.visibilityProfile?.uuid}`,
    );
    await row.getByRole('link', { name: 'customer.admin' }).click();
    await expect(page).toHaveURL(/\/userprofile\/user\/edit\/[0-9a-f-]{36}$/);
  });

  test('Name and Email are hidden on small screens', async ({ page }) => {
    const list = new UsersPage(page);
    await expect(list.table.getByRole('columnheader', { name: 'Email' })).toBeVisible();
    await page.setViewportSize({ width: 800, height: 600 });
    await expect(list.table.getByRole('columnheader', { name: 'Email' })).toBeHidden();
    await expect(list.table.getByRole('columnheader', { name: 'Name', exact: true })).toBeHidden();
    await expect(list.table.getByRole('columnheader', { name: 'Visibility' })).toBeVisible();
  });

  test('deactivate then activate moves the user between the lists', async ({ page }) => {
    const list = new UsersPage(page);
    await list.show('customer.admin');
    await list.setStatus('customer.admin', 'Deactivate');
    await expect(toast(page, userMessages.inactivated('customer.admin'))).toBeVisible();
    await expect(list.row('customer.admin')).toHaveCount(0);
    await list.toggle('Inactive');
    await expect(list.row('customer.admin')).toContainText('Inactive');
    await list.setStatus('customer.admin', 'Activate');
    await expect(toast(page, userMessages.activated('customer.admin'))).toBeVisible();
    await expect(list.row('customer.admin')).toHaveCount(0);
    await list.toggle('Active');
    await expect(list.row('customer.admin')).toContainText('Active');
  });

  for (const [status, message] of [
    [504, userMessages.updateTimedOut],
    [408, userMessages.updateTimedOut],
    [401, userMessages.notAuthorized],
    [444, userMessages.noResponseFromSync],
    [500, 'Failed To Activate/Inactivate customer.admin Due To Injected fault: 500 Internal Server Error'],
  ] as const) {
    test(`a ${status} on deactivate shows '${message}' and keeps the user`, async ({ page, mock }) => {
      const list = new UsersPage(page);
      await list.show('customer.admin');
      // Chromium's network stack silently resends a request answered 408 on a
      // reused keep-alive socket (up to one try per pooled socket, 6 per host),
      // so the fault must answer every attempt of the one call.
      await mock.fault({ method: 'POST', path: INACTIVATE, status, times: status === 408 ? 20 : 1 });
      const signedInWith = await page.evaluate(() => localStorage.getItem('user-profile.access_token'));
      let attempts = 0;
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().endsWith('/user/inactivate')) attempts++;
      });
      await list.setStatus('customer.admin', 'Deactivate');
      await expect(toast(page, message)).toBeVisible();
      expect(attempts).toBe(1);
      // A refused token ends the session: the browser's sign-in session signs it in again, back on the list.
      if (status === 401) {
        // Read between the page loads of the sign-in (a read during one answers undefined, and is tried again).
        const token = () =>
          page.evaluate(() => localStorage.getItem('user-profile.access_token')).catch(() => undefined);
        await expect.poll(token).not.toBe(signedInWith);
        await expect.poll(token).toMatch(/./);
      }
      // Still the list, its filter in the address, after a new sign-in too: the user keeps their place.
      await expect(page).toHaveURL(/\/userprofile\/user\/list\?username=customer\.admin$/);
      await expect(list.row('customer.admin')).toContainText('Active');
    });
  }

  test('a failed activate names the server reason', async ({ page, mock }) => {
    const list = new UsersPage(page);
    await list.toggle('Inactive');
    const inactive = await apiGet<WireUser[]>(page, '/user/list/inactive');
    const target = inactive.find((u) => u.businessProfile) as WireUser;
    await list.show(target.username);
    await mock.fault({
      method: 'POST',
      path: ACTIVATE,
      status: 502,
      body: { statusCode: 502, error: 'Bad Gateway', message: 'Directory unreachable' },
    });
    await list.setStatus(target.username, 'Activate');
    await expect(toast(page, userMessages.activationFailed(target.username, 'Directory unreachable'))).toBeVisible();
  });

  test('a user without a business profile has a disabled Status with a tooltip', async ({ page }) => {
    const list = new UsersPage(page);
    const users = await apiGet<WireUser[]>(page, '/user/list/active');
    const orphan = users.find((u) => !u.businessProfile) as WireUser;
    const row = await list.show(orphan.username);
    await expect(row.getByRole('button', { name: 'Active' })).toBeDisabled();
    await row.getByLabel(`Active: ${pageTexts.noProfileAssigned}`).hover();
    await expect(page.getByText(pageTexts.noProfileAssigned, { exact: true })).toBeVisible();
  });

  test('Pull User Info shows Pulling... then the result; a failure says so', async ({ page, mock }) => {
    await mock.fault({ method: 'GET', path: '/userprofile/api/v1/user/pullUsers', delayMs: 800 });
    await page.getByRole('button', { name: 'Pull User Info' }).click();
    await expect(page.getByRole('button', { name: pageTexts.pulling })).toBeDisabled();
    await expect(toast(page, userMessages.pullSuccess)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pull User Info' })).toBeEnabled();
    await mock.fault({ method: 'GET', path: '/userprofile/api/v1/user/pullUsers', status: 504 });
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Pull User Info' }).click();
    await expect(toast(page, userMessages.pullFailed)).toBeVisible();
  });
});

test.describe('as sco.admin', () => {
  test('profile and visibility show as plain text', async ({ signedInAs, page, mock: _reset }) => {
    await signedInAs(ACCOUNTS.sco);
    const list = new UsersPage(page);
    const users = await apiGet<WireUser[]>(page, '/user/list/active');
    const me = users.find((u) => u.username === 'sco.admin') as WireUser;
    const row = await list.show('sco.admin');
    // A name is cut at its end, never its front: the cell holds the whole name (the column's width ends it
    // with an ellipsis), its title too.
    const profile = me.businessProfile?.name ?? '';
    await expect(row.locator('td.profile-cell')).toHaveAttribute('title', profile);
    await expect(row.locator('td.profile-cell')).toHaveText(profile);
    await expect(row.getByRole('link')).toHaveCount(1);
    await expect(row.getByRole('link')).toHaveText('sco.admin');
    // SCO_ADMIN sees only the users of its company.
    expect(users.every((u) => u.username !== 'provider.admin')).toBeTruthy();
  });
});
