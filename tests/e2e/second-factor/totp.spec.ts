// The second factor at sign-in with an authenticator app: a factor required by
// the policy is enrolled on the provider's page (the QR code and the key; the
// test computes the codes from the key shown, as an app would), the recovery
// codes are shown once, and the sign-in goes on; a user with a factor gives
// its code, a code already used is refused, and a recovery code works once;
// the demo application's sign-in takes the same step, and so does a session
// this browser opened before its user had to have a factor.
// Every sign-in here is the real one (scrypt on POST /login): they take time.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import {
  addTotp,
  requireForAdministrators,
  saveRecoveryCodes,
  seriousViolations,
  shownKey,
  submitPassword,
  totp,
} from './factor-helpers.ts';

// Each test makes several of those sign-ins.
test.describe.configure({ timeout: 120_000 });

/** A browser of its own, with the password of `username` sent at the console's sign-in. */
async function passwordInNewBrowser(
  browser: Browser,
  baseURL: string | undefined,
  username: string,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, ...options });
  const page = await context.newPage();
  await submitPassword(page, username);
  return { context, page };
}

/** Verify pressed: the answer is taken and the console's Users screen shows. */
async function verifiedIntoConsole(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
}

/** Verify pressed: the answer is refused in a sentence and the sign-in does not go on. */
async function verifyRefused(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText(/not valid|already/i);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toHaveCount(0);
}

/**
 * On the step's enrolment, reached from the demo application: the app's code from the key shown,
 * the recovery codes saved, and back at the demo application signed in as `username`.
 */
async function enrolBackToDemo(demo: Page, username: string): Promise<void> {
  const key = await shownKey(demo);
  await demo.getByLabel('Code from the app').fill(totp(key));
  await demo.getByRole('button', { name: 'Turn on and continue' }).click();
  await saveRecoveryCodes(demo);
  await expect(demo).toHaveURL(/\/demo-app\/callback\?code=/);
  await expect(demo.getByTestId('username')).toHaveText(username);
}

