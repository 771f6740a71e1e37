// Once a submit has been tried, a form re-validates as the user
// types — a corrected field loses its error at once (here the password reset
// page; the user editor in users/failures.spec.ts).
import { validationMessages } from '../../../packages/shared/src/messages.ts';
import { href, toForgotPassword } from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';

test('the reset page drops a corrected password error as the user types', async ({ page, mock }) => {
  await page.goto(href(toForgotPassword()));
  await page.getByLabel('Username', { exact: true }).fill(ACCOUNTS.sco);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('An email with password reset link has been sent to the user').first()).toBeVisible();
  const link = new URL((await mock.outbox()).at(-1)?.link as string);
  await page.goto(link.pathname + link.search);

  const password = page.getByLabel('New Password', { exact: true });
  const again = page.getByLabel('Confirm New Password', { exact: true });
  const errorUnder = (label: string) =>
    page
      .locator('[data-scope="field"][data-part="root"]')
      .filter({ has: page.getByLabel(label, { exact: true }) })
      .locator('[data-part="error-text"]');
  await password.fill('short');
  await again.fill('short');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(errorUnder('New Password')).toHaveText(validationMessages.passwordTooShort);
  await expect(errorUnder('Confirm New Password')).toHaveText(validationMessages.passwordTooShort);

  await password.fill('A-13-chars-pw');
  await expect(errorUnder('New Password')).toBeHidden();
  await expect(errorUnder('Confirm New Password')).toHaveText(validationMessages.passwordTooShort);
  await again.fill('A-13-chars-pw');
  await expect(errorUnder('Confirm New Password')).toBeHidden();
});
