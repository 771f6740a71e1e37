// Business profiles (spec §2, §4, §5, §6, §8 Profiles): the list's filters,
// sort and paging; create (every field rule), clone and delete; the app
// profile dropdowns and their links; the impact preview and the delete
// confirmation's user counts against the server's data; every save, delete
// and dependants failure; a name that looks like HTML stays text; what a
// customer admin sees and may change.
import { pageTexts, profileMessages, validationMessages } from '../../../packages/shared/src/messages.ts';
import {
  href,
  toAppProfileList,
  toBusinessProfileEdit,
  toBusinessProfileList,
  toBusinessProfileNew,
} from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import {
  api,
  apiGet,
  message,
  type Named,
  ProfileScreens,
  usersOf,
  type WireAppProfile,
  type WireBusinessProfile,
} from './profiles-page.ts';

const m = profileMessages.business;
const BUSINESS = '/userprofile/api/v1/profile/business';
const XSS = '<img src=x onerror=alert(1)>';
const byName = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });
const has = (value: string | null | undefined, text: string) =>
  (value ?? '').toLowerCase().includes(text.toLowerCase());

test('provider admin: the list filters, sorts and pages; one column per application', async ({ page, signedInAs }) => {
  await signedInAs(ACCOUNTS.provider);
  const all = await apiGet<WireBusinessProfile[]>(page, '/profile/business/list');
  const apps = await apiGet<Named[]>(page, '/app/list');
  const names = all.map((p) => p.name).sort(byName);
  expect(names.length).toBeGreaterThan(10);
  const s = new ProfileScreens(page);
  await s.openBusinessList();
  await expect(page.getByRole('link', { name: 'New Profile' })).toBeVisible();

  await expect(s.range()).toHaveText(`1–10 of ${names.length}`);
  expect(await s.names()).toEqual(names.slice(0, 10));
  await s.page_(2);
  expect(await s.names()).toEqual(names.slice(10, 20));
  await s.sortBy('Name');
  expect(await s.names()).toEqual([...names].reverse().slice(0, 10));
  await s.sortBy('Name');

  // One column per application: the chosen app profile's name, or '---'.
  for (const app of apps) await expect(s.table.getByRole('columnheader', { name: app.name })).toBeVisible();
  await s.filter('Name').fill('provider administrators');
  const provider = all.find((p) => p.name === 'Provider Administrators') as WireBusinessProfile;
  for (const app of apps) {
    const chosen = provider.appProfiles.find((ap) => ap.application.uuid === app.uuid);
    expect(await s.column(app.name), app.name).toEqual([chosen?.name ?? '---']);
  }
  await s.filter('Name').fill('');

  // Description: case-insensitive substring. App profiles: every comma-separated name must match.
  const description = (provider.description ?? '').slice(-10);
  await s.filter('Description').fill(description.toUpperCase());
  const byDescription = all.filter((p) => has(p.description, description)).map((p) => p.name);
  expect(await s.names()).toEqual(byDescription.sort(byName).slice(0, 10));
  await s.filter('Description').fill('');
  const filter = s.filter('App Profiles (comma-separated)');
  await filter.fill('alarm manager - operator, INVENTORY - reader');
  const both = all
    .filter(
      (p) =>
        p.appProfiles.some((a) => has(a.name, 'alarm manager - operator')) &&
        p.appProfiles.some((a) => has(a.name, 'inventory - reader')),
    )
    .map((p) => p.name)
    .sort(byName);
  expect(both.length).toBeGreaterThan(0);
  await expect(s.range()).toHaveText(`1–${both.length} of ${both.length}`);
  expect(await s.names()).toEqual(both);
  await filter.fill('alarm manager - operator, no such profile');
  await expect(s.range()).toHaveText('No business profiles match');
});

