// Errors a person can read: a route the role may not use goes to the 403 page
// (New Application is ERRIGAL_ADMIN's, spec §6), which leads back to where the
// role can go; a malformed id in an editor address is a page that does not
// exist (404), not an HTTP 400 of the record load.
import { pageTexts } from '../../../packages/shared/src/messages.ts';
import {
  href,
  toApplicationList,
  toApplicationNew,
  toAuthClientList,
  toBusinessProfileEdit,
  toUserEdit,
  toUserList,
} from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';

test('application/new as a customer admin shows the 403 page, which leads back to Application Admin', async ({
  signedInAs,
  page,
}) => {
  await signedInAs(ACCOUNTS.customer);
  await page.goto(href(toApplicationNew()));
  await expect(page).toHaveURL(/\/userprofile\/forbidden$/);
  await expect(page.getByRole('heading', { level: 1, name: pageTexts.forbiddenTitle })).toBeVisible();
  await expect(page.getByText(pageTexts.forbiddenText)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create App' })).toHaveCount(0);
  await page.getByRole('link', { name: pageTexts.backTo('Application Admin') }).click();
  await expect(page).toHaveURL(new RegExp(`${href(toApplicationList())}$`));
});

test('the 403 page of an area the role has no place in leads back to Users', async ({ signedInAs, page }) => {
  await signedInAs(ACCOUNTS.customer);
  await page.goto(href(toAuthClientList()));
  await expect(page.getByRole('heading', { level: 1, name: pageTexts.forbiddenTitle })).toBeVisible();
  await page.getByRole('link', { name: pageTexts.backTo('Users') }).click();
  await expect(page).toHaveURL(new RegExp(`${href(toUserList())}$`));
});

test('a malformed id in an editor address opens the 404 page', async ({ signedInAs, page }) => {
  await signedInAs(ACCOUNTS.provider);
  for (const [address, back] of [
    [href(toUserEdit('not-a-uuid')), 'Users'],
    [href(toBusinessProfileEdit('1234')), 'Profiles'],
    [`${href(toUserEdit('0b6f'))}%22%3E`, 'Users'],
  ] as const) {
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1, name: pageTexts.notFoundTitle }), address).toBeVisible();
    await expect(page.getByText(pageTexts.notFoundText)).toBeVisible();
    await expect(page.getByText(/HTTP 400|must match format/)).toHaveCount(0);
    // Nothing was deleted: there never was such a record.
    await expect(page.getByText(pageTexts.staleRecordText)).toHaveCount(0);
    await expect(page.getByRole('link', { name: pageTexts.backTo(back) })).toBeVisible();
  }
});