test('a required factor is enrolled at the console sign-in, its recovery codes are shown once, and it signs in next time', async ({
  page,
  browser,
  baseURL,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.provider);
  await requireForAdministrators(page);

  const visitor = await browser.newContext({ baseURL });
  const signIn = await visitor.newPage();
  const factorCalls: string[] = [];
  signIn.on('request', (r) => {
    if (r.url().includes('/auth/factor/')) factorCalls.push(new URL(r.url()).pathname);
  });
  await submitPassword(signIn, ACCOUNTS.customer);
  await expect(signIn.getByRole('heading', { name: 'Set up a second factor' })).toBeVisible({ timeout: 30_000 });
  // Why, in the server's words, and the QR code with the key as text beside it.
  await expect(signIn.getByText('Every administrator must have a second factor.')).toBeVisible();
  const qr = signIn.getByRole('img', { name: 'QR code of the key for your authenticator app' });
  await expect(qr).toBeVisible();
  expect(await qr.locator('rect').count()).toBeGreaterThan(50);
  const code = signIn.getByLabel('Code from the app');
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  const key = await shownKey(signIn);
  expect(await seriousViolations(signIn)).toEqual([]);

  // A wrong code is refused in a sentence; the field is ready for the next try.
  const wrong = String((Number(totp(key)) + 500_000) % 1_000_000).padStart(6, '0');
  await code.fill(wrong);
  await signIn.getByRole('button', { name: 'Turn on and continue' }).click();
  await expect(signIn.getByRole('alert')).toContainText(/not valid/i);
  await code.fill(totp(key));
  await signIn.getByLabel('Name (optional)').fill('Work phone');
  await signIn.getByRole('button', { name: 'Turn on and continue' }).click();
  await expect(signIn.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  expect(await seriousViolations(signIn)).toEqual([]);
  const codes = await saveRecoveryCodes(signIn);
  expect(new Set(codes).size).toBe(10);
  await expect(signIn).toHaveURL(/\/userprofile\/user\/list$/);
  await expect(signIn.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  expect(factorCalls).toContain('/userprofile/api/v1/auth/factor/enrol');
  await visitor.close();

  // The next sign-in asks for the code (the next step's: this step's was just used).
  const { context: again, page: next } = await passwordInNewBrowser(browser, baseURL, ACCOUNTS.customer);
  const field = next.getByLabel('Authentication code');
  await expect(field).toBeFocused({ timeout: 30_000 });
  await field.fill(totp(key, 1));
  await verifiedIntoConsole(next);
  await again.close();
});

test('a user with an authenticator app signs in with its code, and the same code is refused the second time', async ({
  page,
  browser,
  baseURL,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.sco);
  const { secret } = await addTotp(page);
  // The enrolment used this step's code: the next step's is the first one left.
  const code = totp(secret, 1);

  const { context: first, page: signIn } = await passwordInNewBrowser(browser, baseURL, ACCOUNTS.sco, {
    colorScheme: 'dark',
  });
  const field = signIn.getByLabel('Authentication code');
  await expect(field).toBeFocused({ timeout: 30_000 });
  expect(await seriousViolations(signIn)).toEqual([]);
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  // An empty answer is caught on the page.
  await signIn.getByRole('button', { name: 'Verify' }).click();
  await expect(signIn.getByRole('alert')).toHaveText('Please enter the 6-digit code.');
  await field.fill(code);
  await verifiedIntoConsole(signIn);
  await first.close();

  const { context: second, page: replay } = await passwordInNewBrowser(browser, baseURL, ACCOUNTS.sco);
  await replay.getByLabel('Authentication code').fill(code);
  await verifyRefused(replay);
  // Giving up goes back to the form, the username still there.
  await replay.getByRole('button', { name: 'Cancel and sign in again' }).click();
  await expect(replay.getByLabel('Username', { exact: true })).toHaveValue(ACCOUNTS.sco);
  await expect(replay.getByLabel('Password', { exact: true })).toBeFocused();
  await second.close();
});

test('a recovery code signs in once and is refused the second time', async ({ page, browser, baseURL, signedInAs }) => {
  await signedInAs(ACCOUNTS.sco);
  const { recoveryCodes } = await addTotp(page);
  const recovery = recoveryCodes[3] as string;

  const { context: first, page: signIn } = await passwordInNewBrowser(browser, baseURL, ACCOUNTS.sco);
  await expect(signIn.getByLabel('Authentication code')).toBeVisible({ timeout: 30_000 });
  await signIn.getByRole('button', { name: 'Use a recovery code' }).click();
  const field = signIn.getByLabel('Recovery code');
  await expect(field).toBeFocused();
  await field.fill(recovery);
  await verifiedIntoConsole(signIn);
  await first.close();

  const { context: second, page: again } = await passwordInNewBrowser(browser, baseURL, ACCOUNTS.sco);
  await again.getByRole('button', { name: 'Use a recovery code' }).click();
  await again.getByLabel('Recovery code').fill(recovery);
  await verifyRefused(again);
  // Another of the codes still works.
  await again.getByLabel('Recovery code').fill(recoveryCodes[4] as string);
  await verifiedIntoConsole(again);
  await second.close();
});

test("a required factor is enrolled at the demo application's sign-in, which then goes on to it", async ({
  page,
  browser,
  baseURL,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.provider);
  await requireForAdministrators(page);

  const visitor = await browser.newContext({ baseURL });
  const demo = await visitor.newPage();
  await demo.goto('/demo-app/');
  await demo.getByRole('link', { name: 'Sign in with User Profile' }).click();
  await expect(demo).toHaveURL(/\/userprofile\/authorize\?/);
  await submitPassword(demo, ACCOUNTS.customer, '');
  await expect(demo.getByRole('heading', { name: 'Set up a second factor' })).toBeVisible({ timeout: 30_000 });
  await enrolBackToDemo(demo, ACCOUNTS.customer);
  await visitor.close();
});

test('a sign-in session from before the requirement is asked for the factor before it is reused', async ({
  page,
  browser,
  baseURL,
  signedInAs,
}) => {
  const { context: visitor, page: demo } = await passwordInNewBrowser(browser, baseURL, ACCOUNTS.customer);
  await expect(demo.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible({ timeout: 30_000 });

  await signedInAs(ACCOUNTS.provider);
  await requireForAdministrators(page);

  // The provider's session of this browser no longer goes straight on: the enrolment comes first.
  await demo.goto('/demo-app/');
  await demo.getByRole('link', { name: 'Sign in with User Profile' }).click();
  await expect(demo.getByRole('heading', { name: 'Set up a second factor' })).toBeVisible({ timeout: 30_000 });
  await expect(demo).toHaveURL(/\/userprofile\/authorize\?/);
  await enrolBackToDemo(demo, ACCOUNTS.customer);
  await visitor.close();
});
