// RFC 9207: the console's own sign-in answer names its
// issuer, and the selfcallback refuses one naming another, saying why, so a
// code from another sign-in service is never redeemed (the mix-up attack).
import { ACCOUNTS, expect, PASSWORD, test } from '../fixtures.ts';

test('selfcallback refuses an answer naming another issuer, with a clear message', async ({ page, mock: _ }) => {
  let seen: URL | undefined;
  // The provider's answer, as a mix-up attacker would hand it on: another issuer named.
  await page.route('**/userprofile/selfcallback?**', async (route) => {
    const url = new URL(route.request().url());
    if (seen) return route.continue();
    seen = new URL(url);
    url.searchParams.set('iss', 'https://idp.evil.example');
    await route.fulfill({ status: 302, headers: { location: url.href } });
  });
  await page.goto('/userprofile/');
  await page.getByLabel('Username', { exact: true }).fill(ACCOUNTS.customer);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(
    page.getByText(
      'This sign-in answer comes from another sign-in service than the one asked (iss), so it was refused. Please sign in again.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in again' })).toBeVisible();
  expect(seen?.searchParams.get('iss')).toBe(new URL('/userprofile', page.url()).href);
  expect(await page.evaluate(() => localStorage.getItem('user-profile.access_token'))).toBeNull();
});
