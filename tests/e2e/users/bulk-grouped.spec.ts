// Bulk actions that say what they will do and did, with extensions used when
// offered: before a bulk action the users the reader may not change are
// counted by reason; the result groups refusals by reason with the names
// behind a toggle; Undo reverses exactly the users that changed; on a backend
// that offers POST /user/bulk, one call does the action and the profile
// preview is the server's.
import { profileMessages } from '../../../packages/shared/src/messages.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import { message, ProfileScreens, type WireAppProfile, type WireBusinessProfile } from '../profiles/profiles-page.ts';
import { apiGet, UsersPage, type WireUser } from './users-page.ts';

const isSeeded = (u: WireUser) => (Object.values(ACCOUNTS) as string[]).includes(u.username);

test('as customer.admin: the refused counted by reason before, grouped after with names behind a toggle, Undo of exactly the changed', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.customer);
  const users = await apiGet<WireUser[]>(page, '/user/list/active');
  const locked = users.filter((u) => u.readOnlyReason && !isSeeded(u)).slice(0, 3);
  const free = users.filter((u) => !u.readOnlyReason && u.businessProfile && !isSeeded(u)).slice(0, 2);
  expect(locked.length, 'users customer.admin may not change').toBeGreaterThan(1);
  expect(free).toHaveLength(2);

  const list = new UsersPage(page);
  for (const u of [...locked, ...free]) {
    await list.show(u.username);
    await list.row(u.username).getByRole('checkbox').check();
  }
  const count = locked.length + free.length;
  await expect(page.getByText(`${count} selected`)).toBeVisible();
  await page.getByRole('button', { name: 'Bulk action' }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.locator('[data-bulk-preview]')).toContainText(
    `${locked.length} of the ${count} users you may not change, and will be refused:`,
  );
  // One line per reason, with its count, not one line per user.
  const reasons = dialog.locator('[data-bulk-reason]');
  const perReason = await reasons.allInnerTexts();
  expect(perReason.length).toBeLessThan(locked.length + 1);
  expect(perReason.join('\n')).not.toContain(locked[0]?.username as string);
  await reasons.first().getByRole('button', { name: 'Show names' }).click();
  await expect(reasons.first().locator('[data-bulk-names]')).not.toBeEmpty();
  await dialog.getByRole('button', { name: 'Deactivate' }).click();

  const result = page.locator('[data-bulk-result]');
  await expect(result).toContainText(`2 users deactivated, ${locked.length} refused.`);
  await expect(result.locator('[data-bulk-reason]').first()).toContainText(/^\d+ users?: /);
  await expect(page.getByText(`${locked.length} selected`)).toBeVisible();
  const inactive = new Set((await apiGet<WireUser[]>(page, '/user/list/inactive')).map((u) => u.uuid));
  for (const u of free) expect(inactive.has(u.uuid)).toBe(true);

  // Undo: exactly the two that changed become active again.
  await result.getByRole('button', { name: 'Undo' }).click();
  await expect(dialog).toContainText('Activate again the 2 users just deactivated');
  await dialog.getByRole('button', { name: 'Undo' }).click();
  await expect(result).toContainText('Undone: 2 users activated again.');
  await expect(result.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  const active = new Set((await apiGet<WireUser[]>(page, '/user/list/active')).map((u) => u.uuid));
  for (const u of [...free, ...locked]) expect(active.has(u.uuid), u.username).toBe(true);
});

test('Bulk Deactivate of a user without a business profile: deactivated, not refused', async ({ page, signedInAs }) => {
  await signedInAs(ACCOUNTS.provider);
  const users = await apiGet<WireUser[]>(page, '/user/list/active');
  const none = users.find((u) => !u.businessProfile && !isSeeded(u)) as WireUser;
  expect(none).toBeTruthy();
  const list = new UsersPage(page);
  await list.show(none.username);
  await list.row(none.username).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Bulk action' }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.locator('[data-bulk-result]')).toContainText('1 user deactivated.');
  const inactive = await apiGet<WireUser[]>(page, '/user/list/inactive');
  expect(inactive.some((u) => u.uuid === none.uuid)).toBe(true);
});

test('where the backend offers them: one bulk call for a bulk action, the server’s profile preview', async ({
  page,
  signedInAs,
}) => {
  const asked: string[] = [];
  page.on('request', (r) => asked.push(`${r.method()} ${new URL(r.url()).pathname}`));
  const calls = (re: RegExp) => asked.filter((a) => re.test(a)).length;
  await signedInAs(ACCOUNTS.provider);
  const users = (await apiGet<WireUser[]>(page, '/user/list/active')).filter((u) => u.businessProfile && !isSeeded(u));
  const list = new UsersPage(page);
  for (const u of users.slice(0, 2)) {
    await list.show(u.username);
    await list.row(u.username).getByRole('checkbox').check();
  }
  await page.getByRole('button', { name: 'Bulk action' }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.locator('[data-bulk-result]')).toContainText('2 users deactivated.');
  expect(calls(/^POST .*\/api\/v1\/user\/bulk$/)).toBe(1);
  expect(calls(/^POST .*\/api\/v1\/user\/inactivate$/)).toBe(0);

  const s = new ProfileScreens(page);
  const profile = (await apiGet<WireBusinessProfile[]>(page, '/profile/business/list')).find(
    (p) => p.name === 'NOC Operators',
  ) as WireBusinessProfile;
  const held = new Set(profile.appProfiles.map((a) => a.application.uuid));
  const added = (await apiGet<WireAppProfile[]>(page, '/profile/app/list')).find(
    (a) => !held.has(a.application.uuid) && a.roles.length > 0,
  ) as WireAppProfile;
  await s.openBusinessProfile(profile.uuid);
  const before = calls(/^GET .*\/profile\/business\/[^/]+\/users$/);
  await s.field(added.application.name).selectOption({ label: added.name });
  await s.button('Update Profile').click();
  await expect(s.dialog().getByText(`Roles gained (${added.roles.length})`)).toBeVisible();
  expect(calls(/^POST .*\/api\/v1\/profile\/business\/impact$/)).toBe(1);
  expect(calls(/^GET .*\/profile\/business\/[^/]+\/users$/)).toBe(before);
  await s.dialog().getByRole('button', { name: 'Save Changes' }).click();
  await expect(message(page, profileMessages.business.saved(profile.name))).toBeVisible();
});
