// Application profile list (spec §2): five filters, sort, paging, the expand
// toggle; what each role sees (spec §6).
import { pageTexts } from '../../../packages/shared/src/messages.ts';
import {
  href,
  toAppProfileEdit,
  toAppProfileList,
  toAppProfileNew,
  toBusinessProfileList,
  toBusinessProfileNew,
} from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import { api, apiGet, ProfileScreens, type WireAppProfile } from './profiles-page.ts';

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });
const has = (value: string | null | undefined, text: string) =>
  (value ?? '').toLowerCase().includes(text.toLowerCase());

test('provider admin: each filter, sort by name, paging and the expand toggle', async ({ page, signedInAs }) => {
  await signedInAs(ACCOUNTS.provider);
  const all = await apiGet<WireAppProfile[]>(page, '/profile/app/list');
  const names = all.map((p) => p.name).sort(byName);
  expect(names.length).toBeGreaterThan(10);
  const screens = new ProfileScreens(page);
  await screens.openAppList();

  // Paginated, sorted by name: page 1 then page 2.
  await expect(screens.range()).toHaveText(`1–10 of ${names.length}`);
  expect(await screens.names()).toEqual(names.slice(0, 10));
  await screens.page_(2);
  await expect(screens.range()).toHaveText(`11–${Math.min(20, names.length)} of ${names.length}`);
  expect(await screens.names()).toEqual(names.slice(10, 20));

  // Name sorts the other way on a second click (and back to page 1).
  await screens.sortBy('Name');
  await expect(screens.table.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
  expect(await screens.names()).toEqual([...names].reverse().slice(0, 10));
  await screens.sortBy('Name');

  // Each filter: case-insensitive substring, the rows the server's data says.
  const supervisor = all.find((p) => p.name === 'Alarm Manager - Supervisor') as WireAppProfile;
  const cases: [string, string, (p: WireAppProfile) => boolean][] = [
    ['Name', 'INVENTORY', (p) => has(p.name, 'inventory')],
    [
      'Description',
      (supervisor.description ?? '').slice(-12).toUpperCase(),
      (p) => has(p.description, (supervisor.description ?? '').slice(-12)),
    ],
    ['Application', 'snmp man', (p) => has(p.application.name, 'snmp man')],
    ['Role', 'alarm_supervisor', (p) => p.roles.some((r) => has(r.name, 'alarm_supervisor'))],
    [
      'Parameter',
      (supervisor.elements[0]?.name ?? '').toLowerCase(),
      (p) => p.elements.some((e) => has(e.name, supervisor.elements[0]?.name ?? '')),
    ],
  ];
  for (const [label, text, matches] of cases) {
    await screens.filter(label).fill(text);
    const expected = all
      .filter(matches)
      .map((p) => p.name)
      .sort(byName);
    expect(expected.length, label).toBeGreaterThan(0);
    await expect(screens.range()).toHaveText(`1–${Math.min(10, expected.length)} of ${expected.length}`);
    expect(await screens.names(), label).toEqual(expected.slice(0, 10));
    await screens.filter(label).fill('');
  }
  await screens.filter('Name').fill('no such profile');
  await expect(screens.range()).toHaveText('No application profiles match');
  await screens.filter('Name').fill('Alarm Manager - Supervisor');

  // The expand toggle: collapsed, the first role with ' ...'; expanded, every role.
  const roles = supervisor.roles.map((r) => r.name);
  expect(roles.length).toBeGreaterThan(1);
  await expect(screens.table.locator('td[data-column="roles"]')).toHaveText(`${roles[0]} ...`);
  await screens.button('Expand').click();
  await expect(screens.table.locator('td[data-column="roles"] li')).toHaveText(roles);
  await expect(screens.table.locator('td[data-column="parameters"] li')).toHaveText(
    supervisor.elements.map((e) => e.name),
  );
  await screens.button('Collapse').click();
  await expect(screens.table.locator('td[data-column="roles"]')).toHaveText(`${roles[0]} ...`);
});

test('customer admin sees only the profiles of its company and role; the server refuses the others', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.provider);
  const all = await apiGet<WireAppProfile[]>(page, '/profile/app/list');
  const customer = await apiGet<{ errigalCustomerCompany?: { uuid: string } }>(
    page,
    `/user/username/${ACCOUNTS.customer}`,
  );
  const company = customer.errigalCustomerCompany?.uuid;
  expect(company).toBeTruthy();
  const visible = (p: WireAppProfile) =>
    p.minimumRole.name !== 'ERRIGAL_ADMIN' && (!p.errigalCustomerCompany || p.errigalCustomerCompany.uuid === company);
  const hidden = all.filter((p) => !visible(p));
  expect(hidden.map((p) => p.minimumRole.name)).toContain('ERRIGAL_ADMIN');
  expect(hidden.some((p) => p.errigalCustomerCompany && p.errigalCustomerCompany.uuid !== company)).toBe(true);

  await signedInAs(ACCOUNTS.customer);
  const screens = new ProfileScreens(page);
  await screens.openAppList();
  const expected = all
    .filter(visible)
    .map((p) => p.name)
    .sort(byName);
  await expect(screens.range()).toHaveText(`1–10 of ${expected.length}`);
  const shown: string[] = [...(await screens.names())];
  if (expected.length > 10) {
    await screens.page_(2);
    shown.push(...(await screens.names()));
  }
  expect(shown).toEqual(expected.slice(0, 20));

  // A hidden profile: the editor's load is 404 (→ Not Found), and the server refuses reads and writes.
  const other = hidden[0] as WireAppProfile;
  await page.goto(href(toAppProfileEdit(other.uuid)));
  await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
  expect((await api(page, 'GET', `/profile/app/get/${other.uuid}`)).status()).toBe(404);
  const write = await api(page, 'POST', '/profile/app/update', {
    uuid: other.uuid,
    name: other.name,
    application: other.application,
    minimumRole: { name: 'ADMIN' },
    roles: [],
    elements: [],
  });
  expect(write.status()).toBe(404);
  expect((await api(page, 'GET', `/profile/app/${other.uuid}/businessProfiles`)).status()).toBe(404);

  // A provider-level profile (no company) it sees but may not change: the editor says so, the server refuses.
  const shared = all.find((p) => visible(p) && !p.errigalCustomerCompany) as WireAppProfile;
  await screens.openAppProfile(shared.uuid);
  await expect(page.getByText(pageTexts.sharedProfileReadOnly)).toBeVisible();
  await expect(screens.button('Update Profile')).toBeDisabled();
  await expect(screens.button('Delete Profile')).toBeDisabled();
  const sharedWrite = await api(page, 'POST', '/profile/app/update', {
    uuid: shared.uuid,
    name: shared.name,
    application: shared.application,
    minimumRole: shared.minimumRole,
    roles: [],
    elements: [],
  });
  expect(sharedWrite.status()).toBe(403);
});

test('SCO admin may not open the profile screens, and the server refuses its profile writes', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.sco);
  for (const path of [toAppProfileList(), toAppProfileNew(), toBusinessProfileList(), toBusinessProfileNew()]) {
    await page.goto(href(path));
    await expect(page.getByRole('heading', { name: '403 Forbidden' })).toBeVisible();
  }
  const mine = await apiGet<WireAppProfile[]>(page, '/profile/app/list');
  const one = mine[0] as WireAppProfile;
  const write = await api(page, 'POST', '/profile/app/update', {
    uuid: one.uuid,
    name: one.name,
    application: one.application,
    minimumRole: one.minimumRole,
    roles: [],
    elements: [],
  });
  expect(write.status()).toBe(403);
});
