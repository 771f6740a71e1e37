// What the login form says, and when 'Session Timed Out' shows
// (docs/console.md "Signing in": login messages and 'Session Timed Out').
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, signIn, test } from '../fixtures.ts';

const SESSION_TIMED_OUT = 'Session Timed Out, Please Try Logging In Again';
const toasts = (page: Page) => page.locator('[data-scope="toast"][data-part="root"]');

async function tryPassword(page: Page, password: string): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(ACCOUNTS.customer);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
}

test('wrong passwords say so, once, and a lockout says how long to wait', async ({ page, mock: _ }) => {
  // Sign-in attempts, each paying the server's deliberately slow password hash.
  test.setTimeout(90_000);
  await page.goto('/userprofile/auth/login/user');
  for (let i = 0; i < 5; i++) {
    await tryPassword(page, `wrong-${i}`);
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
  }
  // Five tries, one message: nothing stacked, and no session warning for a visitor who never had one.
  await expect(page.getByRole('alert')).toHaveCount(1);
  await expect(page.getByText(SESSION_TIMED_OUT)).toHaveCount(0);
  await expect(toasts(page)).toHaveCount(0);

  // From the fifth failure on, this address waits after each failure, twice as long each time (docs/oauth2-and-sign-in.md
  // "Sign-in throttling"): a guess sent within the wait is refused before its password is checked, and the page
  // says how long to wait. A guess that arrives after the wait is answered as before.
  const lockout = /^Too many failed sign-in attempts\. Please wait (1 second|\d+ seconds) and try again\.$/;
  let refused = false;
  for (let i = 5; i < 10 && !refused; i++) {
    await tryPassword(page, `wrong-${i}`);
    const said = (await page.getByRole('alert').textContent()) ?? '';
    refused = lockout.test(said);
    if (!refused) expect(said).toBe('Invalid username or password');
  }
  expect(refused, 'a guess within the wait is refused with how long to wait').toBe(true);
  await expect(page.getByRole('alert')).toHaveCount(1);
});

test('a failure that is neither wrong credentials nor a lockout is the unknown reason', async ({ page, mock }) => {
  await page.goto('/userprofile/auth/login/user');
  await mock.fault({ method: 'POST', path: '/userprofile/login', status: 500 });
  await tryPassword(page, 'whatever');
  await expect(page.getByRole('alert')).toHaveText('Login failed due to an unknown reason');
  await expect(page.getByText(SESSION_TIMED_OUT)).toHaveCount(0);
});

test('the login page logs nothing in the console when there is simply no session', async ({ page, mock: _ }) => {
  const logged: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') logged.push(`${m.type()}: ${m.text()}`);
  });
  const sessionCheck = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/session'));
  await page.goto('/userprofile/auth/login/user');
  expect((await sessionCheck).status()).toBe(204);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  expect(logged).toEqual([]);
});

test('a signed-in user whose session ended is told it timed out and signs in again', async ({ page, mock: _ }) => {
  await signIn(page, ACCOUNTS.customer);
  // The screen's own calls done (the menu asks what the backend offers): none of them can meet the ended
  // session before the reload below, and say so on the page the reload then discards.
  await page.waitForLoadState('networkidle');
  // The session ends elsewhere (another tab signs out): the stored token is refused from now on.
  const token = await page.evaluate(() => localStorage.getItem('user-profile.access_token'));
  const logout = await page.request.get('/userprofile/api/v1/auth/logout', {
    headers: { Authorization: `Bearer ${token}`, Algorithm: 'RSA256' },
  });
  expect(logout.ok()).toBeTruthy();

  await page.reload();
  await expect(page.getByText(SESSION_TIMED_OUT)).toBeVisible();
  await expect(page).toHaveURL(/\/userprofile\/authorize\?/);
  // The toast sits below the page's colour-mode toggle, which stays in reach: read once it has slid in
  // (its entry animation starts above its place).
  const toggle = page.getByRole('button', { name: 'Dark mode' });
  const toast = page.getByRole('status').filter({ hasText: SESSION_TIMED_OUT });
  await expect
    .poll(async () => {
      const [toggleBox, toastBox] = [await toggle.boundingBox(), await toast.boundingBox()];
      return Boolean(toastBox && toggleBox && toastBox.y >= toggleBox.y + toggleBox.height);
    })
    .toBe(true);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  await expect(page.getByText('Please Login First')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('user-profile.access_token'))).toBeNull();
});

test('the same toast raised again restarts its time-out instead of stacking', async ({ page, mock }) => {
  // The page's timers run on Playwright's clock: the seconds below pass at once, none is waited for.
  await page.clock.install();
  await page.goto('/userprofile/password/forgot');
  await mock.fault({ method: 'POST', path: '/userprofile/api/v1/password/forgot', status: 403, times: 10 });
  await page.getByLabel('Username', { exact: true }).fill(ACCOUNTS.customer);
  const send = page.getByRole('button', { name: 'Send Reset Link' });
  const reload = page.getByText("We're Sorry That You Need To Reload Page And Start Over Again");
  for (let i = 0; i < 3; i++) {
    await send.click();
    await expect(send).toBeEnabled();
  }
  await expect(reload).toHaveCount(1);
  // Raised again 3 s later, it is still the one toast 6 s after it first showed (its time-out is 5 s).
  await page.clock.runFor(3_000);
  await send.click();
  await expect(send).toBeEnabled();
  await page.clock.runFor(3_000);
  await expect(reload).toHaveCount(1);
});
