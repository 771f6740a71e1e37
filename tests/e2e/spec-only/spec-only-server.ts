// The access answers of a spec-only backend (the worker's dev backend in the
// 'spec-only' project, EXTENSIONS=off) are compared with those of a dev
// backend that offers the extensions, from the same seed: this second
// backend, on a free port and a temporary data folder of its own. And the
// steps the spec-only tests share.
import { type Browser, expect, type Page } from '@playwright/test';
import { profileMessages } from '../../../packages/shared/src/messages.ts';
import { href } from '../../../packages/web/src/lib/paths.ts';
import { type Backend, startBackend } from '../backend.ts';
import { ACCOUNTS, PASSWORD } from '../fixtures.ts';
import { message, ProfileScreens, type WireAppProfile, type WireBusinessProfile } from '../profiles/profiles-page.ts';
import { apiGet, apiPost, UsersPage, type WireUser } from '../users/users-page.ts';

let withExtensions: Backend | null = null;

/** Starts the backend with extensions (once per worker); its origin. */
export async function startWithExtensions(): Promise<string> {
  withExtensions ??= await startBackend({ fresh: true });
  return withExtensions.origin;
}

/** Its origin, reset to the seed (as the worker's own backend is before each test). */
export async function resetWithExtensions(): Promise<string> {
  const origin = await startWithExtensions();
  const reset = await fetch(`${origin}/__mock/reset`, { method: 'POST' });
  expect(reset.ok).toBeTruthy();
  return origin;
}

export async function stopWithExtensions(): Promise<void> {
  await withExtensions?.stop();
  withExtensions = null;
}

/** A page of its own on the backend at `baseURL`, signed in as `username` through the console's flow. */
export async function pageOn(browser: Browser, username: string, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/userprofile/');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible({ timeout: 60_000 });
  return page;
}

/** Opens the same console path on both pages. */
export async function openBoth(pages: Page[], path: string): Promise<void> {
  await Promise.all(pages.map((p) => p.goto(href(path))));
}

/**
 * What the backend's ERRIGAL_ADMIN does for a console served elsewhere (`npm
 * start` in proxy mode at `origin`): the console client may come back to its
 * selfcallback. `admin` is a page signed in on the backend itself.
 */
export async function allowConsoleAt(admin: Page, origin: string): Promise<string> {
  const redirect = `${origin}/userprofile/selfcallback`;
  const { clientId } = await apiGet<{ clientId: string }>(admin, '/auth/frontendconfig');
  const client = await apiGet<Record<string, string>>(admin, `/authClient/get/${clientId}`);
  const registered = await apiPost(admin, '/authClient/update', { ...client, allowedRedirectTarget: redirect });
  expect(registered.ok(), `the console client's redirect target: ${registered.status()}`).toBeTruthy();
  return redirect;
}

/**
 * Bulk Deactivate of two users on the console's Users page (`page`), users
 * outside the seeded accounts; `admin` reads the backend after. Answers them.
 */
export async function bulkDeactivateTwo(page: Page, admin: Page = page): Promise<WireUser[]> {
  const two = (await apiGet<WireUser[]>(page, '/user/list/active'))
    .filter((u) => u.businessProfile && !Object.values(ACCOUNTS).includes(u.username as never))
    .slice(0, 2);
  const list = new UsersPage(page);
  await page.getByRole('link', { name: 'Users', exact: true }).click();
  for (const u of two) {
    await list.show(u.username);
    await list.row(u.username).getByRole('checkbox').check();
  }
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Bulk action' }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.locator('[data-bulk-result]')).toContainText('2 users deactivated.');
  const inactive = new Set((await apiGet<WireUser[]>(admin, '/user/list/inactive')).map((u) => u.uuid));
  for (const u of two) expect(inactive.has(u.uuid), `${u.username} is inactive on the backend`).toBe(true);
  return two;
}

/**
 * Adds to NOC Operators (a business profile users hold) an application
 * profile of an application it has none of, through its editor: the impact
 * preview counts the users and the roles gained, Save Changes saves it, and
 * `admin` reads it back from the backend.
 */
export async function addAppProfileAfterPreview(page: Page, admin: Page = page): Promise<void> {
  const s = new ProfileScreens(page);
  const profile = (await apiGet<WireBusinessProfile[]>(page, '/profile/business/list')).find(
    (p) => p.name === 'NOC Operators',
  ) as WireBusinessProfile;
  const users = await apiGet<WireUser[]>(page, `/profile/business/${profile.uuid}/users`);
  const active = users.filter((u) => u.active).length;
  expect(users.length).toBeGreaterThan(0);
  await s.openBusinessProfile(profile.uuid);
  // An application the profile has none of.
  const held = new Set(profile.appProfiles.map((a) => a.application.uuid));
  const apps = await apiGet<WireAppProfile[]>(page, '/profile/app/list');
  const added = apps.find((a) => !held.has(a.application.uuid) && a.roles.length > 0) as WireAppProfile;
  expect(added, 'an application profile of an application the business profile lacks').toBeTruthy();
  await s.field(added.application.name).selectOption({ label: added.name });
  await s.button('Update Profile').click();
  const preview = s.dialog();
  await expect(
    preview.getByText(`This change reaches ${active} active and ${users.length - active} inactive users.`),
  ).toBeVisible();
  await expect(preview.getByText(`Roles gained (${added.roles.length})`)).toBeVisible();
  await preview.getByRole('button', { name: 'Save Changes' }).click();
  await expect(message(page, profileMessages.business.saved(profile.name))).toBeVisible();
  const saved = await apiGet<WireBusinessProfile>(admin, `/profile/business/get/${profile.uuid}`);
  expect(
    saved.appProfiles.map((a) => a.uuid),
    'the backend holds it',
  ).toContain(added.uuid);
}
