// The console's forgot password, the reset link from the outbox, the
// new password, and the reset page's failure messages (spec §5, §8).
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, type Mock, PASSWORD, signIn, test } from '../fixtures.ts';

const NEW_PASSWORD = 'N3w-Passw0rd!x';

async function requestResetLink(page: Page, mock: Mock, username: string): Promise<string> {
  await page.goto('/userprofile/password/forgot');
  await expect(page.getByText(/within 5 minutes/)).toBeVisible();
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('An email with password reset link has been sent to the user').first()).toBeVisible();
  const mails = await mock.outbox();
  const link = mails.at(-1)?.link ?? /https?:\/\/\S+\/password\/new\/\S+/.exec(mails.at(-1)?.text ?? '')?.[0];
  expect(link, 'the reset e-mail carries a link').toBeTruthy();
  const url = new URL(link as string);
  expect(url.pathname).toMatch(/^\/userprofile\/password\/new\//);
  return url.pathname + url.search;
}

test('forgot password → reset link → new password → sign in with it', async ({ page, mock }) => {
  const link = await requestResetLink(page, mock, ACCOUNTS.customer);
  await page.goto(link);
  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    page.getByRole('main').getByText('Successfully reset password a confirmation email will be sent shortly'),
  ).toBeVisible();

  // The old password no longer works; the new one does.
  await page.goto('/userprofile/auth/login/user');
  await page.getByLabel('Username', { exact: true }).fill(ACCOUNTS.customer);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid username or password' })).toBeVisible();
  await signIn(page, ACCOUNTS.customer, NEW_PASSWORD);
});

test('the forgot-password form asks for a username and names the support contact', async ({ page, mock: _ }) => {
  await page.goto('/userprofile/password/forgot');
  const config = await (await page.request.get('/userprofile/config.json')).json();
  await expect(page.getByText(config.supportEmail)).toBeVisible();
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Please a valid username')).toBeVisible();
});

test('a forgot-password lookup failure (502) and a send failure show their messages', async ({ page, mock }) => {
  await page.goto('/userprofile/password/forgot');
  await mock.fault({ method: 'POST', path: '/userprofile/api/v1/password/forgot', status: 502 });
  await page.getByLabel('Username', { exact: true }).fill(ACCOUNTS.sco);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('An error occurred when trying to find this user, please try again later')).toBeVisible();

  await mock.fault({ method: 'POST', path: '/userprofile/api/v1/password/forgot', status: 503 });
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    page.getByText('Could not send an email with password reset to the user, please try again later'),
  ).toBeVisible();
});

test('an invalid or used reset link shows the expired-link message', async ({ page, mock }) => {
  await page.goto('/userprofile/password/new/not~a~real~token');
  await expect(
    page.getByRole('alert').filter({ hasText: 'This password reset link is invalid or has expired' }),
  ).toBeVisible();
  await expect(
    page.getByText('Password reset token failed verification, please use another password reset link'),
  ).toBeVisible();

  // A link that has been used once is spent.
  const link = await requestResetLink(page, mock, ACCOUNTS.sco);
  await page.goto(link);
  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('main').getByText('Successfully reset password')).toBeVisible();
  await page.goto(link);
  await expect(
    page.getByRole('alert').filter({ hasText: 'This password reset link is invalid or has expired' }),
  ).toBeVisible();
});

test('the reset form checks its fields, and a reused password gets the 406 message', async ({ page, mock }) => {
  const link = await requestResetLink(page, mock, ACCOUNTS.provider);
  await page.goto(link);
  const submit = page.getByRole('button', { name: 'Reset Password' });
  await submit.click();
  await expect(page.getByText('Please fill in the two password fields')).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm New Password', { exact: true }).fill('short');
  await submit.click();
  await expect(page.getByText('Password must be at least 8 characters').first()).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('Different-1');
  await page.getByLabel('Confirm New Password', { exact: true }).fill('Different-2');
  await submit.click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  // The seeded password is one the account has used.
  await page.getByLabel('New Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm New Password', { exact: true }).fill(PASSWORD);
  await submit.click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'You have used this password before, please choose another password' }),
  ).toBeVisible();
});

test('any other reset failure shows the generic message, and the link still works afterwards', async ({
  page,
  mock,
}) => {
  const link = await requestResetLink(page, mock, ACCOUNTS.customer);
  await page.goto(link);
  await mock.fault({ method: 'POST', path: '/userprofile/api/v1/password/update', status: 500 });
  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    page.getByText('Failed to reset password, please try again later or use a different link').first(),
  ).toBeVisible();
  // Nothing was lost: the same link and password go through once the backend recovers.
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    page.getByText('Successfully reset password a confirmation email will be sent shortly').first(),
  ).toBeVisible();
});

test('the completion template is rendered sanitised', async ({ page, mock }) => {
  const link = await requestResetLink(page, mock, ACCOUNTS.customer);
  await page.goto(link);
  // A template carrying script: it must show as text only, nothing runs.
  await mock.fault({
    method: 'GET',
    path: '/userprofile/api/v1/password/template/complete',
    status: 200,
    body: '<p>All done here</p><img src="x" onerror="window.__xss = 1"><script>window.__xss = 2</script>',
  });
  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  const template = page.getByTestId('reset-complete-template');
  await expect(template).toContainText('All done here');
  expect(await template.locator('script, [onerror]').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
});
