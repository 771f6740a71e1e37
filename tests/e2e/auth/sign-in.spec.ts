// The console's own sign-in, sign-out, a second
// application's authorize flow and wrong credentials, in the browser against
// the contract server.
import { ACCOUNTS, expect, PASSWORD, signIn, test } from '../fixtures.ts';

test('a user signs in from /userprofile/ and lands on the user list', async ({ page, mock: _ }) => {
  await page.goto('/userprofile/');
  // Not signed in: the guard warns, and the console's own authorize request shows the login page.
  await expect(page.getByText('Please Login First')).toBeVisible();
  await expect(page).toHaveURL(/\/userprofile\/authorize\?/);
  const authorizeUrl = new URL(page.url());
  expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(new URL('/userprofile/selfcallback', page.url()).href);
  expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorizeUrl.searchParams.get('response_type')).toBe('code');
  // The state and verifier it sent are the ones kept under the spec §3 keys.
  const stored = await page.evaluate(() => ({
    state: localStorage.getItem('user-profile.state'),
    verifier: localStorage.getItem('user-profile.code_verifier'),
  }));
  expect(stored.state).toBe(authorizeUrl.searchParams.get('state'));
  expect(stored.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);

  await page.getByLabel('Username', { exact: true }).fill(ACCOUNTS.provider);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(/\/userprofile\/user\/list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  const session = await page.evaluate(() => ({
    token: localStorage.getItem('user-profile.access_token'),
    expiresAt: Number(localStorage.getItem('user-profile.token_expires_at')),
  }));
  expect(session.token?.split('.')).toHaveLength(3);
  expect(session.expiresAt).toBeGreaterThan(Date.now());
});

test('wrong credentials say so', async ({ page, mock: _ }) => {
  await page.goto('/userprofile/auth/login/user');
  await page.getByLabel('Username', { exact: true }).fill(ACCOUNTS.customer);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid username or password' })).toBeVisible();
  await expect(page.getByText('Session Timed Out, Please Try Logging In Again')).toHaveCount(0);
  await expect(page).toHaveURL(/\/userprofile\/authorize\?/);
});

test('an existing sign-in session skips the form', async ({ page, mock: _ }) => {
  await signIn(page, ACCOUNTS.customer);
  // Dropping the console's token, not the provider's session: the login page reuses the session.
  await page.evaluate(() => localStorage.removeItem('user-profile.access_token'));
  await page.goto('/userprofile/user/list');
  await expect(page).toHaveURL(/\/userprofile\/user\/list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
});

test('signing out ends the session and returns to the login area after 3 seconds', async ({ page, mock: _ }) => {
  await signIn(page, ACCOUNTS.sco);
  await page.goto('/userprofile/logout');
  await expect(page.getByText('You have been signed out of all applications.')).toBeVisible();
  const shownAt = Date.now();
  const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('user-profile.')));
  expect(stored).toEqual([]);

  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible({ timeout: 10_000 });
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2_500);
  await expect(page).toHaveURL(/\/userprofile\/authorize\?/);
  // The provider's session is gone too: the form shows instead of a silent sign-in.
  await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
});

test('the signed-out message waits for the sign-out: while the server is asked, the page says it is signing out', async ({
  page,
  mock,
}) => {
  await signIn(page, ACCOUNTS.sco);
  await mock.fault({ method: 'GET', path: '/userprofile/api/v1/auth/logout', delayMs: 2_000 });
  await page.goto('/userprofile/logout');
  await expect(page.getByText('Signing out of all applications…')).toBeVisible();
  await expect(page.getByText('You have been signed out of all applications.')).toHaveCount(0);
  await expect(page.getByText('You have been signed out of all applications.')).toBeVisible({ timeout: 10_000 });
  const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('user-profile.')));
  expect(stored).toEqual([]);
});

test("another application's authorize URL signs in and reaches its redirect target with a working code", async ({
  page,
  mock: _,
}) => {
  await page.goto('/demo-app/');
  await page.getByRole('link', { name: 'Sign in with User Profile' }).click();
  await expect(page).toHaveURL(/\/userprofile\/authorize\?/);
  await page.getByLabel('Username', { exact: true }).fill(ACCOUNTS.customer);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(/\/demo-app\/callback\?code=/);
  // The demo app exchanged the code at the token endpoint and verified the token against the JWKS.
  await expect(page.getByTestId('username')).toHaveText(ACCOUNTS.customer);
});

test('a callback whose state does not match is not followed', async ({ page, mock: _ }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  const tokenCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/auth/token')) tokenCalls.push(r.url());
  });
  await page.goto('/userprofile/selfcallback?code=abc&state=forged');
  await expect(page.getByText('The sign-in could not be completed.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in again' })).toBeVisible();
  expect(tokenCalls).toEqual([]);
  expect(errors.join('\n')).toContain('state');
});

test('too many attempts (429) says to wait instead of the generic failure', async ({ page, mock }) => {
  await page.goto('/userprofile/auth/login/user');
  await page.getByLabel('Username', { exact: true }).fill(ACCOUNTS.customer);
  await page.getByLabel('Password', { exact: true }).fill('wrong');
  await mock.fault({ method: 'POST', path: '/userprofile/login', status: 429 });
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Too many failed sign-in attempts.' })).toBeVisible();
});
