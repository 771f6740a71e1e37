// OAuth2 clients (spec §2, §5, §6, §8 OAuth2 client; ERRIGAL_ADMIN
// only): the list, the editor with its dice, copy buttons and authorize URL,
// the redirect target rule on both sides; a client created here signs a
// user in from a second origin, and once its redirect target changes the
// old one is refused.
import type { Browser } from '@playwright/test';
import { oauthClientMessages, validationMessages } from '../../../packages/shared/src/messages.ts';
import { href, toAuthClientList } from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, PASSWORD, test } from '../fixtures.ts';
import { API, apiGet, apiPost, toast } from '../users/users-page.ts';
import { SecondApp } from './second-app.ts';

test.describe.configure({ timeout: 90_000 });

const SECRET = /^[A-Za-z0-9]{32}$/;

const field = (page: import('@playwright/test').Page, label: string) =>
  page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

async function openList(page: import('@playwright/test').Page) {
  await page.goto(href(toAuthClientList()));
  await expect(page.getByRole('heading', { level: 1, name: 'OAuth2 Clients' })).toBeVisible();
}

/** Starts a sign-in at the second app in a fresh browser; the console's login form or its refusal shows. */
async function startAt(browser: Browser, app: SecondApp) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${app.origin}/start`);
  return { page, close: () => context.close() };
}

/** A sign-in through the second app: the console's login form, then the app's own page. */
async function signInThrough(browser: Browser, app: SecondApp) {
  const started = await startAt(browser, app);
  const { page } = started;
  await page.getByLabel('Username', { exact: true }).fill(ACCOUNTS.customer);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  return started;
}

test.describe('as provider.admin (ERRIGAL_ADMIN)', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
  test.beforeEach(async ({ signedInAs }) => {
    await signedInAs(ACCOUNTS.provider);
  });

  test('list and create: a generated secret, the dice, copy buttons, the rules, the authorize URL', async ({
    page,
    mock,
  }) => {
    await openList(page);
    const table = page.getByRole('table', { name: 'OAuth2 Clients' });
    await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Redirect URL', 'Description']);
    await expect(table.getByRole('row').filter({ hasText: 'User Profile Console' })).toContainText(
      '/userprofile/selfcallback',
    );
    await page.screenshot({ path: 'screenshots/clients-list-1280.png' });
    const listed = await apiGet<object[]>(page, '/authClient/list');
    expect(listed.length).toBeGreaterThan(0);
    expect(JSON.stringify(listed)).not.toContain('clientSecret');

    await page.getByRole('link', { name: 'New Client' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New Client' })).toBeVisible();
    await expect(field(page, 'Client Id')).toHaveValue('');
    await expect(field(page, 'Client Id')).toHaveAttribute('readonly', '');
    const secret = field(page, 'Client Secret');
    const first = await secret.inputValue();
    expect(first).toMatch(SECRET);
    await page.getByRole('button', { name: 'Generate a new secret' }).click();
    const second = await secret.inputValue();
    expect(second).toMatch(SECRET);
    expect(second).not.toBe(first);
    await page.getByRole('button', { name: 'Copy client secret' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(second);

    // Spec §5 and the redirect target rule, as the user types.
    await secret.fill('s'.repeat(65));
    await field(page, 'Allowed Redirect Target').fill('javascript:alert(1)');
    await expect(page.getByRole('button', { name: 'Create Client' })).toHaveAttribute('aria-disabled', 'true');
    await field(page, 'Allowed Redirect Target').press('Enter');
    await expect(page.getByText(validationMessages.clientSecret)).toBeVisible();
    await expect(page.getByText(validationMessages.redirectTarget)).toBeVisible();
    await expect(page.getByText(validationMessages.requiredMax255)).toHaveCount(2);
    await page.screenshot({ path: 'screenshots/clients-new-invalid-1280.png' });

    await page.getByRole('button', { name: 'Generate a new secret' }).click();
    await field(page, 'Name').fill('<img src=x onerror=alert(1)>');
    await field(page, 'Description').fill('Plans capacity from the inventory');
    await field(page, 'Allowed Redirect Target').fill('https://planner.example.com/oauth/callback');
    await mock.fault({ method: 'POST', path: `${API}/authClient/update`, status: 500 });
    await page.getByRole('button', { name: 'Create Client' }).click();
    await expect(toast(page, oauthClientMessages.saveError)).toBeVisible();
    await page.getByRole('button', { name: 'Create Client' }).click();
    await expect(toast(page, oauthClientMessages.saved)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Editing Client' })).toBeVisible();
    const uuid = page.url().split('/').at(-1) as string;
    await expect(field(page, 'Client Id')).toHaveValue(uuid);
    await page.getByRole('button', { name: 'Copy client id' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(uuid);
    const authorize = new URL((await page.getByTestId('authorize-url').textContent()) ?? '');
    expect(authorize.pathname).toBe('/userprofile/authorize');
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: uuid,
      redirect_uri: 'https://planner.example.com/oauth/callback',
      response_type: 'code',
      code_challenge_method: 'S256',
    });
    await page.screenshot({ path: 'screenshots/clients-edit-1280.png' });

    await openList(page);
    await expect(table.getByRole('link', { name: '<img src=x onerror=alert(1)>' })).toBeVisible();
    await expect(page.locator('img[src="x"]')).toHaveCount(0);

    // The server keeps the rule too: a 400 naming the field.
    const refused = await apiPost(page, '/authClient/update', {
      name: 'Bad',
      description: 'Bad',
      allowedRedirectTarget: 'data:text/html,hi',
      clientSecret: 'S3cret',
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain('allowedRedirectTarget');
  });

  test('a client created here signs a user in from a second origin; a changed redirect target refuses the old one', async ({
    page,
    browser,
    baseURL,
  }) => {
    const app = await new SecondApp(baseURL as string).start();
    try {
      await openList(page);
      await page.getByRole('link', { name: 'New Client' }).click();
      await field(page, 'Name').fill('Capacity Planner');
      await field(page, 'Description').fill('Plans capacity from the inventory');
      await field(page, 'Allowed Redirect Target').fill(app.redirectTarget('/callback'));
      const clientSecret = await field(page, 'Client Secret').inputValue();
      await page.getByRole('button', { name: 'Create Client' }).click();
      await expect(toast(page, oauthClientMessages.saved)).toBeVisible();
      const clientId = page.url().split('/').at(-1) as string;
      app.client = { clientId, clientSecret, callbackPath: '/callback' };

      const first = await signInThrough(browser, app);
      await expect(first.page.getByTestId('username')).toHaveText(ACCOUNTS.customer);
      await expect(first.page.getByTestId('client')).toHaveText(clientId);
      expect(new URL(first.page.url()).origin).toBe(app.origin);
      await first.close();

      await field(page, 'Allowed Redirect Target').fill(app.redirectTarget('/callback2'));
      await page.getByRole('button', { name: 'Update Client' }).click();
      await expect(toast(page, oauthClientMessages.saved)).toBeVisible();

      const old = await startAt(browser, app);
      await expect(old.page.getByRole('heading', { level: 1, name: 'Sign-in request refused' })).toBeVisible();
      await expect(old.page.getByRole('alert')).toContainText('redirect_uri does not match');
      await expect(old.page.getByLabel('Username', { exact: true })).toHaveCount(0);
      expect(new URL(old.page.url()).origin).toBe(new URL(baseURL as string).origin);
      await old.close();

      app.client = { clientId, clientSecret, callbackPath: '/callback2' };
      const moved = await signInThrough(browser, app);
      await expect(moved.page.getByTestId('username')).toHaveText(ACCOUNTS.customer);
      await moved.close();
    } finally {
      await app.stop();
    }
  });
});

test('customer.admin and sco.admin are forbidden, on the page and at the server', async ({ page, signedInAs }) => {
  for (const account of [ACCOUNTS.customer, ACCOUNTS.sco]) {
    await signedInAs(account);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'OAuth2 Clients' }),
    ).toHaveCount(0);
    await page.goto(href(toAuthClientList()));
    await expect(page).toHaveURL(/\/userprofile\/forbidden$/);
    await expect(page.getByRole('heading', { name: '403 Forbidden' })).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('user-profile.access_token'));
    const r = await page.request.get(`${API}/authClient/list`, {
      headers: { Authorization: `Bearer ${token}`, Algorithm: 'RSA256' },
    });
    expect(r.status()).toBe(403);
  }
});
