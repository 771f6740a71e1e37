// Application profile editor (spec §2, §4, §5, §8 Profiles): create with
// every field rule, the application locked once saved, roles and elements,
// clone, delete with the business profiles that use it, the impact preview
// against the server's data, and every save and delete failure.
import { profileMessages, validationMessages } from '../../../packages/shared/src/messages.ts';
import { href, toAppProfileList, toAppProfileNew } from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import { apiGet, message, type Named, ProfileScreens, usersOf, type WireAppProfile } from './profiles-page.ts';

const m = profileMessages.app;
const APP = '/userprofile/api/v1/profile/app';

test('provider admin creates a profile (every field rule), which locks its application; clones and deletes it', async ({
  page,
  signedInAs,
  mock,
}) => {
  await signedInAs(ACCOUNTS.provider);
  const s = new ProfileScreens(page);
  // While the applications load, the application field says so.
  await mock.fault({ method: 'GET', path: '/userprofile/api/v1/app/list', delayMs: 2500 });
  await page.goto(href(toAppProfileList()));
  await page.getByRole('link', { name: 'New App Profile' }).click();
  await expect(page.getByRole('heading', { name: 'New Application Profile' })).toBeVisible();
  await expect(page.getByText('Loading profiles, please wait...')).toBeVisible();
  await expect(page.getByText(validationMessages.selectApplication)).toBeVisible();
  await expect(s.tab('Roles')).toBeDisabled();
  await expect(s.button('Delete Profile')).toBeDisabled();

  // Name: required, at most 255; description at most 1023.
  await s.field('Name').fill('x');
  await s.field('Name').fill('');
  await expect(page.getByText(validationMessages.requiredMax255)).toBeVisible();
  await s.field('Name').fill('n'.repeat(256));
  await expect(page.getByText(validationMessages.requiredMax255)).toBeVisible();
  await s.field('Description').fill('d'.repeat(1024));
  await expect(page.getByText(validationMessages.max1023)).toBeVisible();
  await s.field('Description').fill('Night shift operators');
  await expect(page.getByText(validationMessages.max1023)).toHaveCount(0);
  const name = `Alarm Manager - Night Shift ${Date.now()}`;
  await s.field('Name').fill(name);
  await expect(page.getByText(validationMessages.requiredMax255)).toHaveCount(0);

  await s.field('Application').selectOption({ label: 'Alarm Manager' });
  await expect(page.getByText(validationMessages.selectApplication)).toHaveCount(0);
  await s.tab('Roles').click();
  await expect(page.getByText('(External Role)').first()).toBeVisible();
  await s.button('Add All').click();
  const roles = page.getByRole('group', { name: 'Roles' }).getByRole('checkbox');
  await expect(roles.first()).toBeChecked();
  expect(await roles.evaluateAll((boxes) => boxes.every((b) => (b as HTMLInputElement).checked))).toBe(true);
  await s.button('Remove All').click();
  expect(await roles.evaluateAll((boxes) => boxes.some((b) => (b as HTMLInputElement).checked))).toBe(false);
  await s.grant('ALARM_OPERATOR').check();
  await s.tab('Alarm Severity Filters').click();
  await s.button('Add All').click();

  await s.button('Create Profile').click();
  await expect(message(page, m.saved(name))).toBeVisible();
  await expect(s.button('Update Profile')).toBeVisible();
  // Saved: the application is locked.
  await s.tab('Basic Info').click();
  await expect(s.field('Application')).toBeDisabled();
  const saved = (await apiGet<WireAppProfile[]>(page, '/profile/app/list')).find(
    (p) => p.name === name,
  ) as WireAppProfile;
  expect(saved.roles.map((r) => r.name)).toEqual(['ALARM_OPERATOR']);
  const alarm = (await apiGet<{ name: string; elements: (Named & { category: string })[] }[]>(page, '/app/list')).find(
    (a) => a.name === 'Alarm Manager',
  );
  expect(saved.elements.map((e) => e.uuid).sort()).toEqual(
    (alarm?.elements ?? [])
      .filter((e) => e.category === 'ALARM_SEVERITY_FILTER')
      .map((e) => e.uuid)
      .sort(),
  );

  // Clone: the form copied, '_clone' appended, a new profile (application free again).
  await page.getByRole('button', { name: 'Clone Profile' }).click();
  await expect(page.getByRole('heading', { name: 'New Application Profile' })).toBeVisible();
  await expect(s.field('Name')).toHaveValue(`${name}_clone`);
  await expect(s.field('Application')).toBeEnabled();
  await s.button('Create Profile').click();
  await expect(message(page, m.saved(`${name}_clone`))).toBeVisible();
  const clone = (await apiGet<WireAppProfile[]>(page, '/profile/app/list')).find((p) => p.name === `${name}_clone`);
  expect(clone?.roles.map((r) => r.name)).toEqual(['ALARM_OPERATOR']);

  // Delete: nobody uses the clone.
  await s.button('Delete Profile').click();
  await expect(s.dialog().getByText('No business profile uses it.')).toBeVisible();
  await s.dialog().getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(message(page, m.deleted(`${name}_clone`))).toBeVisible();
  await expect(page.getByRole('table', { name: 'Application profiles' })).toBeVisible();
  expect((await apiGet<WireAppProfile[]>(page, '/profile/app/list')).some((p) => p.uuid === clone?.uuid)).toBe(false);
});

