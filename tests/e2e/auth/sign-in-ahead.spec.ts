// Sign-in to the first rows at 100,000 users, as short as it can be: what the
// console's own sign-in can know or fetch ahead, it does. The login page
// prefetches the files the sign-in lands on while the person types (only for
// the console's own request); selfcallback asks nothing again that the
// sign-in learned when it began, and the console starts on the page the
// sign-in returns to once the code is exchanged.
import type { Page, Request } from '@playwright/test';
import { ACCOUNTS, expect, PASSWORD, test } from '../fixtures.ts';

/** The requests of `page` whose path ends with `suffix` (its query aside). */
function requestsTo(page: Page, suffix: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith(suffix)) seen.push(r);
  });
  return seen;
}

test("the console's login page prefetches what the sign-in lands on, before Sign In is pressed", async ({
  page,
  mock: _,
}) => {
  const assets: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/userprofile/assets/')) assets.push(new URL(r.url()).pathname);
  });
  await page.goto('/userprofile/auth/login/user');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  const prefetched = page.locator('link[rel="prefetch"]');
  await expect.poll(() => prefetched.count()).toBeGreaterThan(10);
  const hrefs = await prefetched.evaluateAll((links) =>
    links.map((l) => new URL((l as HTMLLinkElement).href).pathname),
  );
  // The console's start and the users list, named by the build, asked for while the form waits.
  expect(hrefs.some((h) => /\/assets\/start-[\w-]+\.js$/.test(h))).toBe(true);
  expect(hrefs.some((h) => /\/assets\/user-list-screen-[\w-]+\.js$/.test(h))).toBe(true);
  await expect.poll(() => hrefs.filter((h) => !assets.includes(h))).toEqual([]);
  await expect(page).toHaveURL(/\/userprofile\/authorize\?/);
});

test("another application's sign-in loads nothing of the console", async ({ page, mock: _ }) => {
  const sessionCheck = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/session'));
  await page.goto('/demo-app/');
  await page.getByRole('link', { name: 'Sign in with User Profile' }).click();
  await expect(page).toHaveURL(/\/userprofile\/authorize\?/);
  // The prefetch would be asked for together with this check, which follows the request's parsing.
  await sessionCheck;
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  await expect(page.locator('link[rel="prefetch"]')).toHaveCount(0);
});

test('selfcallback asks nothing again that the sign-in learned when it began, and loads the user once', async ({
  page,
  mock: _,
}) => {
  const frontendConfig = requestsTo(page, '/api/v1/auth/frontendconfig');
  const discovery = requestsTo(page, '/.well-known/openid-configuration');
  const me = requestsTo(page, '/api/v1/me');
  const token = requestsTo(page, '/api/v1/auth/token');
  // The list the page opens with is asked for as the console starts, and the screen joins that load.
  const activeList = requestsTo(page, '/api/v1/user/list/active');
  const inactiveList = requestsTo(page, '/api/v1/user/list/inactive');
  await page.goto('/userprofile/');
  await page.getByLabel('Username', { exact: true }).fill(ACCOUNTS.provider);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const signedInAt = frontendConfig.length;
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'aaron.labadie', exact: true })).toBeVisible();
  // Both were asked for once, as the sign-in began; none after Sign In.
  expect(signedInAt).toBe(1);
  expect(frontendConfig).toHaveLength(1);
  expect(discovery).toHaveLength(1);
  expect(token).toHaveLength(1);
  expect(me).toHaveLength(1);
  expect(activeList).toHaveLength(1);
  expect(inactiveList).toHaveLength(0);
  // Nothing of the sign-in in progress is left behind.
  const left = await page.evaluate(() =>
    ['state', 'code_verifier', 'self_sign_in'].filter((k) => localStorage.getItem(`user-profile.${k}`) !== null),
  );
  expect(left).toEqual([]);
});

test('a sign-in that returns to the inactive list asks for that list alone', async ({ page, mock: _ }) => {
  const activeList = requestsTo(page, '/api/v1/user/list/active');
  const inactiveList = requestsTo(page, '/api/v1/user/list/inactive');
  await page.goto('/userprofile/user/list?status=inactive');
  await expect(page).toHaveURL(/\/userprofile\/authorize\?/);
  await page.getByLabel('Username', { exact: true }).fill(ACCOUNTS.provider);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/userprofile\/user\/list\?status=inactive$/);
  await expect(page.getByRole('button', { name: 'Inactive', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[data-users-table] tbody tr a.username').first()).toBeVisible();
  expect(inactiveList).toHaveLength(1);
  expect(activeList).toHaveLength(0);
});

test('a sign-in begun before this build asked for nothing ahead still completes', async ({ page, mock: _ }) => {
  await page.goto('/userprofile/auth/login/user');
  await expect(page).toHaveURL(/\/userprofile\/authorize\?/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  // Once this build has kept them (a removal before that would be undone by the write), take them
  // away, as a sign-in started by an older console in this tab would have it: no client id or issuer kept.
  const kept = () => page.evaluate(() => localStorage.getItem('user-profile.self_sign_in'));
  await expect.poll(kept).not.toBeNull();
  await page.evaluate(() => localStorage.removeItem('user-profile.self_sign_in'));
  expect(await kept()).toBeNull();
  const frontendConfig = requestsTo(page, '/api/v1/auth/frontendconfig');
  await page.getByLabel('Username', { exact: true }).fill(ACCOUNTS.provider);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  expect(frontendConfig).toHaveLength(1);
});
