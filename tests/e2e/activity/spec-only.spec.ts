// On a backend that offers spec §7 only (the dev backend with EXTENSIONS=off,
// started here for this file): the Activity screen says the backend keeps no
// log and nothing else; the menu, the user editor and its History tab show
// no way to it; the log's call is asked once, and nothing shows spec §8's
// reload message or the 404 page.
import { historyTexts } from '../../../packages/shared/src/messages.ts';
import { href, toActivity, toUserEdit } from '../../../packages/web/src/lib/paths.ts';
import { type Backend, startBackend } from '../backend.ts';
import { ACCOUNTS, expect, PASSWORD, test } from '../fixtures.ts';
import { ExtensionWatch } from '../spec-only/extensions-watch.ts';
import { apiGet, type WireUser } from '../users/users-page.ts';

let specOnly: Backend | null = null;

test.afterAll(async () => {
  await specOnly?.stop();
  specOnly = null;
});

test('on a spec-only backend the Activity screen steps aside and no other screen links to it', async ({ browser }) => {
  // A backend of its own and the real sign-in (scrypt): their time, not the steps'.
  test.setTimeout(120_000);
  specOnly ??= await startBackend({ fresh: true, env: { EXTENSIONS: 'off' } });
  const page = await (await browser.newContext({ baseURL: specOnly.origin })).newPage();
  await ExtensionWatch.watchReloadMessage(page);
  const watch = new ExtensionWatch(page);
  await page.goto('/userprofile/');
  await page.getByLabel('Username', { exact: true }).fill(ACCOUNTS.provider);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  // The menu asks for the log once the first screen has what it needs; the answer is "not offered".
  const probe = page.waitForResponse((r) => /\/api\/v1\/activity\?/.test(r.url()), { timeout: 60_000 });
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible({ timeout: 60_000 });
  expect((await probe).status()).toBe(404);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' })).toHaveCount(0);

  const user = (await apiGet<WireUser[]>(page, '/user/list/active')).find((u) => u.username === ACCOUNTS.customer);
  await page.goto(href(toUserEdit((user as WireUser).uuid)));
  await expect(page.getByRole('heading', { level: 1, name: 'Editing User' })).toBeVisible();
  // Known from the menu's call: the editor does not ask again, and shows no link.
  await expect(page.getByRole('link', { name: 'Activity by this user' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Activity on this user' })).toHaveCount(0);
  await page.getByRole('tab', { name: historyTexts.historyTab }).click();
  await expect(page.getByText(historyTexts.historyNotOffered)).toBeVisible();
  await expect(page.getByRole('link', { name: 'All activity on this record' })).toHaveCount(0);

  await page.goto(href(toActivity('kind:user')));
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  await expect(page.getByText('This backend does not keep an activity log.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Query' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export' })).toHaveCount(0);
  await expect(page.locator('[data-content-body]')).toHaveText('This backend does not keep an activity log.');
  expect(watch.asked.get('listActivity')).toBe(1);
  await watch.expectQuiet();
  await page.context().close();
});
