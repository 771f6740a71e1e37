// "Confirm only when there is something to confirm": the
// impact preview before saving a profile shows only when the change adds or
// removes a role or element for a user, or changes who may see the profile; a
// description-only edit of a used profile saves at once with its §8 message.
import { profileMessages } from '../../../packages/shared/src/messages.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import {
  apiGet,
  message,
  ProfileScreens,
  usersOf,
  type WireAppProfile,
  type WireBusinessProfile,
} from './profiles-page.ts';

test('a description-only save of a used profile shows its success message with no dialog', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.provider);
  const s = new ProfileScreens(page);
  const business = (await apiGet<WireBusinessProfile[]>(page, '/profile/business/list')).find(
    (p) => p.name === 'NOC Operators',
  ) as WireBusinessProfile;
  const reached = await usersOf(page, [business.uuid]);
  expect(reached.active + reached.inactive).toBeGreaterThan(0);
  await s.openBusinessProfile(business.uuid);
  await s.field('Description').fill('Only the words change');
  await s.button('Update Profile').click();
  await expect(message(page, profileMessages.business.saved(business.name))).toBeVisible();
  await expect(s.dialog()).toHaveCount(0);
  expect((await apiGet<WireBusinessProfile>(page, `/profile/business/get/${business.uuid}`)).description).toBe(
    'Only the words change',
  );

  const app = (await apiGet<WireAppProfile[]>(page, '/profile/app/list')).find(
    (p) => p.name === 'Alarm Manager - Supervisor',
  ) as WireAppProfile;
  await s.openAppProfile(app.uuid);
  await s.field('Description').fill('Reworded');
  await s.button('Update Profile').click();
  await expect(message(page, profileMessages.app.saved(app.name))).toBeVisible();
  await expect(s.dialog()).toHaveCount(0);
});

test('changing who may see a used profile asks first, and says so', async ({ page, signedInAs }) => {
  await signedInAs(ACCOUNTS.provider);
  const s = new ProfileScreens(page);
  const business = (await apiGet<WireBusinessProfile[]>(page, '/profile/business/list')).find(
    (p) => p.name === 'NOC Operators',
  ) as WireBusinessProfile;
  await s.openBusinessProfile(business.uuid);
  const levels = page.getByRole('group', { name: 'Visible To' });
  const provider = levels.getByRole('button', { name: 'Provider' });
  const other = (await provider.getAttribute('aria-pressed')) === 'true' ? 'Customer' : 'Provider';
  await levels.getByRole('button', { name: other }).click();
  await s.button('Update Profile').click();
  await expect(s.dialog().getByText('Who may see this profile changes')).toBeVisible();
  await s.dialog().getByRole('button', { name: 'Go Back' }).first().click();
  await expect(s.dialog()).toBeHidden();
});
