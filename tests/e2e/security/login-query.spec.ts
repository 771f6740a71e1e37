// The login page reads its query exactly once (decoding it twice changes it). A state with
// percent signs comes back byte for byte, and a client whose registered
// redirect target carries a percent-encoded query signs in through the page.
import { createHash, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, PASSWORD, signIn, test } from '../fixtures.ts';

const TARGET = 'https://partner.example/cb?next=%2Fhome%3Fa%3D1';

/** Registers an OAuth2 client through the API as provider.admin; answers its client_id. */
async function registerClient(page: Page, allowedRedirectTarget: string): Promise<string> {
  await signIn(page, ACCOUNTS.provider);
  const token = await page.evaluate(() => localStorage.getItem('user-profile.access_token'));
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const saved = await page.request.post('/userprofile/api/v1/authClient/update', {
    headers: { authorization: `Bearer ${token}`, algorithm: 'RSA256', 'x-xsrf-token': xsrf },
    data: {
      name: 'Partner with a query',
      description: 'Redirect target with a percent-encoded query',
      allowedRedirectTarget,
      clientSecret: 'PartnerSecret0123456789abcdefXYZ',
    },
  });
  expect(saved.status()).toBe(200);
  return (await saved.json()).uuid;
}

test('state and a redirect target with an encoded query come back byte for byte', async ({
  page,
  browser,
  mock: _,
}) => {
  const clientId = await registerClient(page, TARGET);

  // A fresh browser: the login form shows for the partner's request.
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const partner = await context.newPage();
  let landed: URL | null = null;
  await partner.route('https://partner.example/**', async (route) => {
    landed = new URL(route.request().url());
    await route.fulfill({ contentType: 'text/html', body: '<h1>Partner</h1>' });
  });
  const verifier = randomBytes(32).toString('base64url');
  const state = 'ret%2Fhome%3Fa%3D1';
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: TARGET,
    response_type: 'code',
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  await partner.goto(`/userprofile/authorize?${query}`);
  await partner.getByLabel('Username', { exact: true }).fill(ACCOUNTS.customer);
  await partner.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await partner.getByRole('button', { name: 'Sign In' }).click();
  await expect(partner.getByRole('heading', { name: 'Partner' })).toBeVisible();

  const url = landed as URL | null;
  expect(url).not.toBeNull();
  // The registered target unchanged, then code and state appended.
  expect(url?.href.startsWith(`${TARGET}&code=`)).toBe(true);
  expect(url?.searchParams.get('next')).toBe('/home?a=1');
  expect(url?.searchParams.get('state')).toBe(state);
  await context.close();
});
