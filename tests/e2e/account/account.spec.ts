// The account page (every signed-in person's): an administrator's, reached
// from the header; a person without a console role, who lands there instead
// of a 403 page; an authenticator app added there with codes computed here
// from the key the page shows, the recovery codes shown once, and removed
// again after the password; a new password set with the current one.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { accountTexts } from '../../../packages/web/src/features/account/texts.ts';
import { href, toAccount, toUserList } from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, PASSWORD, test } from '../fixtures.ts';
import { NEW_PASSWORD, setPasswordByMail, signInAs, steadyTotp, totp, userWithoutRole } from './account-page.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('an administrator opens the account page from the header: who, factors, password, sessions, access', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.customer);
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/userprofile\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: accountTexts.title })).toBeVisible();
  const who = page.locator('[data-who]');
  await expect(who).toContainText(ACCOUNTS.customer);
  await expect(who).toContainText('ADMIN');
  // An administrator is not told the console is for administrators.
  await expect(page.getByText(accountTexts.notAdministrator)).toHaveCount(0);
  await expect(page.getByText(accountTexts.factorsNone)).toBeVisible();
  await expect(page.getByRole('button', { name: accountTexts.addTotp })).toBeVisible();
  await expect(page.getByRole('textbox', { name: accountTexts.currentPassword, exact: true })).toBeVisible();
  // This browser's session, marked, first.
  const sessions = page.locator('[data-own-sessions] [data-session]');
  await expect(sessions.first()).toHaveAttribute('data-mine', '');
  await expect(sessions.first()).toContainText('This browser: your session');
  // What one may use, with the path that grants it.
  await expect(page.locator('[data-section="access"] [data-effective-access]')).toBeVisible();
  await expect(page.locator('[data-section="access"] [data-application]').first()).toBeVisible();
  // The side navigation stays: an administrator has the console's screens too.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a person without a console role lands on the account page, not on 403, and changes their password there', async ({
  page,
  signedInAs,
  mock,
}) => {
  await signedInAs(ACCOUNTS.provider);
  const user = await userWithoutRole(page, Object.values(ACCOUNTS));
  await setPasswordByMail(page, mock, user.username);

  await signInAs(page, user.username, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/userprofile\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: accountTexts.title })).toBeVisible();
  await expect(page.getByText(accountTexts.notAdministrator)).toBeVisible();
  await expect(page.getByRole('heading', { name: '403 Forbidden' })).toHaveCount(0);
  const who = page.locator('[data-who]');
  await expect(who).toContainText(user.username);
  await expect(who).toContainText(`${user.firstName} ${user.lastName}`);
  await expect(who).toContainText(accountTexts.noRole);
  // No menu of screens they may not use: no empty side bar, no Menu button.
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Users' })).toHaveCount(0);
  // Their own access: the business profile's applications.
  await expect(page.locator('[data-section="access"]')).toContainText((user.businessProfile as { name: string }).name);

  // Any other address of the console leads here too.
  await page.goto(href(toUserList()));
  await expect(page).toHaveURL(/\/userprofile\/account$/);
  await expect(page.getByText(accountTexts.notAdministrator)).toBeVisible();

  // A new password: the current one is asked, the shared rules hold.
  const form = page.getByRole('form', { name: 'Change your password' });
  await form.getByRole('textbox', { name: accountTexts.newPassword, exact: true }).fill('short');
  await form.getByRole('textbox', { name: accountTexts.confirmPassword, exact: true }).fill('short');
  await form.getByRole('button', { name: accountTexts.changePassword }).click();
  await expect(form.getByText(accountTexts.currentRequired)).toBeVisible();
  await expect(form.getByText('Password must be at least 8 characters').first()).toBeVisible();
  await form.getByRole('textbox', { name: accountTexts.currentPassword, exact: true }).fill('not-my-password');
  await form.getByRole('textbox', { name: accountTexts.newPassword, exact: true }).fill('An0ther-Passw0rd!');
  await form.getByRole('textbox', { name: accountTexts.confirmPassword, exact: true }).fill('An0ther-Passw0rd!');
  await form.getByRole('button', { name: accountTexts.changePassword }).click();
  await expect(form.getByText(accountTexts.passwordWrong)).toBeVisible();
  // The refusal leaves the session alone.
  await expect(page).toHaveURL(/\/userprofile\/account$/);
  await form.getByRole('textbox', { name: accountTexts.currentPassword, exact: true }).fill(NEW_PASSWORD);
  await form.getByRole('button', { name: accountTexts.changePassword }).click();
  // A password check after a wrong one may be slowed (the throttle of wrong passwords).
  await expect(form.getByText(accountTexts.passwordChanged)).toBeVisible({ timeout: 30_000 });

  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  await signInAs(page, user.username, 'An0ther-Passw0rd!');
  await expect(page).toHaveURL(/\/userprofile\/account$/);
});

