// The console's core tasks on a backend that offers spec §7 only
// (the dev backend with EXTENSIONS=off, the 'spec-only' project). Each test
// also shows that no extension was asked twice, that spec §8's reload message
// never showed and that no screen went to the 404 page.
import { historyTexts, profileMessages, signInTexts, userMessages } from '../../../packages/shared/src/messages.ts';
import { ACCOUNTS, expect, PASSWORD, signIn, test } from '../fixtures.ts';
import {
  message,
  ProfileScreens,
  apiGet as profileGet,
  type WireAppProfile,
  type WireBusinessProfile,
} from '../profiles/profiles-page.ts';
import { apiGet, toast, UserEditPage, UsersPage, type WireUser } from '../users/users-page.ts';
import { ExtensionWatch } from './extensions-watch.ts';
import { addAppProfileAfterPreview, bulkDeactivateTwo } from './spec-only-server.ts';

let watch: ExtensionWatch;

test.beforeEach(async ({ page }) => {
  await ExtensionWatch.watchReloadMessage(page);
  watch = new ExtensionWatch(page);
});

test.afterEach(async () => {
  await watch.expectQuiet();
});

async function openUser(page: import('@playwright/test').Page, username: string): Promise<UserEditPage> {
  const row = await new UsersPage(page).show(username);
  await row.getByRole('link', { name: username, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editing User' })).toBeVisible();
  return new UserEditPage(page);
}

test('sign in, edit and save a user, send a password reset e-mail', async ({ page, mock }) => {
  // The sign-in is the real flow (scrypt at N=2^17 on POST /login: 5.7-6.3 s of it with two workers on
  // two cores), which signedInAs gives 60 s of its own: here it is part of the test, so is its time.
  // (freshState has reset the server before the test: no mock.reset() of its own.)
  test.setTimeout(60_000);
  await signIn(page, ACCOUNTS.provider);
  const form = await openUser(page, ACCOUNTS.customer);
  await form.field('First Name').fill('Renamed');
  await form.submit().click();
  await expect(toast(page, userMessages.saved(ACCOUNTS.customer))).toBeVisible();
  expect((await apiGet<WireUser>(page, `/user/username/${ACCOUNTS.customer}`)).firstName).toBe('Renamed');

  await page.getByRole('button', { name: 'Send Password Reset Email' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Send Email' }).click();
  await expect(toast(page, userMessages.resetEmailSent)).toBeVisible();
  expect((await mock.outbox()).some((m) => m.to === `${ACCOUNTS.customer}@example.com`)).toBe(true);
});

test('Enterprise SSO signs in without POST /auth/sso/start: the state kept in this browser goes round the provider', async ({
  page,
  mock: _reset,
}) => {
  test.setTimeout(60_000);
  await page.route('**/userprofile/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), ssoEnabled: true, ssoAutoRedirect: false } });
  });
  await page.goto('/userprofile/');
  await page.getByRole('button', { name: 'Enterprise SSO' }).click();
  await expect(page).toHaveURL(/\/sso\/oauth\/authorize\?/);
  // The spec's own flow (§4 "Login"): a state made and kept by this page, which the callback must get back.
  const kept = await page.evaluate(() => localStorage.getItem('user-profile.sso_state'));
  expect(kept).toBeTruthy();
  expect(new URL(page.url()).searchParams.get('state')).toBe(kept);
  await page.getByLabel('Username').fill(ACCOUNTS.customer);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  expect(watch.asked.get('startSso'), 'POST /auth/sso/start was asked once, answered 404').toBe(1);
});

test('History and Sign-ins say the backend does not offer them, asked once each', async ({ page, signedInAs }) => {
  await signedInAs(ACCOUNTS.provider);
  for (const username of [ACCOUNTS.customer, ACCOUNTS.sco]) {
    const form = await openUser(page, username);
    await form.tab('History').click();
    await expect(page.getByText(historyTexts.historyNotOffered)).toBeVisible();
    await form.tab('Sign-ins').click();
    await expect(page.getByText(signInTexts.notOffered)).toBeVisible();
    await page.goBack();
  }
  expect(watch.asked.get('getRecordHistory')).toBeLessThanOrEqual(1);
  expect(watch.asked.get('getUserSignIns')).toBeLessThanOrEqual(1);
});

test('a description edit of an application and of a business profile saves with its spec §8 message', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.provider);
  const s = new ProfileScreens(page);
  const business = (await profileGet<WireBusinessProfile[]>(page, '/profile/business/list')).find(
    (p) => p.name === 'NOC Operators',
  ) as WireBusinessProfile;
  await s.openBusinessProfile(business.uuid);
  await s.field('Description').fill('Only the words change');
  await s.button('Update Profile').click();
  await expect(message(page, profileMessages.business.saved(business.name))).toBeVisible();
  await expect(s.dialog()).toHaveCount(0);
  expect((await profileGet<WireBusinessProfile>(page, `/profile/business/get/${business.uuid}`)).description).toBe(
    'Only the words change',
  );

  const app = (await profileGet<WireAppProfile[]>(page, '/profile/app/list')).find(
    (p) => p.name === 'Alarm Manager - Supervisor',
  ) as WireAppProfile;
  await s.openAppProfile(app.uuid);
  await s.field('Description').fill('Reworded');
  await s.button('Update Profile').click();
  await expect(message(page, profileMessages.app.saved(app.name))).toBeVisible();
  await expect(s.dialog()).toHaveCount(0);
  expect((await profileGet<WireAppProfile>(page, `/profile/app/get/${app.uuid}`)).description).toBe('Reworded');
});

test('adding an application profile to a business profile users hold: a derived preview, then saved', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.provider);
  await addAppProfileAfterPreview(page);
  expect(watch.asked.get('previewBusinessProfileImpact')).toBe(1);
});

test('an application and an OAuth2 client save', async ({ page, signedInAs }) => {
  await signedInAs(ACCOUNTS.provider);
  await page.getByRole('link', { name: 'Application Admin' }).click();
  await page.getByRole('link', { name: 'Alarm Manager', exact: true }).click();
  await page.getByRole('button', { name: 'Update App' }).click();
  await expect(toast(page, 'Application Alarm Manager Saved Successfully')).toBeVisible();

  await page.getByRole('link', { name: 'OAuth2 Clients' }).click();
  await page.locator('table tbody tr a').first().click();
  await page.getByRole('button', { name: 'Update Client' }).click();
  await expect(toast(page, 'client updated')).toBeVisible();
});

test('Bulk Deactivate of two users through the single-user calls: both inactive, a result per user', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.provider);
  await bulkDeactivateTwo(page);
  expect(watch.asked.get('bulkUserAction')).toBe(1);
  expect(watch.count(/^POST \/userprofile\/api\/v1\/user\/inactivate$/)).toBe(2);

  // A second action asks the single-user calls at once: the bulk call is not asked again.
  await page.locator('[data-bulk-result]').getByRole('button', { name: 'Undo' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('[data-bulk-result]')).toContainText('Undone: 2 users activated again.');
  expect(watch.asked.get('bulkUserAction')).toBe(1);
  expect(watch.count(/^POST \/userprofile\/api\/v1\/user\/activate$/)).toBe(2);
});
