// Deleting a business profile says what its users are left
// with and offers to deactivate the active ones in the same step, so that a
// team can be locked out without granting them a profile first. Through the
// bulk extension where the backend offers it, else user by user through
// POST /user/inactivate; unticked, nobody is deactivated.
import type { Page } from '@playwright/test';
import { profileMessages } from '../../../packages/shared/src/messages.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import { apiGet, message, ProfileScreens, type WireBusinessProfile, type WireUser } from './profiles-page.ts';

const m = profileMessages.business;
const API = '/userprofile/api/v1';

/** A business profile of the seed with active and inactive users, and those users. */
async function profileWithUsers(page: Page) {
  for (const profile of await apiGet<WireBusinessProfile[]>(page, '/profile/business/list')) {
    const users = await apiGet<WireUser[]>(page, `/profile/business/${profile.uuid}/users`);
    const active = users.filter((u) => u.active && u.username !== ACCOUNTS.provider);
    if (active.length >= 3 && active.length < users.length && active.length === users.filter((u) => u.active).length)
      return { profile, users, active };
  }
  throw new Error('the seed has no business profile with active and inactive users');
}

async function activeNow(page: Page, uuids: readonly string[]): Promise<number> {
  let n = 0;
  for (const uuid of uuids) if ((await apiGet<WireUser>(page, `/user/${uuid}`)).active) n++;
  return n;
}

for (const offered of [true, false]) {
  test(`delete a business profile and deactivate its active users (${offered ? 'bulk extension offered' : 'spec calls only: POST /user/bulk answers 404'})`, async ({
    page,
    signedInAs,
    mock,
  }) => {
    await signedInAs(ACCOUNTS.provider);
    const s = new ProfileScreens(page);
    const { profile, users, active } = await profileWithUsers(page);
    const inactive = users.filter((u) => !u.active).map((u) => u.uuid);
    if (!offered) await mock.fault({ method: 'POST', path: `${API}/user/bulk`, status: 404 });
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/user\/(bulk|inactivate)$/.test(r.url())) calls.push(new URL(r.url()).pathname);
    });

    await s.openBusinessProfile(profile.uuid);
    await s.button('Delete Profile').click();
    const dialog = s.dialog();
    await expect(dialog).toContainText(m.deleteText(profile.name));
    await expect(dialog.locator('[data-count="active"]')).toHaveText(String(active.length));
    const offer = dialog.getByRole('checkbox', { name: m.deactivateLeft(active.length) });
    await expect(offer).not.toBeChecked();
    // Ticked as a person does, on its words (the input itself is hidden under the drawn box).
    await dialog.getByText(m.deactivateLeft(active.length), { exact: true }).click();
    await expect(offer).toBeChecked();
    await dialog.getByRole('button', { name: 'Delete' }).click();

    await expect(message(page, m.deleted(profile.name))).toBeVisible();
    await expect(message(page, m.leftDeactivated(active.length))).toBeVisible();
    expect(
      await activeNow(
        page,
        active.map((u) => u.uuid),
      ),
    ).toBe(0);
    expect(await activeNow(page, inactive)).toBe(0);
    // Each user now has no business profile, and is inactive: locked out without a profile granted first.
    for (const u of active)
      expect((await apiGet<WireUser>(page, `/user/${u.uuid}`)).businessProfile ?? null).toBeNull();
    if (offered) expect(calls).toEqual([`${API}/user/bulk`]);
    else {
      expect(calls.filter((c) => c.endsWith('/user/bulk'))).toHaveLength(1);
      expect(calls.filter((c) => c.endsWith('/user/inactivate'))).toHaveLength(active.length);
    }
  });
}

test('unticked, the delete leaves its active users active', async ({ page, signedInAs }) => {
  await signedInAs(ACCOUNTS.provider);
  const s = new ProfileScreens(page);
  const { profile, active } = await profileWithUsers(page);
  await s.openBusinessProfile(profile.uuid);
  await s.button('Delete Profile').click();
  await expect(s.dialog().getByRole('checkbox', { name: m.deactivateLeft(active.length) })).not.toBeChecked();
  await s.dialog().getByRole('button', { name: 'Delete' }).click();
  await expect(message(page, m.deleted(profile.name))).toBeVisible();
  expect(
    await activeNow(
      page,
      active.map((u) => u.uuid),
    ),
  ).toBe(active.length);
});
