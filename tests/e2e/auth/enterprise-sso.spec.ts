// The console's side of the optional Enterprise SSO path of the login page
// (spec §2) against the SSO provider the contract server simulates. The
// deployment's config.json switches it on; the tests serve that variant.
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, PASSWORD, test } from '../fixtures.ts';

async function withSsoConfig(page: Page, overrides: { ssoEnabled: boolean; ssoAutoRedirect: boolean }) {
  await page.route('**/userprofile/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), ...overrides } });
  });
}

test('without SSO configured the login page shows no Enterprise SSO button', async ({ page, mock: _ }) => {
  await withSsoConfig(page, { ssoEnabled: false, ssoAutoRedirect: false });
  await page.goto('/userprofile/auth/login/user');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enterprise SSO' })).toHaveCount(0);
});

test('Enterprise SSO signs the console in through the callback, keeping the ticket', async ({ page, mock: _ }) => {
  await withSsoConfig(page, { ssoEnabled: true, ssoAutoRedirect: false });
  await page.goto('/userprofile/');
  await page.getByRole('button', { name: 'Enterprise SSO' }).click();

  // The provider's page, reached with the console's callback and an S256 challenge.
  await expect(page).toHaveURL(/\/sso\/oauth\/authorize\?/);
  const sso = new URL(page.url());
  expect(sso.searchParams.get('redirect_uri')).toBe(new URL('/userprofile/callback', page.url()).href);
  expect(sso.searchParams.get('code_challenge_method')).toBe('S256');
  await page.getByLabel('Username').fill(ACCOUNTS.customer);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/userprofile\/user\/list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user-profile.ticket'))).toBeTruthy();
});

test('with automatic SSO redirect the login page goes straight to the provider', async ({ page, mock: _ }) => {
  await withSsoConfig(page, { ssoEnabled: true, ssoAutoRedirect: true });
  await page.goto('/userprofile/');
  await expect(page).toHaveURL(/\/sso\/oauth\/authorize\?/);
  await expect(page.getByRole('heading', { name: 'Enterprise SSO' })).toBeVisible();
});