test('editing a profile users depend on: the impact preview counts them as the server does; delete lists its business profiles', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.provider);
  const s = new ProfileScreens(page);
  const profile = (await apiGet<WireAppProfile[]>(page, '/profile/app/list')).find(
    (p) => p.name === 'Alarm Manager - Supervisor',
  ) as WireAppProfile;
  const using = await apiGet<Named[]>(page, `/profile/app/${profile.uuid}/businessProfiles`);
  const reached = await usersOf(
    page,
    using.map((b) => b.uuid),
  );
  expect(reached.active + reached.inactive).toBeGreaterThan(0);

  await s.openAppProfile(profile.uuid);
  await s.tab('Business Profiles').click();
  await expect(page.getByRole('table', { name: 'Business profiles that use it' }).getByRole('link')).toHaveText(
    using.map((b) => b.name),
  );
  await s.tab('Roles').click();
  await s.grant('ALARM_SUPERVISOR').uncheck();
  await s.button('Update Profile').click();
  const preview = s.dialog();
  await expect(
    preview.getByText(
      `This change reaches ${reached.active} active and ${reached.inactive} inactive users through ${using.length} business profiles.`,
    ),
  ).toBeVisible();
  await expect(preview.getByText('Roles lost (1)')).toBeVisible();
  await expect(preview.getByRole('listitem')).toHaveText(['ALARM_SUPERVISOR (Alarm Manager)']);
  // Go Back: nothing saved.
  await preview.getByRole('button', { name: 'Go Back' }).first().click();
  await expect(preview).toBeHidden();
  const unchanged = await apiGet<WireAppProfile>(page, `/profile/app/get/${profile.uuid}`);
  expect(unchanged.roles.map((r) => r.name)).toContain('ALARM_SUPERVISOR');
  // Confirm: saved.
  await s.button('Update Profile').click();
  await s.dialog().getByRole('button', { name: 'Save Changes' }).click();
  await expect(message(page, m.saved(profile.name))).toBeVisible();
  const changed = await apiGet<WireAppProfile>(page, `/profile/app/get/${profile.uuid}`);
  expect(changed.roles.map((r) => r.name)).not.toContain('ALARM_SUPERVISOR');

  // The delete confirmation lists the business profiles that use it.
  await s.button('Delete Profile').click();
  await expect(s.dialog().getByRole('listitem')).toHaveText(using.map((b) => b.name));
  await s.dialog().getByRole('button', { name: 'Close' }).first().click();
});

test('every save and delete failure of spec §8 shows its message', async ({ page, signedInAs, mock }) => {
  await signedInAs(ACCOUNTS.provider);
  const s = new ProfileScreens(page);
  const list = await apiGet<WireAppProfile[]>(page, '/profile/app/list');
  const operator = list.find((p) => p.name === 'Alarm Manager - Operator') as WireAppProfile;

  // 409: a name another profile has (the server's own answer).
  await s.openAppProfile(operator.uuid);
  await s.field('Name').fill('alarm manager - supervisor');
  await s.button('Update Profile').click();
  await expect(message(page, m.nameExists)).toBeVisible();

  // Any other failure of the save.
  await page.goto(href(toAppProfileNew()));
  await s.field('Name').fill(`Failing ${Date.now()}`);
  await s.field('Application').selectOption({ label: 'Inventory' });
  await mock.fault({ method: 'POST', path: `${APP}/update`, status: 500 });
  await s.button('Create Profile').click();
  await expect(message(page, m.saveError)).toBeVisible();
  await mock.fault({ method: 'POST', path: `${APP}/update`, status: 409 });
  await s.button('Create Profile').click();
  await expect(message(page, m.nameExists)).toBeVisible();

  // The dependants of the delete confirmation, then the delete itself.
  await s.openAppProfile(operator.uuid);
  await mock.fault({ method: 'GET', path: `${APP}/${operator.uuid}/businessProfiles`, status: 500 });
  await s.button('Delete Profile').click();
  await expect(s.dialog().getByText(m.dependantsLoadFailed)).toBeVisible();
  await mock.fault({ method: 'DELETE', path: `${APP}/${operator.uuid}`, status: 500 });
  await s.dialog().getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(message(page, m.deleteFailed)).toBeVisible();
  await expect(s.dialog()).toBeVisible();
});

test('customer admin creates and edits a profile of its own company', async ({ page, signedInAs }) => {
  await signedInAs(ACCOUNTS.customer);
  const s = new ProfileScreens(page);
  const me = await apiGet<{ errigalCustomerCompany?: { uuid: string } }>(page, `/user/username/${ACCOUNTS.customer}`);
  await page.goto(href(toAppProfileNew()));
  // No provider level for a customer admin; its own company applies.
  await expect(page.getByRole('group', { name: 'Visible To' }).getByRole('button', { name: 'Provider' })).toHaveCount(
    0,
  );
  const name = `Inventory - Customer Readers ${Date.now()}`;
  await s.field('Name').fill(name);
  await s.field('Application').selectOption({ label: 'Inventory' });
  await s.tab('Roles').click();
  await s.grant('INV_READER').check();
  await s.button('Create Profile').click();
  await expect(message(page, m.saved(name))).toBeVisible();
  const saved = (await apiGet<WireAppProfile[]>(page, '/profile/app/list')).find((p) => p.name === name);
  expect(saved?.errigalCustomerCompany?.uuid).toBe(me.errigalCustomerCompany?.uuid);
  expect(saved?.minimumRole.name).toBe('ADMIN');

  await s.tab('Basic Info').click();
  await s.field('Description').fill('Readers of the customer');
  await s.button('Update Profile').click();
  await expect(message(page, m.saved(name))).toBeVisible();
  // The toast of the first save may still show: wait for the server to have the change.
  await expect
    .poll(async () => (await apiGet<WireAppProfile>(page, `/profile/app/get/${saved?.uuid}`)).description)
    .toBe('Readers of the customer');
});
