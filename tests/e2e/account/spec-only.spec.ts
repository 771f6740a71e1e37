// On a backend that offers spec §7 only (the dev backend with EXTENSIONS=off,
// started here for this file): the account page shows who you are from
// GET /me and the reset mail for a new password, and says plainly what this
// backend does not offer; the user editor's and the business profile
// editor's second-factor parts say the same; no Sign-in Policy in the menu; a
// person without a console role still lands on the account page. Each
// extension is asked at most once, and nothing shows spec §8's reload
// message or the 404 page.
import { accountTexts } from '../../../packages/web/src/features/account/texts.ts';
import { factorTexts } from '../../../packages/web/src/features/users/user-factors-texts.ts';
import { href, toAccount, toBusinessProfileEdit, toUserEdit } from '../../../packages/web/src/lib/paths.ts';
import { type Backend, startBackend } from '../backend.ts';
import { ACCOUNTS, expect, Mock, PASSWORD, test } from '../fixtures.ts';
import { ExtensionWatch } from '../spec-only/extensions-watch.ts';
import { apiGet, type WireUser } from '../users/users-page.ts';
import { NEW_PASSWORD, setPasswordByMail, signInAs, userWithoutRole } from './account-page.ts';

let specOnly: Backend | null = null;

test.afterAll(async () => {
  await specOnly?.stop();
  specOnly = null;
});

test('on a spec-only backend the account page steps aside where it must, for an administrator and for anyone', async ({
  browser,
}) => {
  // A backend of its own and the real sign-ins (scrypt): their time, not the steps'.
  test.setTimeout(180_000);
  specOnly ??= await startBackend({ fresh: true, env: { EXTENSIONS: 'off' } });
  const page = await (await browser.newContext({ baseURL: specOnly.origin })).newPage();
  const mock = new Mock(page);
  await ExtensionWatch.watchReloadMessage(page);
  const watch = new ExtensionWatch(page);

  await signInAs(page, ACCOUNTS.provider, PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: accountTexts.title })).toBeVisible();
  await expect(page.getByText(accountTexts.specOnly)).toBeVisible();
  const who = page.locator('[data-who]');
  await expect(who).toContainText(ACCOUNTS.provider);
  await expect(who).toContainText('ERRIGAL_ADMIN');
  await expect(page.getByText(accountTexts.sessionsNotOffered)).toBeVisible();
  await expect(page.getByText(accountTexts.accessNotOffered)).toBeVisible();
  // No factor buttons, no password form: the reset mail instead.
  await expect(page.getByRole('button', { name: accountTexts.addTotp })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: accountTexts.currentPassword, exact: true })).toHaveCount(0);
  const before = (await mock.outbox()).length;
  await page.getByRole('button', { name: accountTexts.sendResetMail }).click();
  await expect(page.getByText(accountTexts.resetMailSent)).toBeVisible();
  await expect.poll(async () => (await mock.outbox()).length).toBe(before + 1);
  // The menu offers no Sign-in Policy.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign-in Policy' })).toHaveCount(0);

  // The user editor's Second Factor tab and the business profile editor say so.
  const user = (await apiGet<WireUser[]>(page, '/user/list/active')).find(
    (u) => !(Object.values(ACCOUNTS) as string[]).includes(u.username) && u.businessProfile,
  ) as WireUser;
  await page.goto(href(toUserEdit(user.uuid)));
  await expect(page.getByRole('heading', { level: 1, name: 'Editing User' })).toBeVisible();
  await page.getByRole('tab', { name: factorTexts.tab }).click();
  await expect(page.getByText(factorTexts.notOffered)).toBeVisible();
  await page.goto(href(toBusinessProfileEdit((user.businessProfile as { uuid: string }).uuid)));
  await expect(page.getByRole('heading', { level: 1, name: 'Editing Business Profile' })).toBeVisible();
  await expect(page.getByText('This backend does not offer second factors.')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Require a second factor for its users' })).toHaveCount(0);

  // Each extension asked once at most (learned, then known until sign-out).
  for (const id of ['getAccount', 'getUserFactors', 'getFactorPolicy'])
    expect(watch.asked.get(id) ?? 0).toBeLessThanOrEqual(1);
  await watch.expectQuiet();

  // Someone without a console role lands on their account page here too.
  const plain = await userWithoutRole(page, Object.values(ACCOUNTS));
  await setPasswordByMail(page, mock, plain.username);
  await signInAs(page, plain.username, NEW_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`${href(toAccount())}$`), { timeout: 60_000 });
  await expect(page.getByText(accountTexts.notAdministrator)).toBeVisible();
  await expect(page.getByText(accountTexts.specOnly)).toBeVisible();
  await expect(page.locator('[data-who]')).toContainText(plain.username);
  await expect(page.getByRole('button', { name: accountTexts.sendResetMail })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await page.context().close();
});
