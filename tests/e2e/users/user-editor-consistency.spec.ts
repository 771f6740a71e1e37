// The user editor says one thing in one place: a read-only notice and Visible
// To agree, no Update User on the record tabs (they change nothing of the
// form), a taken username marks the Username field.
import { userMessages } from '../../../packages/shared/src/messages.ts';
import { href, toUserEdit, toUserNew } from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import { apiGet, toast, UserEditPage, type WireUser } from './users-page.ts';

test.describe.configure({ timeout: 60_000 });

test('a customer admin: a user with no company reads as shared in the notice and in Visible To', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.customer);
  const users = await apiGet<(WireUser & { readOnlyReason?: string })[]>(page, '/user/list/active');
  const shared = users.find((u) => u.readOnlyReason?.includes('has no company'));
  expect(shared, 'a user shared by every company, seen by customer.admin').toBeTruthy();
  await page.goto(href(toUserEdit(shared?.uuid ?? '')));
  await expect(page.getByText(/has no company/)).toBeVisible();
  const visibleTo = page.locator('[data-visible-to]');
  await expect(visibleTo).toBeVisible();
  await expect(visibleTo).not.toContainText('Company:');
});

test('Update User is not offered on History, Sign-ins and Effective Access', async ({ page, signedInAs }) => {
  await signedInAs(ACCOUNTS.provider);
  const users = await apiGet<WireUser[]>(page, '/user/list/active');
  const user = users.find((u) => u.username === 'customer.admin');
  await page.goto(href(toUserEdit(user?.uuid ?? '')));
  const form = new UserEditPage(page);
  await expect(form.field('Username')).toHaveValue('customer.admin');
  await expect(form.submit()).toBeVisible();
  for (const tab of ['Effective Access', 'Sign-ins', 'History']) {
    await form.tab(tab).click();
    await expect(form.tab(tab)).toHaveAttribute('aria-selected', 'true');
    await expect(form.submit()).toHaveCount(0);
  }
  await form.tab('Basic Info').click();
  await expect(form.submit()).toBeVisible();
});

test('a taken username marks the Username field until it is changed', async ({ page, signedInAs }) => {
  await signedInAs(ACCOUNTS.provider);
  await page.goto(href(toUserNew()));
  const form = new UserEditPage(page);
  await form.field('Username').fill('customer.admin');
  await form.field('Email').fill('someone@example.com');
  await form.field('First Name').fill('Some');
  await form.field('Last Name').fill('One');
  const profile = form.field('Profile');
  await profile.selectOption({ index: 1 });
  await form.field('Visibility').selectOption({ index: 1 });
  // A profile that needs a default tree gets one.
  const tree = form.tab(/Nova Nova Trees/);
  if (await tree.isVisible()) {
    await tree.click();
    await page.getByRole('tabpanel').getByRole('combobox').selectOption({ index: 1 });
    await form.tab('Basic Info').click();
  }
  await form.submit().click();
  await expect(toast(page, userMessages.saveError('customer.admin'))).toBeVisible();
  await expect(form.error('Username')).toHaveText(userMessages.usernameTaken('customer.admin'));
  await form.field('Username').fill('someone.new');
  await expect(form.error('Username')).toHaveCount(0);
});
