// The sign-in pages a visitor without a sign-in gets alone (plain
// DOM, without the console; docs/console.md "Start-up"):
// their toasts, going on to a console page in the same document, a Sign In
// pressed before the console's own request is ready, and a start that fails.
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, PASSWORD, test } from '../fixtures.ts';

const toasts = (page: Page) => page.locator('[data-scope="toast"][data-part="root"]');
const pleaseLogin = (page: Page) => toasts(page).filter({ hasText: 'Please Login First' });

test('the login page warns once, and its toast can be dismissed, pauses under the pointer and times out', async ({
  page,
  mock: _,
}) => {
  test.setTimeout(45_000);
  await page.goto('/userprofile/');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  await expect(pleaseLogin(page)).toHaveCount(1);
  await expect(pleaseLogin(page)).toHaveAttribute('role', 'status');
  await pleaseLogin(page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(toasts(page)).toHaveCount(0);

  // Under the pointer for longer than its 5 s, it stays; let go, it leaves within its time-out.
  // The page's timers run on Playwright's clock: the 6 s under the pointer pass at once.
  await page.clock.install();
  await page.goto('/userprofile/');
  await pleaseLogin(page).hover();
  await page.clock.runFor(6_000);
  await expect(pleaseLogin(page)).toBeVisible();
  await page.mouse.move(5, 700);
  await expect(pleaseLogin(page)).toHaveCount(0, { timeout: 7_000 });

  // Untouched, it goes by itself.
  await page.goto('/userprofile/');
  await expect(pleaseLogin(page)).toBeVisible();
  await expect(pleaseLogin(page)).toHaveCount(0, { timeout: 7_000 });
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
});

test('Forgot Password opens in the same document, without the sign-in warning, and Back returns to the form', async ({
  page,
  mock: _,
}) => {
  await page.goto('/userprofile/');
  await expect(pleaseLogin(page)).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await expect(page).toHaveURL(/\/userprofile\/password\/forgot$/);
  await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  // 'Please Login First' belongs to the sign-in page: Forgot Password withdraws it (login-first-stays.spec.ts).
  await expect(pleaseLogin(page)).toHaveCount(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/userprofile\/authorize\?/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  await page.getByLabel('Username', { exact: true }).fill(ACCOUNTS.sco);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
});

test("a Sign In pressed before the console's own request is ready waits for it and signs in", async ({
  page,
  mock,
}) => {
  await mock.fault({ method: 'GET', path: '/userprofile/api/v1/auth/frontendconfig', delayMs: 2_000 });
  await page.goto('/userprofile/auth/login/user');
  // The form is there at once; the address is still auth/login/user while the request is made.
  await page.getByLabel('Username', { exact: true }).fill(ACCOUNTS.customer);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await expect(page).toHaveURL(/\/userprofile\/auth\/login\/user$/);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/userprofile\/user\/list$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
});

test('a sign-in that cannot start says so and offers to try again', async ({ page, mock }) => {
  await mock.fault({ method: 'GET', path: '/userprofile/api/v1/auth/frontendconfig', status: 500, times: 1 });
  await page.goto('/userprofile/auth/login/user');
  await expect(
    page.getByRole('alert').filter({ hasText: 'The sign-in could not start. Please try again.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/userprofile\/authorize\?/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
});
