// The guard's 'Please Login First' belongs to the sign-in
// page; it does not follow the visitor onto Forgot Password, beside its
// success message.
import { ACCOUNTS, expect, test } from '../fixtures.ts';

test("'Please Login First' does not follow the visitor onto Forgot Password", async ({ page, mock: _ }) => {
  await page.goto('/userprofile/user/list');
  await expect(page.getByText('Please Login First')).toBeVisible();
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await expect(page).toHaveURL(/\/userprofile\/password\/forgot$/);
  await page.getByLabel('Username', { exact: true }).fill(ACCOUNTS.customer);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('An email with password reset link has been sent to the user').first()).toBeVisible();
  await expect(page.getByText('Please Login First')).toHaveCount(0);
});