test('provider admin creates a profile named like HTML (every field rule, links, clone, delete); the name stays text', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.provider);
  const s = new ProfileScreens(page);
  // An application profile whose name looks like HTML, for the dropdowns and lists.
  const inventory = (await apiGet<(Named & { roles: Named[] })[]>(page, '/app/list')).find(
    (a) => a.name === 'Inventory',
  ) as Named & { roles: Named[] };
  const created = await api(page, 'POST', '/profile/app/update', {
    name: XSS,
    application: { uuid: inventory.uuid, name: inventory.name },
    minimumRole: { name: 'ADMIN' },
    roles: [{ uuid: inventory.roles[0]?.uuid }],
    elements: [],
  });
  expect(created.ok()).toBe(true);
  const xssApp = (await created.json()) as WireAppProfile;

  await page.goto(href(toBusinessProfileNew()));
  await expect(page.getByRole('heading', { name: 'New Business Profile' })).toBeVisible();
  await expect(s.button('Delete Profile')).toBeDisabled();
  // Name required and at most 255, description at most 1023, at least one application profile;
  // the save button stays disabled while any rule fails (spec §5).
  await expect(s.button('Create Profile')).toBeDisabled();
  await s.field('Name').fill('x');
  await s.field('Name').fill('');
  await expect(page.getByText(validationMessages.requiredMax255)).toBeVisible();
  await s.field('Alarm Manager').selectOption({ label: 'Alarm Manager - Operator' });
  await s.field('Alarm Manager').selectOption({ label: '---' });
  await expect(page.getByText(validationMessages.required, { exact: true })).toBeVisible();
  await s.field('Name').fill('n'.repeat(256));
  await expect(page.getByText(validationMessages.requiredMax255)).toBeVisible();
  await s.field('Description').fill('d'.repeat(1024));
  await expect(page.getByText(validationMessages.max1023)).toBeVisible();
  await s.field('Description').fill('Made by the e2e test');
  await s.field('Name').fill(XSS);
  await expect(page.getByText(validationMessages.requiredMax255)).toHaveCount(0);

  // Per application a dropdown, '---' first; the chosen profile has a link.
  const inventorySelect = s.field('Inventory');
  await expect(inventorySelect.locator('option').first()).toHaveText('---');
  await expect(inventorySelect.locator('option', { hasText: XSS })).toHaveCount(1);
  await inventorySelect.selectOption({ label: XSS });
  await s.field('Alarm Manager').selectOption({ label: 'Alarm Manager - Operator' });
  await expect(page.getByText(validationMessages.required, { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Open Inventory' })).toHaveAttribute(
    'href',
    href(`/profile/app/edit/${xssApp.uuid}`),
  );

  await s.button('Create Profile').click();
  await expect(message(page, m.saved(XSS))).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Editing Business Profile' })).toBeVisible();
  const saved = (await apiGet<WireBusinessProfile[]>(page, '/profile/business/list')).find(
    (p) => p.name === XSS,
  ) as WireBusinessProfile;
  expect(saved.appProfiles.map((a) => a.name).sort()).toEqual([XSS, 'Alarm Manager - Operator'].sort());
  // The default minimum role of the signed-in user applies.
  expect(saved.minimumRole.name).toBe('ADMIN');

  // In the list: the name and the app profile cell as text.
  await s.openBusinessList();
  await s.filter('Name').fill('<img');
  expect(await s.names()).toEqual([XSS]);
  expect(await s.column('Inventory')).toEqual([XSS]);

  // Clone: the form copied, '_clone' appended, saved as a new profile.
  await s.table.getByRole('link', { name: XSS }).click();
  await page.getByRole('button', { name: 'Clone Profile' }).click();
  await expect(page.getByRole('heading', { name: 'New Business Profile' })).toBeVisible();
  await expect(s.field('Name')).toHaveValue(`${XSS}_clone`);
  await expect(s.field('Inventory')).toHaveValue(xssApp.uuid);
  await s.button('Create Profile').click();
  await expect(message(page, m.saved(`${XSS}_clone`))).toBeVisible();

  // Delete: nobody uses the clone (0 and 0), then the list.
  await s.button('Delete Profile').click();
  await expect(s.dialog().getByText(`Delete the business profile ${XSS}_clone?`, { exact: false })).toBeVisible();
  await expect(s.dialog().locator('[data-count="active"]')).toHaveText('0');
  await expect(s.dialog().locator('[data-count="inactive"]')).toHaveText('0');
  await s.dialog().getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(message(page, m.deleted(`${XSS}_clone`))).toBeVisible();
  await expect(page.getByRole('table', { name: 'Business profiles' })).toBeVisible();

  // The application profile list and its delete confirmation (which lists the business profile) show it as text.
  await page.goto(href(toAppProfileList()));
  await s.filter('Name').fill('<img');
  expect(await s.names()).toEqual([XSS]);
  await s.openAppProfile(xssApp.uuid);
  await s.button('Delete Profile').click();
  await expect(s.dialog().getByRole('listitem')).toHaveText([XSS]);
  await s.dialog().getByRole('button', { name: 'Close' }).first().click();

  // Nothing was ever rendered as HTML.
  expect(s.dialogs).toEqual([]);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
});