test('an authenticator app added with the shown key, its recovery codes shown once, removed after the password', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.sco);
  await page.goto(href(toAccount()));
  await page.getByRole('button', { name: accountTexts.addTotp }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an authenticator app' });
  await expect(dialog.getByRole('img', { name: "QR code of the authenticator app's key" })).toBeVisible();
  const key = ((await dialog.locator('[data-totp-key]').textContent()) ?? '').replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  expect(await seriousViolations(page)).toEqual([]);

  // A code that is no 6 digits is not sent.
  await dialog.getByLabel(accountTexts.totpCode).fill('12 34');
  await dialog.getByRole('button', { name: accountTexts.add }).click();
  await expect(dialog.getByText(accountTexts.totpCodeInvalid)).toBeVisible();

  await dialog.getByLabel(accountTexts.totpCode).fill(steadyTotp(key));
  await dialog.getByLabel(accountTexts.factorName).fill('Work phone');
  await dialog.getByRole('button', { name: accountTexts.add }).click();

  // The first factor brings ten recovery codes, shown this once.
  const codes = page.getByRole('dialog', { name: accountTexts.codesTitle });
  await expect(codes.locator('[data-recovery-code]')).toHaveCount(10);
  await codes.getByRole('button', { name: accountTexts.codesDone }).click();
  await expect(codes).toHaveCount(0);
  await expect(page.locator('[data-recovery-code]')).toHaveCount(0);

  const factor = page.locator('[data-factor="Work phone"]');
  await expect(factor).toContainText('Authenticator app');
  await expect(page.locator('[data-recovery-left]')).toHaveText(accountTexts.recoveryLeft(10));

  // Rename.
  await page.getByRole('button', { name: 'Rename Work phone' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename Work phone' });
  await rename.getByLabel(accountTexts.factorName).fill('Old phone');
  await rename.getByRole('button', { name: accountTexts.rename }).click();
  await expect(page.locator('[data-factor="Old phone"]')).toBeVisible();

  // Removing it asks the password again; a wrong one is refused in the dialog and the session stays.
  await page.getByRole('button', { name: 'Remove Old phone' }).click();
  const remove = page.getByRole('alertdialog', { name: accountTexts.removeTitle('Old phone') });
  await remove.getByRole('button', { name: accountTexts.remove }).click();
  await expect(remove.getByText(accountTexts.passwordAgainRequired)).toBeVisible();
  await remove.getByLabel(accountTexts.password).fill('not-my-password');
  await remove.getByRole('button', { name: accountTexts.remove }).click();
  await expect(remove.getByText('That password is not right.')).toBeVisible();
  await remove.getByLabel(accountTexts.password).fill(PASSWORD);
  await remove.getByRole('button', { name: accountTexts.remove }).click();
  await expect(remove).toHaveCount(0);
  await expect(page.getByText(accountTexts.factorsNone)).toBeVisible();
  await expect(page).toHaveURL(/\/userprofile\/account$/);
  // The key is the test's own computation: the same code twice in a step.
  expect(totp(key, 0)).toMatch(/^\d{6}$/);
});

test('a wrong first code is refused in the dialog and the session stays', async ({ page, signedInAs }) => {
  await signedInAs(ACCOUNTS.sco);
  await page.goto(href(toAccount()));
  await page.getByRole('button', { name: accountTexts.addTotp }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an authenticator app' });
  const key = ((await dialog.locator('[data-totp-key]').textContent()) ?? '').replace(/\s/g, '');
  const right = steadyTotp(key);
  await dialog.getByLabel(accountTexts.totpCode).fill(right === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: accountTexts.add }).click();
  await expect(dialog.getByText(accountTexts.totpCodeWrong)).toBeVisible();
  await expect(page).toHaveURL(/\/userprofile\/account$/);
  await dialog.getByRole('button', { name: accountTexts.cancel }).click();
  await expect(page.getByText(accountTexts.factorsNone)).toBeVisible();
});
