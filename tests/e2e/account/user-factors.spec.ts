// An administrator and a user's second factors, on the user editor: the
// factors a user added on their account page, removed after the
// administrator's own password again, which ends the user's sessions; a new
// enrolment asked at the next sign-in; the rule that requires a factor
// (set on the business profile editor) shown on the user screen; and the
// sign-in policy screen of an ERRIGAL_ADMIN.
import type { Browser, Page } from '@playwright/test';
import { policyTexts } from '../../../packages/web/src/features/account/texts.ts';
import { factorTexts } from '../../../packages/web/src/features/users/user-factors-texts.ts';
import { href, toBusinessProfileEdit, toFactorPolicy, toUserEdit } from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, PASSWORD, test } from '../fixtures.ts';
import { API, apiGet, apiPost, UsersPage, type WireUser } from '../users/users-page.ts';
import { signInAs, steadyTotp } from './account-page.ts';

/** customer.admin signed in through the real flow in a browser of its own, with an authenticator app added. */
async function customerWithFactor(browser: Browser, baseURL: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await signInAs(page, ACCOUNTS.customer, PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  const start = await apiPost(page, '/account/factors/totp', undefined);
  expect(start.status()).toBe(200);
  const { enrolment, secret } = (await start.json()) as { enrolment: string; secret: string };
  const confirm = await apiPost(page, '/account/factors/totp/confirm', {
    enrolment,
    code: steadyTotp(secret),
    name: 'Desk phone',
  });
  expect(confirm.status()).toBe(200);
  return page;
}

async function openFactorsTab(page: Page, uuid: string) {
  await page.goto(href(toUserEdit(uuid)));
  await expect(page.getByRole('heading', { level: 1, name: 'Editing User' })).toBeVisible();
  await page.getByRole('tab', { name: factorTexts.tab }).click();
}

test("an administrator removes a user's factors after their own password; the user's sessions end", async ({
  page,
  browser,
  baseURL,
  signedInAs,
}) => {
  const customer = await customerWithFactor(browser, baseURL as string);
  await signedInAs(ACCOUNTS.provider);
  const user = (await apiGet<WireUser[]>(page, '/user/list/active')).find(
    (u) => u.username === ACCOUNTS.customer,
  ) as WireUser;
  await openFactorsTab(page, user.uuid);
  const panel = page.locator('[data-user-factors]');
  await expect(panel.locator('[data-factor="Desk phone"]')).toContainText('Authenticator app');
  await expect(panel).toContainText('10 recovery codes left.');

  await panel.getByRole('button', { name: factorTexts.removeAll }).click();
  const dialog = page.getByRole('alertdialog', { name: factorTexts.removeAllTitle(ACCOUNTS.customer) });
  await expect(dialog).toContainText(`every session of ${ACCOUNTS.customer} ends`);
  await dialog.getByRole('button', { name: factorTexts.removeAll }).click();
  await expect(dialog.getByText(factorTexts.passwordRequired)).toBeVisible();
  await dialog.getByLabel(factorTexts.password).fill('not-my-password');
  await dialog.getByRole('button', { name: factorTexts.removeAll }).click();
  await expect(dialog.getByText(factorTexts.passwordWrong)).toBeVisible();
  await dialog.getByLabel(factorTexts.password).fill(PASSWORD);
  await dialog.getByText(factorTexts.askEnrolment).click();
  await dialog.getByRole('button', { name: factorTexts.removeAll }).click();
  await expect(dialog).toHaveCount(0);
  await expect(panel.getByText(factorTexts.none(ACCOUNTS.customer))).toBeVisible();
  await expect(panel.getByRole('checkbox', { name: factorTexts.requireEnrolment })).toBeChecked();

  // The user's session is over: its token is refused.
  const token = await customer.evaluate(() => localStorage.getItem('user-profile.access_token'));
  const me = await customer.request.get(`${API}/me`, {
    headers: { Authorization: `Bearer ${token}`, Algorithm: 'RSA256' },
  });
  expect(me.status()).toBe(401);
  await customer.context().close();

  // The request for a new enrolment can be withdrawn.
  await panel.getByText(factorTexts.requireEnrolment).click();
  await expect(panel.getByRole('checkbox', { name: factorTexts.requireEnrolment })).not.toBeChecked();
});

test("a business profile's requirement, set on its editor, is the rule the user screen shows", async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.provider);
  const user = (await apiGet<WireUser[]>(page, '/user/list/active')).find(
    (u) => !(Object.values(ACCOUNTS) as string[]).includes(u.username) && u.businessProfile,
  ) as WireUser;
  const profile = user.businessProfile as { uuid: string; name: string };
  await openFactorsTab(page, user.uuid);
  await expect(page.getByText(factorTexts.notRequired)).toBeVisible();

  await page.goto(href(toBusinessProfileEdit(profile.uuid)));
  await expect(page.getByRole('heading', { level: 1, name: 'Editing Business Profile' })).toBeVisible();
  const rule = page.getByRole('checkbox', { name: 'Require a second factor for its users' });
  await expect(rule).not.toBeChecked();
  await page.getByText('Require a second factor for its users').click();
  await expect(rule).toBeChecked();
  await expect(page.getByText('The second-factor requirement has been saved').first()).toBeVisible();

  await openFactorsTab(page, user.uuid);
  const required = page.locator('[data-user-factors]').getByText(/^A second factor is required: /);
  await expect(required).toBeVisible();
  await expect(required).toContainText(profile.name);
});

