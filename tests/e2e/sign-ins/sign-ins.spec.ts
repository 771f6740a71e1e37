// A user's sign-ins in the console: the user editor shows a user whose sign-ins
// failed attempts are slowing, with Unlock; its Sign-ins tab lists the open
// sessions, each with Sign out, and Sign out everywhere;
// each failure of these calls is named; a backend that cannot end one session
// leaves Sign out everywhere.
import { type Page, request } from '@playwright/test';
import { signInTexts } from '../../../packages/shared/src/messages.ts';
import { href, toUserEdit } from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, PASSWORD, signIn, test } from '../fixtures.ts';
import { API, apiGet, dismissToasts, toast, type WireUser } from '../users/users-page.ts';

// The machine is shared: sign-ins (one password hash each) can take a while under load.
test.describe.configure({ timeout: 90_000 });

const TARGET = ACCOUNTS.customer;

/**
 * A sign-in attempt at the console's login endpoint from another client on
 * this machine (same address, cookies of its own: a sign-in from the admin's
 * browser would replace the admin's session).
 */
async function attempt(page: Page, password: string): Promise<number> {
  const client = await request.newContext({ baseURL: new URL(page.url()).origin });
  try {
    await client.get('/userprofile/'); // the console's page hands out the cross-site request token
    const xsrf = (await client.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const answer = await client.post('/userprofile/login', {
      form: { username: TARGET, password },
      headers: { 'X-XSRF-TOKEN': xsrf },
    });
    return answer.status();
  } finally {
    await client.dispose();
  }
}

/** The sign-in session a console token belongs to (its `sid` claim). */
function sidOf(token: string): string {
  return JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()).sid;
}

/** GET /me with a token: 200 while its session lasts, 401 once it ended. */
async function meStatus(page: Page, token: string): Promise<number> {
  const answer = await page.request.get(`${API}/me`, {
    headers: { Authorization: `Bearer ${token}`, Algorithm: 'RSA256' },
  });
  return answer.status();
}

async function openTarget(page: Page): Promise<string> {
  const user = await apiGet<WireUser>(page, `/user/username/${TARGET}`);
  await page.goto(href(toUserEdit(user.uuid)));
  await expect(page.getByRole('heading', { level: 1, name: 'Editing User' })).toBeVisible();
  return user.uuid;
}

