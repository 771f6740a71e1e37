// "Keep the user's place": a signed-out visit to a deep link
// comes back there after the sign-in (password and Enterprise SSO), with its
// query; nothing but a console page is ever returned to; a 401 inside a screen
// says its one spec §8 message and, after signing in again, the user is back
// on that screen, with an editor's unsaved changes restored.
import type { Page } from '@playwright/test';
import { globalMessages, visibilityMessages as vm } from '../../../packages/shared/src/messages.ts';
import { href, toBusinessProfileList, toVisibilityProfileList } from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, PASSWORD, test } from '../fixtures.ts';
import { VisibilityListPage } from '../visibility/visibility-page.ts';

const API = '/userprofile/api/v1';

function toast(page: Page, text: string) {
  return page.locator('[data-scope="toast"][data-part="title"]', { hasText: text });
}

/** The login form: signs in with the password. */
async function signInWithPassword(page: Page, username: string): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * After a session ended: the browser's provider session may sign it in
 * without the form (POST /auth/session); otherwise the form is filled.
 */
async function signInAgain(page: Page, username: string, back: RegExp): Promise<void> {
  await page.waitForURL((url) => back.test(url.href) || url.pathname.endsWith('/authorize'));
  if (back.test(page.url())) return;
  try {
    await page.waitForURL(back, { timeout: 3_000 });
  } catch {
    await signInWithPassword(page, username);
    await expect(page).toHaveURL(back);
  }
}

test('a signed-out visit to a deep link returns there, with its query, after signing in', async ({ page, mock: _ }) => {
  await page.goto(`${href(toBusinessProfileList())}?name=Core`);
  await expect(toast(page, globalMessages.pleaseLoginFirst)).toBeVisible();
  await signInWithPassword(page, ACCOUNTS.provider);
  await expect(page).toHaveURL(/\/userprofile\/profile\/business\/list\?name=Core$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Business Profiles' })).toBeVisible();
});

test('a deep link returns there after an Enterprise SSO sign-in', async ({ page, mock: _ }) => {
  await page.route('**/userprofile/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), ssoEnabled: true, ssoAutoRedirect: false } });
  });
  await page.goto(`${href(toVisibilityProfileList())}?page=2`);
  await page.getByRole('button', { name: 'Enterprise SSO' }).click();
  await expect(page).toHaveURL(/\/sso\/oauth\/authorize\?/);
  await page.getByLabel('Username').fill(ACCOUNTS.provider);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/userprofile\/profile\/visibility\/list\?page=2$/);
});

test('only a page of this console is returned to: a planted address goes to Users', async ({ page, mock: _ }) => {
  // Every variant (encoded ones, other schemes) is refused by lib/return-path.ts, whose unit test lists them.
  const planted = ['//evil.example', '/\\evil.example'];
  for (const target of planted) {
    await page.context().clearCookies();
    await page.goto('/userprofile/config.json');
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    // A signed-out visit remembers a page; the planted value then replaces it before the sign-in starts.
    await page.goto(href(toBusinessProfileList()));
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await page.evaluate((value) => {
      for (const key of Object.keys(sessionStorage))
        if (key.startsWith('user-profile.return_to')) sessionStorage.setItem(key, value);
    }, target);
    await signInWithPassword(page, ACCOUNTS.provider);
    await expect(page, target).toHaveURL(/\/userprofile\/user\/list$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  }
});

test('a 401 during a sync shows the one §8 message and returns to the same screen after signing in again', async ({
  page,
  mock,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.provider);
  const list = new VisibilityListPage(page);
  await page.goto(`${href(toVisibilityProfileList())}?name=a`);
  await expect(list.table).toBeVisible();
  await mock.fault({ method: 'GET', path: `${API}/visibility/sync/carrier`, status: 401 });
  await list.runSync('Carrier');
  // Both would be raised in the same moment: the one message, not 'Session Timed Out' beside it.
  await expect(toast(page, vm.notAuthorized)).toHaveCount(1);
  await expect(toast(page, globalMessages.sessionTimedOut)).toHaveCount(0);
  await signInAgain(page, ACCOUNTS.provider, /\/userprofile\/profile\/visibility\/list\?name=a$/);
  await expect(list.table).toBeVisible();
});

test("an editor's unsaved changes outlive a sign-in that a refused save asked for", async ({
  page,
  mock,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.provider);
  await page.getByRole('table', { name: 'Users' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editing User' })).toBeVisible();
  const editPath = new URL(page.url()).pathname;
  const lastName = page.getByLabel(/^Last Name/);
  await lastName.fill('Kept-Through-Sign-In');
  await mock.fault({ method: 'POST', path: `${API}/user/update`, status: 401 });
  await page.getByRole('button', { name: 'Update User' }).click();
  await expect(toast(page, 'Error Saving User')).toHaveCount(1);
  await expect(toast(page, globalMessages.sessionTimedOut)).toHaveCount(0);
  await signInAgain(page, ACCOUNTS.provider, new RegExp(`${editPath}$`));
  await expect(page.getByLabel(/^Last Name/)).toHaveValue('Kept-Through-Sign-In');
  await expect(toast(page, 'Your unsaved changes from before you signed in again were restored')).toBeVisible();
  // Saved only when the user says so.
  await page.getByRole('button', { name: 'Update User' }).click();
  await expect(toast(page, 'Successfully Updated')).toBeVisible();
});
