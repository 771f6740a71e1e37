// No user screen fails silently. A list or editor whose load fails
// names the failure and offers Retry; an export failure, a taken username
// (409) and a file that is not CSV are each said on the page; a corrected
// field loses its error as the user types.
import { userMessages, validationMessages } from '../../../packages/shared/src/messages.ts';
import { href, toUserBulk, toUserNew } from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import { toast, UserEditPage, UsersPage } from './users-page.ts';

test.describe.configure({ timeout: 60_000 });

const API = '/userprofile/api/v1';

test.beforeEach(async ({ signedInAs }) => {
  await signedInAs(ACCOUNTS.provider);
});

test('a list load failure (500) names its reason, and Retry brings the list', async ({ page, mock }) => {
  const list = new UsersPage(page);
  // The signed-in page's own load is over first: it would otherwise take the one injected failure.
  await expect(list.rows()).toHaveCount(10);
  await mock.fault({ method: 'GET', path: `${API}/user/list/active`, status: 500 });
  await page.reload();
  const failure = page.getByRole('alert').filter({ hasText: 'Could not load the active users' });
  await expect(failure).toContainText('HTTP 500: Injected fault: 500 Internal Server Error');
  await expect(page.getByText('Loading...')).toHaveCount(0);
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(list.rows()).toHaveCount(10);
  await expect(failure).toHaveCount(0);
});

test('an editor load failure (500) names its reason, and Retry brings the user', async ({ page, mock }) => {
  const list = new UsersPage(page);
  const row = await list.show('customer.admin');
  const uuid = (await row.getByRole('link', { name: 'customer.admin' }).getAttribute('href'))?.split('/').at(-1);
  await mock.fault({ method: 'GET', path: `${API}/user/${uuid}`, status: 500 });
  await row.getByRole('link', { name: 'customer.admin', exact: true }).click();
  const failure = page.getByRole('alert').filter({ hasText: 'Could not load the user' });
  await expect(failure).toContainText('HTTP 500');
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(new UserEditPage(page).field('Username')).toHaveValue('customer.admin');
});

test('an export failure says so, with its reason', async ({ page, mock }) => {
  await page.goto(href(toUserBulk()));
  await mock.fault({ method: 'GET', path: `${API}/user/export`, status: 503 });
  await page.getByRole('button', { name: 'Export File' }).click();
  await expect(toast(page, userMessages.exportFailed)).toBeVisible();
  await expect(page.locator('[data-scope="toast"][data-part="description"]')).toContainText('HTTP 503');
});

test('a file that is not CSV is refused with the reason', async ({ page }) => {
  await page.goto(href(toUserBulk()));
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'users.txt', mimeType: 'text/plain', buffer: Buffer.from('username\nx\n') });
  await expect(page.getByRole('alert').filter({ hasText: userMessages.notCsv('users.txt') })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import File' })).toBeDisabled();
});

test('a taken username (409) says which save failed and why', async ({ page }) => {
  const list = new UsersPage(page);
  const row = await list.show('customer.admin');
  await row.getByRole('link', { name: 'customer.admin', exact: true }).click();
  await page.getByRole('button', { name: 'Clone User' }).click();
  const form = new UserEditPage(page);
  await expect(form.field('Username')).toHaveValue('customer.admin_clone');
  await form.field('Username').fill('sco.admin');
  // A clone leaves the e-mail out (it reaches one person): the form asks for one before it saves.
  await form.field('Email').fill('customer.admin.clone@example.com');
  await form.submit().click();
  const saveError = toast(page, userMessages.saveError('sco.admin'));
  await expect(saveError).toBeVisible();
  await expect(
    page
      .locator('[data-scope="toast"][data-part="root"]')
      .filter({ has: saveError })
      .getByText(userMessages.usernameTaken('sco.admin')),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Creating New User' })).toBeVisible();
});

test('after a failed submit, a corrected field loses its error as the user types', async ({ page }) => {
  await page.goto(href(toUserNew()));
  const form = new UserEditPage(page);
  // Submit is announced as disabled while the form is invalid (spec §5): the user submits from a field.
  await expect(form.submit()).toHaveAttribute('aria-disabled', 'true');
  await form.field('Username').press('Enter');
  await expect(toast(page, userMessages.formInvalid)).toBeVisible();
  await expect(form.error('Username')).toHaveText(validationMessages.requiredMax255);
  await expect(form.error('Email')).toHaveText(validationMessages.requiredMax255);
  await form.field('Username').pressSequentially('new.person');
  await expect(form.error('Username')).toHaveCount(0);
  await expect(form.error('Email')).toHaveText(validationMessages.requiredMax255);
  await form.field('Username').fill('bad name!');
  await expect(form.error('Username')).toHaveText(validationMessages.usernamePattern);
});
