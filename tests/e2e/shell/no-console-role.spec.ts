// Someone who may sign in but holds none of the console's roles (spec §6)
// lands on their account page (where the backend offers it, and on what GET
// /me gives where it does not), never on "404 Not Found" nor a bare 403 with an
// empty side bar, and the navigation offers nothing they cannot use.
import { accountTexts } from '../../../packages/web/src/features/account/texts.ts';
import { NEW_PASSWORD, setPasswordByMail, signInAs } from '../account/account-page.ts';
import { ACCOUNTS, expect, PASSWORD, test } from '../fixtures.ts';

test('a user without a console role signs in to their account page and is offered no other screen', async ({
  page,
  signedInAs,
  mock,
}) => {
  // An ordinary user of the seed (no console role), given a password through the reset e-mail.
  await signedInAs(ACCOUNTS.provider);
  const username = await page.evaluate(async (accounts) => {
    const token = localStorage.getItem('user-profile.access_token');
    const r = await fetch('/userprofile/api/v1/user/list/active', {
      headers: { Authorization: `Bearer ${token}`, Algorithm: 'RSA256' },
    });
    const users: { username: string; businessProfile?: { name: string } | null }[] = await r.json();
    return users.find((u) => !accounts.includes(u.username) && u.businessProfile)?.username ?? '';
  }, Object.values(ACCOUNTS) as string[]);
  expect(username).not.toBe('');
  await setPasswordByMail(page, mock, username);
  await signInAs(page, username, NEW_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: accountTexts.title })).toBeVisible();
  await expect(page.getByText(accountTexts.noRole)).toBeVisible();
  await expect(page.getByRole('heading', { name: '403 Forbidden' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: '404 Not Found' })).toHaveCount(0);
  // Nothing to go to: no Users, no Check Access, no way back into a screen that refuses them.
  await expect(page.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Check Access' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Back to/ })).toHaveCount(0);
  expect(PASSWORD).not.toBe(NEW_PASSWORD);
});
