// After Undo, the bulk result says what the Undo did, with its own counts:
// not the action's line ("3 users given the visibility profile") left on
// screen after the Undo gave the users their profiles back. Shot at 1280×800
// and 390×844, light and dark, into docs/screenshots/bulk-undo-*.png.
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import { picture } from '../pictures.ts';
import { apiGet, type WireUser } from '../users/users-page.ts';
import { assignVisibility, otherVisibilityProfile, reasonsAre, select, someUsers } from './bulk-steps.ts';

const SHOTS = 'docs/screenshots';

async function undoResult(page: Page) {
  const { withBoth, without } = await someUsers(page, 3, 1);
  const profile = await otherVisibilityProfile(page, withBoth);
  await select(
    page,
    [...withBoth, ...without].map((u) => u.username),
  );
  const dialog = await assignVisibility(page, profile);
  await dialog.getByRole('button', { name: 'Assign visibility profile' }).click();
  const result = page.locator('[data-bulk-result]');
  await expect(result).toContainText('3 users given the visibility profile, 1 refused.');

  await result.getByRole('button', { name: 'Undo' }).click();
  await expect(dialog).toContainText(
    `Give the 3 users just given '${profile.name}' their previous visibility profile back`,
  );
  await dialog.getByRole('button', { name: 'Undo' }).click();
  // The Undo's own line and counts; nothing of the action's line, nor its refusals, is left.
  await expect(result).toContainText('Undone: 3 users given their previous visibility profile back.');
  await expect(result).not.toContainText('given the visibility profile');
  await expect(result).not.toContainText('refused');
  await reasonsAre(result, []);
  await expect(result.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  const now = new Map((await apiGet<WireUser[]>(page, '/user/list/active')).map((u) => [u.uuid, u]));
  for (const u of withBoth) expect(now.get(u.uuid)?.visibilityProfile?.uuid).toBe(u.visibilityProfile?.uuid);
  return result;
}

test('after Undo the result says what the Undo did, with its own counts; shot light and dark, wide and narrow', async ({
  page,
  signedInAs,
}) => {
  test.setTimeout(60_000);
  await signedInAs(ACCOUNTS.provider);
  const result = await undoResult(page);
  for (const scheme of ['light', 'dark'] as const) {
    // The console follows the system's colour mode while none was chosen.
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await result.scrollIntoViewIfNeeded();
      await expect(result).toBeInViewport();
      await picture(page, `${SHOTS}/bulk-undo-${width}-${scheme}.png`);
    }
  }
});

test('Undo of a Deactivate: activated again, in its own words', async ({ page, signedInAs }) => {
  await signedInAs(ACCOUNTS.provider);
  const { withBoth } = await someUsers(page, 2, 1);
  await select(
    page,
    withBoth.map((u) => u.username),
  );
  await page.getByRole('button', { name: 'Bulk action' }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  const result = page.locator('[data-bulk-result]');
  await expect(result).toContainText('2 users deactivated.');
  await result.getByRole('button', { name: 'Undo' }).click();
  await dialog.getByRole('button', { name: 'Undo' }).click();
  await expect(result).toContainText('Undone: 2 users activated again.');
});
