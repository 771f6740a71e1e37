// Security headers in the browser: the login page refuses to render inside another
// site's frame, and the console, its sign-in pages and the stand-in sites run
// under the Content-Security-Policy without a single violation.
import type { Page } from '@playwright/test';
import { href, toForgotPassword, toLoginStart, toUserList, toUserNew } from '../../../packages/web/src/lib/paths.ts';
import { expect, test } from '../fixtures.ts';
import { serveOtherSite } from './other-site.ts';

test('the login page refuses to render inside a frame of another site', async ({ page, baseURL, mock: _ }) => {
  const login = `${baseURL}${href(toLoginStart())}`;
  const site = await serveOtherSite(
    `<h1>Win a prize</h1><iframe title="prize" src="${login}" width="800" height="600"></iframe>`,
  );
  try {
    const refused = page.waitForEvent('console', (m) => /frame-ancestors 'none'/.test(m.text()));
    await page.goto(site.url);
    await refused;

    await expect(page.getByRole('heading', { name: 'Win a prize' })).toBeVisible();
    const frame = page.frames().find((f) => f !== page.mainFrame());
    // Chromium shows its own error document in place of the page; the login form never renders there.
    expect(frame?.url()).toMatch(/^chrome-error:/);
    await expect(page.frameLocator('iframe').getByLabel('Password', { exact: true })).toHaveCount(0);
  } finally {
    await site.close();
  }
});

/** Every Content-Security-Policy violation the page reports, as text. */
async function collectViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}`),
    );
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|CSP violation/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}

test('the console, signed in, and every other page it serves run under the CSP without a violation', async ({
  page,
  signedInAs,
  mock: _,
}) => {
  const violations = await collectViolations(page);

  // The login and password pages, signed out.
  const loginPage = await page.goto(href(toLoginStart()));
  expect(loginPage?.headers()['content-security-policy']).toContain("style-src 'self' 'nonce-");
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.goto(href(toForgotPassword()));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Signed in: the shell with the shared header from the header host, the users screens.
  await signedInAs('provider.admin');
  await expect(page.locator('header.common-header')).toBeVisible();
  await page.goto(href(toUserNew()));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto(href(toUserList()));
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  // Chakra's styles are there, in <style> elements that carry the page's nonce. They are inserted as
  // the screen renders: the heading comes before the rows, so the rules are counted once the rows
  // are there, and again until they are all in (a fresh clone read 75 at the heading).
  await expect(page.locator('[data-users-table] tbody tr').first()).toBeVisible();
  const styles = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('style')).map((s) => ({
        nonce: s.nonce,
        rules: s.sheet?.cssRules.length ?? 0,
      })),
    );
  await expect
    .poll(async () => (await styles()).reduce((n, s) => n + s.rules, 0), { message: 'CSS rules in <style> elements' })
    .toBeGreaterThan(100);
  const inserted = await styles();
  expect(inserted.length).toBeGreaterThan(0);
  expect(inserted.every((s) => s.nonce !== '')).toBe(true);

  // The stand-in sites: the demo application and the Enterprise SSO sign-in page.
  await page.goto('/demo-app/');
  await page.getByRole('link', { name: 'Sign in with User Profile' }).click();
  // Through the console's authorize page (already signed in) and back to the demo's callback page.
  await expect(page.getByTestId('username')).toHaveText('provider.admin');
  const config = await (await page.request.get('/userprofile/api/v1/auth/frontendconfig')).json();
  const sso = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: new URL('/userprofile/callback', page.url()).href,
    response_type: 'code',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  });
  await page.goto(`/sso/oauth/authorize?${sso}`);
  await expect(page.getByLabel('Password')).toBeVisible();
  // Its stylesheet applies (allowed by its hash): the button is styled.
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCSS('background-color', 'rgb(43, 108, 176)');

  expect(violations).toEqual([]);
});
