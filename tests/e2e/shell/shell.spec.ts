// The shell's wire behaviour and chrome: headers on every call,
// the global error messages of spec §8 through fault injection, the menu,
// the loading overlay, the shared header and analytics.
import type { Request } from '@playwright/test';
import { href, toForgotPassword, toLoginStart } from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, PASSWORD, signIn, test } from '../fixtures.ts';

// About the sign-in calls themselves: signs in through the real flow, not the shared sign-in.
test('every API call carries the bearer token and Algorithm; non-GET calls the XSRF token', async ({
  page,
  mock: _,
}) => {
  const calls: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/userprofile/')) calls.push(r);
  });
  // The tokens the server handed out: with the pages, and a new one bound to the session at sign-in (so a token from before the sign-in is worth nothing).
  const handedOut: string[] = [];
  page.on('response', async (r) => {
    const token = /XSRF-TOKEN=([^;]+)/.exec((await r.headerValue('set-cookie')) ?? '')?.[1];
    if (token) handedOut.push(decodeURIComponent(token));
  });
  await signIn(page, ACCOUNTS.provider);

  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
  expect(xsrf, 'the server set the XSRF-TOKEN cookie').toBeTruthy();

  const api = calls.filter((r) => new URL(r.url()).pathname.startsWith('/userprofile/api/'));
  const writes = calls.filter((r) => r.method() !== 'GET' && (r.url().includes('/api/') || r.url().endsWith('/login')));
  expect(writes.map((r) => new URL(r.url()).pathname)).toEqual(
    expect.arrayContaining([
      '/userprofile/login',
      '/userprofile/api/v1/auth/authorize',
      '/userprofile/api/v1/auth/token',
    ]),
  );
  for (const r of writes) expect(handedOut, `${r.method()} ${r.url()}`).toContain(r.headers()['x-xsrf-token']);
  // From the sign-in on, the token of the new session, which the browser still holds.
  const afterLogin = writes.filter(
    (r) => !['/userprofile/login', '/userprofile/api/v1/auth/session'].includes(new URL(r.url()).pathname),
  );
  expect(afterLogin.length).toBeGreaterThanOrEqual(2);
  for (const r of afterLogin) expect(r.headers()['x-xsrf-token'], `${r.method()} ${r.url()}`).toBe(xsrf);

  // After the token is stored, every call carries it.
  const signedIn = api.filter((r) =>
    ['/userprofile/api/v1/me', '/userprofile/api/v1/applicationInfo'].includes(new URL(r.url()).pathname),
  );
  expect(signedIn.length).toBeGreaterThanOrEqual(2);
  const token = await page.evaluate(() => localStorage.getItem('user-profile.access_token'));
  for (const r of signedIn) {
    expect(r.headers().authorization).toBe(`Bearer ${token}`);
    expect(r.headers().algorithm).toBe('RSA256');
    expect(r.headers()['x-xsrf-token'], 'GET calls carry no XSRF header').toBeUndefined();
  }
  // Before sign-in there is no token to send.
  const login = calls.find((r) => new URL(r.url()).pathname === '/userprofile/login');
  expect(login?.headers().authorization).toBeUndefined();
});

test("a failed login form call is the form's answer, not a timed-out session", async ({ page, mock }) => {
  await page.goto(href(toLoginStart()));
  await page.getByLabel('Username', { exact: true }).fill(ACCOUNTS.provider);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await mock.fault({ method: 'POST', path: '/userprofile/login', status: 500 });
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Login failed due to an unknown reason' })).toBeVisible();
  await expect(page.getByText('Session Timed Out, Please Try Logging In Again')).toHaveCount(0);
});

for (const status of [403, 404]) {
  test(`${status} on a GET sends the user to /notFound`, async ({ signedInAs, page, mock }) => {
    await signedInAs(ACCOUNTS.customer);
    await mock.fault({ method: 'GET', path: '/userprofile/api/v1/applicationInfo', status });
    await page.reload();
    await expect(page).toHaveURL(/\/userprofile\/notFound$/);
    await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
  });

  test(`${status} on a POST warns to reload the page, and the screen shows its own message`, async ({ page, mock }) => {
    await page.goto(href(toForgotPassword()));
    await mock.fault({ method: 'POST', path: '/userprofile/api/v1/password/forgot', status });
    await page.getByLabel('Username', { exact: true }).fill(ACCOUNTS.customer);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText("We're Sorry That You Need To Reload Page And Start Over Again")).toBeVisible();
    await expect(
      page.getByText('Could not send an email with password reset to the user, please try again later'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/userprofile\/password\/forgot$/);
  });
}

