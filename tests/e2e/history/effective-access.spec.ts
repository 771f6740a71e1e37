// The user editor's Effective Access tab: an application profile
// of the user's business profile gains a role, and the user's effective
// access shows it with the path that grants it; a backend without the call
// reads as not offering it, a failure names its reason with Retry.
import { historyTexts, profileMessages } from '../../../packages/shared/src/messages.ts';
import { href, toAppProfileEdit, toBusinessProfileEdit, toUserEdit } from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import {
  API,
  apiGet,
  message,
  type Named,
  ProfileScreens,
  type WireAppProfile,
  type WireBusinessProfile,
  type WireUser,
} from '../profiles/profiles-page.ts';

test.describe.configure({ timeout: 60_000 });

/** A user of a business profile, one of its application profiles, and a role of that application the profile lacks. */
async function userMissingARole(page: import('@playwright/test').Page) {
  const business = await apiGet<WireBusinessProfile[]>(page, '/profile/business/list');
  const appProfiles = await apiGet<WireAppProfile[]>(page, '/profile/app/list');
  const apps = await apiGet<(Named & { roles: Named[] })[]>(page, '/app/list');
  for (const bp of business) {
    const users = (await apiGet<WireUser[]>(page, `/profile/business/${bp.uuid}/users`)).filter((u) => u.active);
    if (users.length === 0) continue;
    for (const ref of bp.appProfiles) {
      const ap = appProfiles.find((p) => p.uuid === ref.uuid);
      const app = apps.find((a) => a.uuid === ap?.application.uuid);
      const role = app?.roles.find((r) => !ap?.roles.some((g) => g.uuid === r.uuid));
      if (ap && app && role) return { user: users[0] as WireUser, bp, ap, app, role };
    }
  }
  throw new Error('the seed has no business profile whose application profile lacks a role');
}

test('the effective access follows an application profile that gains a role, naming the path', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.provider);
  const { user, bp, ap, app, role } = await userMissingARole(page);
  const roleRow = (name: string) =>
    page
      .getByRole('table', { name: `Roles in ${app.name}` })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name, exact: true }) });

  await page.goto(href(toUserEdit(user.uuid)));
  await page.getByRole('tab', { name: historyTexts.effectiveAccessTab }).click();
  await expect(page.getByRole('region', { name: app.name })).toBeVisible();
  await expect(roleRow(role.name)).toHaveCount(0);

  // The application profile gains the role, through its editor.
  const s = new ProfileScreens(page);
  await s.openAppProfile(ap.uuid);
  await s.tab('Roles').click();
  await s.grant(role.name).check();
  await s.button('Update Profile').click();
  await s.dialog().getByRole('button', { name: 'Save Changes' }).click();
  await expect(message(page, profileMessages.app.saved(ap.name))).toBeVisible();

  await page.goto(href(toUserEdit(user.uuid)));
  await page.getByRole('tab', { name: historyTexts.effectiveAccessTab }).click();
  const row = roleRow(role.name);
  await expect(row).toBeVisible();
  // The path: the business profile, then the application profile that grants it, each opening its editor.
  await expect(row.locator('[data-grant]')).toHaveText(`${bp.name} → ${ap.name}`);
  await expect(row.getByRole('link', { name: ap.name, exact: true })).toHaveAttribute(
    'href',
    href(toAppProfileEdit(ap.uuid)),
  );
  await expect(row.getByRole('link', { name: bp.name, exact: true })).toHaveAttribute(
    'href',
    href(toBusinessProfileEdit(bp.uuid)),
  );
  await page.screenshot({ path: 'screenshots/history-effective-access-1280.png', fullPage: true });
  await page.getByRole('heading', { name: 'Visibility' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'screenshots/history-effective-access-visibility-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone the paths wrap inside the card: no table is cut off at its right edge to scroll sideways.
  await expect(row.locator('[data-grant]')).toBeVisible();
  const cutOff = await page
    .getByRole('table')
    .evaluateAll((tables) =>
      tables
        .filter((t) => (t.parentElement as HTMLElement).scrollWidth > (t.parentElement as HTMLElement).clientWidth)
        .map((t) => t.getAttribute('aria-label')),
    );
  expect(cutOff).toEqual([]);
  await page.screenshot({ path: 'screenshots/history-effective-access-390.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await page.getByRole('tab', { name: historyTexts.effectiveAccessTab }).click();
  await expect(roleRow(role.name)).toBeVisible();
  await page.screenshot({ path: 'screenshots/history-effective-access-390-dark.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'screenshots/history-effective-access-1280-dark.png' });
});

test('effective access: a failure names its reason and Retry loads it; a backend without the call gets it worked out', async ({
  page,
  signedInAs,
  mock,
}) => {
  await signedInAs(ACCOUNTS.provider);
  const [user] = await apiGet<WireUser[]>(page, '/user/list/active');
  const path = `${API}/user/${user?.uuid}/effectiveAccess`;
  const tab = page.getByRole('tab', { name: historyTexts.effectiveAccessTab });

  await mock.fault({ method: 'GET', path, status: 503, body: { message: 'Access resolver unavailable' } });
  await page.goto(href(toUserEdit(user?.uuid as string)));
  await tab.click();
  const failure = page.getByRole('alert').filter({ hasText: 'Could not load the effective access' });
  await expect(failure).toContainText('HTTP 503: Access resolver unavailable');
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Visibility' })).toBeVisible();

  // The call answered once: a 404 now is the record's, not the backend's lack of the call.
  await mock.fault({ method: 'GET', path, status: 404 });
  await page.reload();
  await tab.click();
  await expect(page.getByText(historyTexts.effectiveAccessNotOffered)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Editing User' })).toBeVisible();

  // 501: the backend does not have the call. The same answer, worked out from spec calls,
  // and the call is not asked again.
  await mock.fault({ method: 'GET', path, status: 501, times: 10 });
  const asked: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === path) asked.push(r.url());
  });
  await page.reload();
  await tab.click();
  await expect(page.locator('[data-effective-access]').getByRole('heading', { name: 'Applications' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Visibility' })).toBeVisible();
  await expect(page.getByText(historyTexts.effectiveAccessNotOffered)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await page.reload();
  await tab.click();
  await expect(page.getByRole('heading', { name: 'Visibility' })).toBeVisible();
  expect(asked, 'the call the backend does not have is asked once').toHaveLength(1);
});