test.describe('a user’s sign-ins, as provider.admin', () => {
  test.beforeEach(async ({ signedInAs }) => {
    await signedInAs(ACCOUNTS.provider);
  });

  test('the editor shows a throttled user, and Unlock clears the lock', async ({ page }) => {
    // Five failures in a row from this machine's address: its next attempt waits (test/auth/lockout.test.ts).
    for (let i = 0; i < 5; i++) expect(await attempt(page, `guess-${i}`)).toBe(401);

    await openTarget(page);
    const lock = page.locator('[data-sign-in-lock]');
    await expect(lock).toContainText(signInTexts.throttled(TARGET));
    await expect(lock).toContainText(/5 failed sign-ins in a row/);
    await expect(lock).toContainText(/From 127\.0\.0\.1: /);

    await lock.getByRole('button', { name: signInTexts.unlock }).click();
    await expect(toast(page, signInTexts.unlocked(TARGET))).toBeVisible();
    await expect(lock).toHaveCount(0);
    // The server forgot the failures: the notice stays away when the editor loads again.
    await page.reload();
    await expect(page.getByRole('tab', { name: signInTexts.tab })).toBeVisible();
    await expect(page.locator('[data-sign-in-sessions]')).toBeAttached();
    await expect(lock).toHaveCount(0);
  });

  test('the Sign-ins tab lists the sessions; Sign out everywhere, once confirmed, ends them', async ({
    page,
    browser,
  }) => {
    // customer.admin signed in to the console in a browser of their own.
    const theirs = await browser.newContext();
    const their = await theirs.newPage();
    await signIn(their, TARGET);
    const theirToken = await their.evaluate(() => localStorage.getItem('user-profile.access_token'));

    await openTarget(page);
    await page.getByRole('tab', { name: signInTexts.tab }).click();
    const sessions = page.locator('[data-sign-in-sessions]');
    const card = sessions.locator('[data-session]').filter({ hasText: 'User Profile Console' }).first();
    await expect(card).toContainText(signInTexts.started);
    await expect(card).toContainText('127.0.0.1');
    await expect(card).toContainText(signInTexts.methods.password);

    await sessions.getByRole('button', { name: signInTexts.signOutEverywhere }).click();
    const dialog = page.getByRole('alertdialog', { name: signInTexts.signOutTitle(TARGET) });
    await expect(dialog).toContainText(/every token issued under them/);
    await expect(dialog).toContainText(/The account stays active/);
    await dialog.getByRole('button', { name: signInTexts.signOutEverywhere }).click();
    await expect(toast(page, signInTexts.signedOut(TARGET))).toBeVisible();
    await expect(sessions).toContainText(signInTexts.noSessions(TARGET));

    // Their console token is refused, and their next call sends them to sign in again.
    const me = await their.request.get(`${API}/me`, {
      headers: { Authorization: `Bearer ${theirToken}`, Algorithm: 'RSA256' },
    });
    expect(me.status()).toBe(401);
    await their.reload();
    await expect(their.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await theirs.close();
  });

  test('Sign out of one session, once confirmed, ends it and its tokens; the other sessions go on', async ({
    page,
    browser,
  }) => {
    // customer.admin signed in to the console in two browsers of their own.
    const signedIn = async () => {
      const context = await browser.newContext();
      const their = await context.newPage();
      await signIn(their, TARGET);
      const token = (await their.evaluate(() => localStorage.getItem('user-profile.access_token'))) as string;
      return { context, token, sid: sidOf(token) };
    };
    const [office, home] = [await signedIn(), await signedIn()];

    await openTarget(page);
    await page.getByRole('tab', { name: signInTexts.tab }).click();
    const sessions = page.locator('[data-sign-in-sessions]');
    const officeCard = sessions.locator(`[data-session="${office.sid}"]`);
    const homeCard = sessions.locator(`[data-session="${home.sid}"]`);
    await expect(officeCard).toBeVisible();
    await expect(homeCard).toBeVisible();
    // Neither is this browser's session: no badge.
    await expect(sessions.getByText(signInTexts.thisSession)).toHaveCount(0);

    await officeCard.getByRole('button', { name: /^Sign out the session started / }).click();
    const dialog = page.getByRole('alertdialog', { name: signInTexts.signOutOneTitle(TARGET) });
    await expect(dialog).toContainText(/every token issued under it \(User Profile Console\)/);
    await expect(dialog).toContainText(/The other sessions go on, and the account stays active/);
    await dialog.getByRole('button', { name: signInTexts.signOutOne, exact: true }).click();
    await expect(toast(page, signInTexts.signedOutOne(TARGET))).toBeVisible();
    await expect(officeCard).toHaveCount(0);
    await expect(homeCard).toBeVisible();

    expect(await meStatus(page, office.token)).toBe(401);
    expect(await meStatus(page, home.token)).toBe(200);
    await Promise.all([office.context.close(), home.context.close()]);
  });

  test('an administrator’s own session is marked, and signing out of it ends this sign-in', async ({ page }) => {
    const me = await apiGet<WireUser>(page, `/user/username/${ACCOUNTS.provider}`);
    await page.goto(href(toUserEdit(me.uuid)));
    await page.getByRole('tab', { name: signInTexts.tab }).click();
    const mine = page.locator('[data-sign-in-sessions] [data-mine]');
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText(signInTexts.thisSession);
    await mine.getByRole('button', { name: /^Sign out the session started / }).click();
    const dialog = page.getByRole('alertdialog', { name: signInTexts.signOutOneTitle(ACCOUNTS.provider) });
    await expect(dialog).toContainText(signInTexts.signOutOneSelf);
    await dialog.getByRole('button', { name: signInTexts.signOutOne, exact: true }).click();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('a backend that cannot end one session: Sign out says so once and steps aside for Sign out everywhere', async ({
    page,
    mock,
  }) => {
    expect(await attempt(page, PASSWORD)).toBe(200);
    const uuid = await openTarget(page);
    await page.getByRole('tab', { name: signInTexts.tab }).click();
    const sessions = page.locator('[data-sign-in-sessions]');
    const card = sessions.locator('[data-session]').first();
    const sid = await card.getAttribute('data-session');

    // First a failure of the call itself: named, and the session stays.
    await mock.fault({ method: 'POST', path: `${API}/user/${uuid}/sessions/${sid}/logout`, status: 500 });
    await card.getByRole('button', { name: /^Sign out the session started / }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: signInTexts.signOutOne, exact: true }).click();
    await expect(
      toast(page, signInTexts.signOutOneFailed(TARGET, 'HTTP 500: Injected fault: 500 Internal Server Error')),
    ).toBeVisible();
    await expect(sessions.locator(`[data-session="${sid}"]`)).toBeVisible();

    // Then the backend answers 404: not offered. A plain word, no error, and no Sign out on any card.
    await dismissToasts(page);
    await mock.fault({ method: 'POST', path: `${API}/user/${uuid}/sessions/${sid}/logout`, status: 404 });
    await card.getByRole('button', { name: /^Sign out the session started / }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: signInTexts.signOutOne, exact: true }).click();
    await expect(toast(page, signInTexts.signOutOneNotOffered)).toBeVisible();
    await expect(page.locator('[data-scope="toast"][data-part="root"][data-type="error"]')).toHaveCount(0);
    await expect(sessions.getByRole('button', { name: /^Sign out the session started / })).toHaveCount(0);
    await expect(sessions.locator(`[data-session="${sid}"]`)).toBeVisible();
    await expect(sessions.getByRole('button', { name: signInTexts.signOutEverywhere })).toBeEnabled();
  });

  test('each failure says what went wrong: loading (with Retry), Unlock, Sign out everywhere, not allowed', async ({
    page,
    mock,
  }) => {
    const user = await apiGet<WireUser>(page, `/user/username/${TARGET}`);
    const path = `${API}/user/${user.uuid}`;
    await mock.fault({ method: 'GET', path: `${path}/signIns`, status: 500 });
    await openTarget(page);
    await page.getByRole('tab', { name: signInTexts.tab }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'Could not load the sign-in sessions' });
    await expect(failure).toContainText('Could not load the sign-in sessions: HTTP 500: Injected fault');
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(page.locator('[data-sign-in-sessions]')).toBeVisible();

    // Sign out everywhere failing (customer.admin has a session to end).
    expect(await attempt(page, PASSWORD)).toBe(200);
    await page.reload();
    await page.getByRole('tab', { name: signInTexts.tab }).click();
    await mock.fault({ method: 'POST', path: `${path}/logoutAll`, status: 500 });
    await page.getByRole('button', { name: signInTexts.signOutEverywhere }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: signInTexts.signOutEverywhere }).click();
    await expect(
      toast(page, signInTexts.signOutFailed(TARGET, 'HTTP 500: Injected fault: 500 Internal Server Error')),
    ).toBeVisible();

    // Unlock failing: the lock stays, and the toast says why.
    for (let i = 0; i < 5; i++) expect(await attempt(page, `guess-${i}`)).toBe(401);
    await page.reload();
    await mock.fault({ method: 'POST', path: `${path}/unlock`, status: 503 });
    const lock = page.locator('[data-sign-in-lock]');
    await lock.getByRole('button', { name: signInTexts.unlock }).click();
    await expect(
      toast(page, signInTexts.unlockFailed(TARGET, 'HTTP 503: Injected fault: 503 Service Unavailable')),
    ).toBeVisible();
    await expect(lock).toBeVisible();

    // A caller the server does not let manage this user's sign-ins.
    await mock.fault({
      method: 'GET',
      path: `${path}/signIns`,
      status: 403,
      body: { statusCode: 403, error: 'Forbidden', message: "User 'customer.admin' belongs to another company" },
    });
    await page.reload();
    await page.getByRole('tab', { name: signInTexts.tab }).click();
    await expect(
      page.getByText(signInTexts.forbidden("User 'customer.admin' belongs to another company")),
    ).toBeVisible();
    await expect(page.locator('[data-sign-in-lock]')).toHaveCount(0);
  });
});