test('the collapsed menu stays collapsed after a reload', async ({ signedInAs, page, mock: _ }) => {
  await signedInAs(ACCOUNTS.provider);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText('Application Admin')).toBeVisible();
  await nav.getByRole('button', { name: 'Collapse menu' }).click();
  await expect(nav.getByText('Application Admin')).toBeHidden();
  await page.reload();
  await expect(nav.getByRole('button', { name: 'Expand menu' })).toBeVisible();
  await expect(nav.getByText('Application Admin')).toBeHidden();
  // Collapsed items keep their accessible names.
  await expect(nav.getByRole('link', { name: 'Application Admin' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user-profile.menu_expanded'))).toBe('false');
  await nav.getByRole('button', { name: 'Expand menu' }).click();
  await page.reload();
  await expect(nav.getByText('Application Admin')).toBeVisible();
});

test('the loading overlay shows during a delayed call', async ({ signedInAs, page, mock }) => {
  await signedInAs(ACCOUNTS.customer);
  await mock.fault({ method: 'GET', path: '/userprofile/api/v1/me', delayMs: 2_000 });
  await page.reload();
  const overlay = page.getByTestId('loading-overlay');
  await expect(overlay).toBeVisible();
  await expect(overlay).toContainText('Loading...');
  await expect(overlay).toBeHidden({ timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
});

test('the shared header is set up once, in order, with its admin link hidden; analytics gets dimension 4', async ({
  signedInAs,
  page,
  mock: _,
}) => {
  const headerFiles: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/header-host/')) headerFiles.push(new URL(r.url()).pathname.replace('/header-host/', ''));
  });
  await signedInAs(ACCOUNTS.provider);
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/userprofile');
  await expect(banner.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/userprofile/logout');
  await expect(page.locator('[data-common-header="admin"]')).toBeHidden();
  expect(headerFiles).toHaveLength(3);
  expect(headerFiles[0]).toMatch(/\.css$/);
  expect(headerFiles[1]).toMatch(/conf/);
  expect(headerFiles[2]).toMatch(/^common-header-.+\.js$/);

  // Moving between screens does not set it up again.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profiles' }).click();
  await expect(page).toHaveURL(/\/profile\/business\/list$/);
  expect(headerFiles).toHaveLength(3);
  await expect(page.locator('header.common-header')).toHaveCount(1);

  const info = await (
    await page.request.get('/userprofile/api/v1/applicationInfo', {
      headers: {
        Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('user-profile.access_token'))}`,
      },
    })
  ).json();
  const queue = await page.evaluate(() => (window as unknown as { ga?: { q?: unknown[][] } }).ga?.q ?? []);
  if (info.gaSiteId) {
    expect(queue).toContainEqual(['create', info.gaSiteId, 'auto']);
    expect(queue).toContainEqual(['set', 'dimension4', ACCOUNTS.provider]);
  } else {
    expect(queue).toEqual([]);
  }
});

test('the header Logout link signs out', async ({ signedInAs, page, mock: _ }) => {
  await signedInAs(ACCOUNTS.customer);
  await page.getByRole('banner').getByRole('link', { name: 'Logout' }).click();
  await expect(page.getByText('You have been signed out of all applications.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible({ timeout: 10_000 });
});

test("the token's expiry signs the user out", async ({ signedInAs, page, mock: _ }) => {
  await signedInAs(ACCOUNTS.sco);
  // The page's clock is the test's, so a slow machine cannot let the expiry pass before the list shows.
  await page.clock.install();
  // The stored expiry drives the timer: bring it to a minute from now.
  await page.evaluate(() => localStorage.setItem('user-profile.token_expires_at', String(Date.now() + 60_000)));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByText('You have been signed out of all applications.')).toHaveCount(0);
  await page.clock.fastForward(61_000);
  await expect(page.getByText('You have been signed out of all applications.')).toBeVisible();
  await expect(page).toHaveURL(/\/userprofile\/logout$/);
  expect(await page.evaluate(() => localStorage.getItem('user-profile.access_token'))).toBeNull();
});