test('an ERRIGAL_ADMIN sets the policy per company on the Sign-in Policy screen', async ({ page, signedInAs }) => {
  await signedInAs(ACCOUNTS.provider);
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('link', { name: policyTexts.title })).toBeVisible({ timeout: 15_000 });
  await menu.getByRole('link', { name: policyTexts.title }).click();
  await expect(page).toHaveURL(new RegExp(`${href(toFactorPolicy())}$`));
  await expect(page.getByRole('checkbox', { name: policyTexts.administrators })).not.toBeChecked();
  const company = page.locator('[data-requirement="company"]').first();
  const label = (await company.textContent()) ?? '';
  await company.click();
  await expect(page.getByRole('checkbox', { name: label })).toBeChecked();
  await expect(page.getByText(policyTexts.saved).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: label })).toBeChecked();
});

test('an ADMIN has no Sign-in Policy and is refused it', async ({ page, signedInAs }) => {
  await signedInAs(ACCOUNTS.customer);
  await page.goto(href(toFactorPolicy()));
  await expect(page).toHaveURL(/\/userprofile\/forbidden$/);
  await expect(page.getByRole('link', { name: policyTexts.title })).toHaveCount(0);
});

test('Bulk: require a second factor of the selected users, asked at their next sign-in', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.provider);
  const users = (await apiGet<WireUser[]>(page, '/user/list/active'))
    .filter((u) => !(Object.values(ACCOUNTS) as string[]).includes(u.username) && u.businessProfile)
    .slice(0, 2);
  const list = new UsersPage(page);
  for (const u of users) {
    await list.show(u.username);
    await list.row(u.username).getByRole('checkbox').check();
  }
  await page.getByRole('button', { name: 'Bulk action' }).click();
  await page.getByRole('menuitem', { name: 'Require a second factor' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Require 2 users to add a second factor at their next sign-in');
  await dialog.getByRole('button', { name: 'Require a second factor' }).click();
  await expect(page.locator('[data-bulk-result]')).toContainText(
    '2 users asked to add a second factor at their next sign-in.',
  );
  await openFactorsTab(page, (users[0] as WireUser).uuid);
  await expect(
    page.locator('[data-user-factors]').getByRole('checkbox', { name: factorTexts.requireEnrolment }),
  ).toBeChecked();
});