test('editing a profile with users: the impact preview and the delete counts agree with the server', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.provider);
  const s = new ProfileScreens(page);
  const profile = (await apiGet<WireBusinessProfile[]>(page, '/profile/business/list')).find(
    (p) => p.name === 'NOC Operators',
  ) as WireBusinessProfile;
  const reached = await usersOf(page, [profile.uuid]);
  expect(reached.active + reached.inactive).toBeGreaterThan(0);

  await s.openBusinessProfile(profile.uuid);
  // Its users, each opening the user editor.
  await s.tab('Users').click();
  await expect(page.getByRole('table', { name: 'Users of this profile' })).toBeVisible();
  await expect(page.getByText(`1–${Math.min(10, reached.active + reached.inactive)} of `)).toBeVisible();

  await s.tab('Basic Info').click();
  const performance = profile.appProfiles.find((a) => a.name === 'Performance Monitor - Analyst') as Named;
  expect(performance).toBeTruthy();
  await s.field('Performance Monitor').selectOption({ label: '---' });
  await s.button('Update Profile').click();
  const preview = s.dialog();
  await expect(
    preview.getByText(`This change reaches ${reached.active} active and ${reached.inactive} inactive users.`),
  ).toBeVisible();
  await expect(preview.getByText('Roles lost (1)')).toBeVisible();
  await preview.getByRole('button', { name: 'Go Back' }).first().click();
  await expect(preview).toBeHidden();
  expect((await apiGet<WireBusinessProfile>(page, `/profile/business/get/${profile.uuid}`)).appProfiles).toHaveLength(
    profile.appProfiles.length,
  );
  await s.button('Update Profile').click();
  await s.dialog().getByRole('button', { name: 'Save Changes' }).click();
  await expect(message(page, m.saved(profile.name))).toBeVisible();
  expect(
    (await apiGet<WireBusinessProfile>(page, `/profile/business/get/${profile.uuid}`)).appProfiles.map((a) => a.name),
  ).not.toContain('Performance Monitor - Analyst');

  await s.button('Delete Profile').click();
  await expect(s.dialog().locator('[data-count="active"]')).toHaveText(String(reached.active));
  await expect(s.dialog().locator('[data-count="inactive"]')).toHaveText(String(reached.inactive));
  await s.dialog().getByRole('button', { name: 'Close' }).first().click();
});

