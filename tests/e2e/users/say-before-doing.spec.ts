// Deactivate and Send Password Reset Email say what they
// will do, naming the user, before they do it; Cancel does nothing; the spec
// §8 messages of the result stay as they were.
import { userMessages } from '../../../packages/shared/src/messages.ts';
import { href, toUserEdit } from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import { apiGet, toast, UsersPage, type WireUser } from './users-page.ts';

test.beforeEach(async ({ signedInAs }) => {
  await signedInAs(ACCOUNTS.provider);
});

test('Deactivate names the user and what follows before doing it', async ({ page }) => {
  const list = new UsersPage(page);
  await list.show('customer.admin');
  await list
    .row('customer.admin')
    .getByRole('button', { name: /^Status of / })
    .click();
  await page.getByRole('menuitem', { name: 'Deactivate', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Deactivate customer.admin');
  await expect(dialog).toContainText('can no longer sign in');
  await dialog.getByRole('button', { name: 'Cancel' }).first().click();
  await expect(dialog).toBeHidden();
  await expect(list.row('customer.admin')).toContainText('Active');

  await list
    .row('customer.admin')
    .getByRole('button', { name: /^Status of / })
    .click();
  await page.getByRole('menuitem', { name: 'Deactivate', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(toast(page, userMessages.inactivated('customer.admin'))).toBeVisible();
});

test('Send Password Reset Email names the user and the address before sending', async ({ page, mock }) => {
  const user = (await apiGet<WireUser[]>(page, '/user/list/active')).find(
    (u) => u.username === 'customer.admin',
  ) as WireUser;
  await page.goto(href(toUserEdit(user.uuid)));
  const send = page.getByRole('button', { name: 'Send Password Reset Email' });
  await send.click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('customer.admin');
  await expect(dialog).toContainText(user.email);
  await dialog.getByRole('button', { name: 'Cancel' }).first().click();
  await expect(dialog).toBeHidden();
  expect((await mock.outbox()).filter((m) => m.to === user.email)).toHaveLength(0);

  await send.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Send Email' }).click();
  await expect(toast(page, userMessages.resetEmailSent)).toBeVisible();
  expect((await mock.outbox()).filter((m) => m.to === user.email)).toHaveLength(1);
});
