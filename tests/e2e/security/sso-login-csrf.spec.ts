// Sign-in CSRF through the Enterprise SSO code exchange.
// The attacker signs in at the SSO stand-in as their own account and keeps
// the code, state and verifier instead of finishing; a page on another site
// then sends the victim's browser to the console's callback and to the code
// exchange with them. A browser session is only ever set for the browser that
// started the flow (RFC 9700 §4.7): the victim stays signed out, in the
// console and in the demo app that signs in through it.
import type { Browser, Page } from '@playwright/test';
import { ACCOUNTS, expect, PASSWORD, test } from '../fixtures.ts';
import { serveOtherSite } from './other-site.ts';

interface Stolen {
  code: string;
  state: string;
  verifier: string;
}

/** The attacker's own SSO sign-in, stopped at the callback: what it would have redeemed. */
async function attackersCode(browser: Browser, baseURL: string): Promise<Stolen> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await page.route('**/userprofile/config.json', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), ssoEnabled: true } });
    });
    // The SSO's redirect to the callback is kept, not followed, so the code stays unspent.
    let callback: URL | undefined;
    await page.route('**/sso/oauth/authorize', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const response = await route.fetch({ maxRedirects: 0 });
      callback = new URL(response.headers().location as string, baseURL);
      await route.fulfill({ contentType: 'text/html', body: '<h1>Kept</h1>' });
    });
    await page.goto('/userprofile/');
    await page.getByRole('button', { name: 'Enterprise SSO' }).click();
    await page.getByLabel('Username').fill(ACCOUNTS.customer);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Kept' })).toBeVisible();
    if (!callback) throw new Error('the SSO did not redirect to the callback');
    const verifier = await page.evaluate(() => localStorage.getItem('user-profile.sso_code_verifier'));
    return {
      code: callback.searchParams.get('code') as string,
      state: callback.searchParams.get('state') as string,
      verifier: verifier as string,
    };
  } finally {
    await context.close();
  }
}

/** The victim opens a page on another site, which sends the browser on to `target`. */
async function lureTo(victim: Page, target: string): Promise<void> {
  const site = await serveOtherSite(`<!doctype html><title>Cute cats</title>
<script>location.href = ${JSON.stringify(target)};</script>`);
  try {
    await victim.goto(site.url);
    await victim.waitForURL((url) => url.href.startsWith(target.split('?')[0] as string));
    await victim.waitForLoadState();
  } finally {
    await site.close();
  }
}

/** On the login page: the session check finds no sign-in session, and the form stays. */
async function expectSignedOut(victim: Page, open: () => Promise<unknown>): Promise<void> {
  const sessionCheck = victim.waitForResponse((r) => r.url().endsWith('/api/v1/auth/session'));
  await open();
  expect((await sessionCheck).status()).toBe(204);
  await expect(victim.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(victim).toHaveURL(/\/userprofile\/authorize\?/);
}

test("a page on another site cannot sign the victim in with the attacker's SSO code", async ({
  page: victim,
  browser,
  baseURL,
  mock: _,
}) => {
  const stolen = await attackersCode(browser, baseURL as string);
  const origin = baseURL as string;

  // The console's callback with the attacker's code and state: not a sign-in this browser started.
  await lureTo(
    victim,
    `${origin}/userprofile/callback?${new URLSearchParams({ code: stolen.code, state: stolen.state })}`,
  );
  await expect(victim.getByText('The sign-in could not be completed.')).toBeVisible();

  // The code exchange itself, as a bare cross-site navigation: no session cookie is set.
  await lureTo(
    victim,
    `${origin}/userprofile/api/v1/auth/getPropelTokenFromCode?${new URLSearchParams({
      code: stolen.code,
      code_verifier: stolen.verifier,
      state: stolen.state,
    })}`,
  );
  await expect(victim.locator('body')).not.toContainText('access_token');
  expect((await victim.context().cookies()).map((c) => c.name)).not.toContain('UPSESSION');

  // The victim's next visits find no sign-in: the console shows its login form...
  await expectSignedOut(victim, () => victim.goto('/userprofile/'));
  // ...and so does the demo app's sign-in through it.
  await victim.goto('/demo-app/');
  await expectSignedOut(victim, () => victim.getByRole('link', { name: 'Sign in with User Profile' }).click());
  await expect(victim.getByText(ACCOUNTS.customer)).toHaveCount(0);
});