test('every save, delete and dependants failure of spec §8 shows its message', async ({ page, signedInAs, mock }) => {
  await signedInAs(ACCOUNTS.provider);
  const s = new ProfileScreens(page);
  const list = await apiGet<WireBusinessProfile[]>(page, '/profile/business/list');
  const planning = list.find((p) => p.name === 'Planning Analysts') as WireBusinessProfile;

  // 409: the server's own answer to a taken name.
  await s.openBusinessProfile(planning.uuid);
  await s.field('Name').fill('noc operators');
  await s.button('Update Profile').click();
  await expect(message(page, m.nameExists)).toBeVisible();

  // Other failures of the save, and a 409 by fault injection.
  await page.goto(href(toBusinessProfileNew()));
  await s.field('Name').fill(`Failing ${Date.now()}`);
  await s.field('Inventory').selectOption({ label: 'Inventory - Reader' });
  await mock.fault({ method: 'POST', path: `${BUSINESS}/update`, status: 500 });
  await s.button('Create Profile').click();
  await expect(message(page, m.saveError)).toBeVisible();
  await mock.fault({ method: 'POST', path: `${BUSINESS}/update`, status: 409 });
  await s.button('Create Profile').click();
  await expect(message(page, m.nameExists)).toBeVisible();

  // The users of the delete confirmation fail to load; then the delete fails.
  await s.openBusinessProfile(planning.uuid);
  await mock.fault({ method: 'GET', path: `${BUSINESS}/${planning.uuid}/users`, status: 500 });
  await s.button('Delete Profile').click();
  await expect(s.dialog().getByText(m.dependantsLoadFailed)).toBeVisible();
  await mock.fault({ method: 'DELETE', path: `${BUSINESS}/${planning.uuid}`, status: 500 });
  await s.dialog().getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(message(page, m.deleteFailed)).toBeVisible();
  await s.dialog().getByRole('button', { name: 'Close' }).first().click();

  // A failed load of the list says why, and Retry loads it.
  await mock.fault({ method: 'GET', path: `${BUSINESS}/list`, status: 500 });
  await page.goto(href(toBusinessProfileList()));
  await expect(page.getByText(/^Could not load business profiles: HTTP 500/)).toBeVisible();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('table', { name: 'Business profiles' })).toBeVisible();
});

test('customer admin: only its company and role; provider-level profiles read-only; the server refuses the rest', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.provider);
  const all = await apiGet<WireBusinessProfile[]>(page, '/profile/business/list');
  const me = await apiGet<{ errigalCustomerCompany?: { uuid: string } }>(page, `/user/username/${ACCOUNTS.customer}`);
  const company = me.errigalCustomerCompany?.uuid;
  const visible = (p: WireBusinessProfile) =>
    p.minimumRole.name !== 'ERRIGAL_ADMIN' && (!p.errigalCustomerCompany || p.errigalCustomerCompany.uuid === company);

  await signedInAs(ACCOUNTS.customer);
  const s = new ProfileScreens(page);
  await s.openBusinessList();
  const expected = all
    .filter(visible)
    .map((p) => p.name)
    .sort(byName);
  await expect(s.range()).toHaveText(`1–${Math.min(10, expected.length)} of ${expected.length}`);
  expect(await s.names()).toEqual(expected.slice(0, 10));

  // Another company's profile: not found, and the server refuses it.
  const other = all.find((p) => !visible(p)) as WireBusinessProfile;
  await page.goto(href(toBusinessProfileEdit(other.uuid)));
  await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
  expect((await api(page, 'GET', `/profile/business/${other.uuid}/users`)).status()).toBe(404);

  // A provider-level profile: read-only here, 403 at the server.
  const shared = all.find((p) => visible(p) && !p.errigalCustomerCompany) as WireBusinessProfile;
  await s.openBusinessProfile(shared.uuid);
  await expect(page.getByText(pageTexts.sharedProfileReadOnly)).toBeVisible();
  await expect(s.button('Update Profile')).toBeDisabled();
  await expect(s.button('Delete Profile')).toBeDisabled();
  const write = await api(page, 'POST', '/profile/business/update', {
    uuid: shared.uuid,
    name: `${shared.name} changed`,
    minimumRole: shared.minimumRole,
    appProfiles: shared.appProfiles.map((a) => ({ uuid: a.uuid, name: a.name, application: a.application })),
  });
  expect(write.status()).toBe(403);

  // Its own profile: created in its company.
  await page.goto(href(toBusinessProfileNew()));
  const name = `Customer Readers ${Date.now()}`;
  await s.field('Name').fill(name);
  await s.field('Inventory').selectOption({ label: 'Inventory - Reader' });
  await s.button('Create Profile').click();
  await expect(message(page, m.saved(name))).toBeVisible();
  const saved = (await apiGet<WireBusinessProfile[]>(page, '/profile/business/list')).find((p) => p.name === name);
  expect(saved?.errigalCustomerCompany?.uuid).toBe(company);
});
