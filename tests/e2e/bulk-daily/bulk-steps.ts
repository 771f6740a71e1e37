// Steps the bulk-action specs of this folder share: a selection made in the
// Users list, a bulk action run from its menu, and what the reasons read.
import type { Locator, Page } from '@playwright/test';
import { bulkReasons } from '../../../packages/shared/src/bulk-reasons.ts';
import { ACCOUNTS, expect } from '../fixtures.ts';
import { apiGet, UsersPage, type WireUser } from '../users/users-page.ts';

type Named = { uuid: string; name: string };

const isSeeded = (u: WireUser) => (Object.values(ACCOUNTS) as string[]).includes(u.username);

/** The reason lines of a preview or a result, each '<count>: <reason>' (the names toggle aside). */
export async function reasonsAre(panel: Locator, lines: readonly string[]): Promise<void> {
  const reasons = panel.locator('[data-bulk-reason]');
  await expect(reasons).toHaveCount(lines.length);
  for (const [i, line] of lines.entries()) {
    await expect(reasons.nth(i).getByRole('button', { name: 'Show names' })).toBeVisible();
    await expect(reasons.nth(i).locator('p').first()).toHaveText(line);
  }
}

/** Ticks each user's row (filtered to it by username); the selection count follows. */
export async function select(page: Page, usernames: readonly string[]): Promise<void> {
  const list = new UsersPage(page);
  for (const username of usernames) {
    await list.show(username);
    await list.row(username).getByRole('checkbox').check();
  }
  await expect(page.getByText(`${usernames.length} selected`)).toBeVisible();
}

/** Users of the active list: `full` hold both profiles, `noBusiness` no business profile. */
export async function someUsers(page: Page, full: number, noBusiness: number) {
  const users = (await apiGet<WireUser[]>(page, '/user/list/active')).filter((u) => !isSeeded(u));
  const withBoth = users.filter((u) => u.businessProfile && u.visibilityProfile).slice(0, full);
  const without = users.filter((u) => !u.businessProfile).slice(0, noBusiness);
  expect(withBoth).toHaveLength(full);
  expect(without.length, 'active users without a business profile in the seed').toBeGreaterThan(0);
  return { withBoth, without };
}

/** A visibility profile none of these users holds. */
export async function otherVisibilityProfile(page: Page, users: readonly WireUser[]): Promise<Named> {
  const held = new Set(users.map((u) => u.visibilityProfile?.uuid));
  const all = await apiGet<Named[]>(page, '/profile/visibility/list');
  const other = all.find((p) => !held.has(p.uuid));
  expect(other, 'a visibility profile none of them holds').toBeTruthy();
  return other as Named;
}

/** Runs "Assign visibility profile" on the selection: the dialog's preview of the refused, then the action. */
export async function assignVisibility(page: Page, profile: Named) {
  await page.getByRole('button', { name: 'Bulk action' }).click();
  await page.getByRole('menuitem', { name: 'Assign visibility profile' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByLabel('Visibility profile to assign').selectOption({ label: profile.name });
  return dialog;
}

/**
 * Assign visibility profile to users of whom some have no business profile,
 * then Deactivate on the signed-in administrator with another user: the
 * refusals before and after, in the words of @userprofile/shared/bulk-reasons,
 * whichever path (the bulk call or spec §7's single-user calls) ran them.
 */
export async function refusalsInSharedWords(page: Page): Promise<void> {
  const { withBoth, without } = await someUsers(page, 2, 3);
  const profile = await otherVisibilityProfile(page, withBoth);
  await select(
    page,
    [...withBoth, ...without].map((u) => u.username),
  );
  const count = withBoth.length + without.length;
  const n = without.length;
  const usersWord = (k: number) => `${k} ${k === 1 ? 'user' : 'users'}`;

  const dialog = await assignVisibility(page, profile);
  const preview = dialog.locator('[data-bulk-preview]');
  await expect(preview).toContainText(`${n} of the ${count} users you may not change, and will be refused:`);
  await reasonsAre(preview, [`${usersWord(n)}: ${bulkReasons.noBusinessProfile}`]);
  await dialog.getByRole('button', { name: 'Assign visibility profile' }).click();

  const result = page.locator('[data-bulk-result]');
  await expect(result).toContainText(`2 users given the visibility profile, ${n} refused.`);
  // The reason names what is missing: the spec's words for a user without a business profile.
  await reasonsAre(result, [`${usersWord(n)}: User does not have a Profile assigned`]);
  await expect(result).not.toContainText('This field is required');
  const after = new Map((await apiGet<WireUser[]>(page, '/user/list/active')).map((u) => [u.uuid, u]));
  for (const u of withBoth) expect(after.get(u.uuid)?.visibilityProfile?.uuid).toBe(profile.uuid);
  for (const u of without) expect(after.get(u.uuid)?.visibilityProfile?.uuid).toBe(u.visibilityProfile?.uuid);

  // The signed-in administrator's own account is not deactivated in bulk: said before and after.
  await page.getByRole('button', { name: 'Clear selection' }).click();
  const other = withBoth[0] as WireUser;
  await select(page, [ACCOUNTS.provider, other.username]);
  await page.getByRole('button', { name: 'Bulk action' }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  await reasonsAre(dialog.locator('[data-bulk-preview]'), [`1 user: ${bulkReasons.ownAccount}`]);
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(result).toContainText('1 user deactivated, 1 refused.');
  await reasonsAre(result, [
    '1 user: This is your own account: a bulk action does not deactivate it or change its business profile',
  ]);
  const inactive = new Set((await apiGet<WireUser[]>(page, '/user/list/inactive')).map((u) => u.username));
  expect(inactive.has(other.username)).toBe(true);
  expect(inactive.has(ACCOUNTS.provider)).toBe(false);
}
