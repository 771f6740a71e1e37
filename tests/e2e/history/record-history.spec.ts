// The History tab, on the business profile editor: a change made
// in the editor shows in its history with the old and new values and who
// made it (server text stays text), the whole record opens before and
// after; older entries page in; a failure names its reason and Retry loads
// the entries; a backend without the call reads as not offering it. A user
// moved into the reader's company from another shows the reader how many
// changes are withheld, the move as the record arrived, and "another
// administrator" for an actor the reader cannot open.
import { historyTexts, profileMessages } from '../../../packages/shared/src/messages.ts';
import { href, toBusinessProfileEdit, toUserEdit } from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import {
  API,
  api,
  apiGet,
  message,
  type Named,
  ProfileScreens,
  type WireBusinessProfile,
  type WireUser,
} from '../profiles/profiles-page.ts';

test.describe.configure({ timeout: 60_000 });

const XSS = '<img src=x onerror=alert(1)>';

async function profileNamed(page: import('@playwright/test').Page, name: string): Promise<WireBusinessProfile> {
  const list = await apiGet<WireBusinessProfile[]>(page, '/profile/business/list');
  const found = list.find((p) => p.name === name);
  expect(found, name).toBeTruthy();
  return apiGet<WireBusinessProfile>(page, `/profile/business/get/${found?.uuid}`);
}

/** Saves the profile with another description through the API (as the signed-in user). */
async function setDescription(page: import('@playwright/test').Page, profile: WireBusinessProfile, text: string) {
  const r = await api(page, 'POST', '/profile/business/update', {
    uuid: profile.uuid,
    name: profile.name,
    description: text,
    minimumRole: profile.minimumRole,
    ...(profile.errigalCustomerCompany ? { errigalCustomerCompany: profile.errigalCustomerCompany } : {}),
    appProfiles: profile.appProfiles.map(({ uuid, name, application }) => ({ uuid, name, application })),
  });
  expect(r.ok(), `update: ${r.status()} ${await r.text()}`).toBeTruthy();
}

test('an edit of a business profile shows in its History: old and new values, who, the record before and after', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.provider);
  const profile = await profileNamed(page, 'NOC Operators');
  const before = profile.description || '(empty)';
  const after = `Night shift ${XSS}`;
  const s = new ProfileScreens(page);
  await s.openBusinessProfile(profile.uuid);

  // The tab is open before the save: the save itself brings the new entry.
  await s.tab(historyTexts.historyTab).click();
  const history = page.getByRole('list', { name: 'History, newest first' });
  await expect(history.or(page.getByText(historyTexts.noHistory))).toBeVisible();
  const entriesBefore = await history.locator(':scope > li').count();

  await s.tab('Basic Info').click();
  await s.field('Description').fill(after);
  // A description edit changes no user's access: it saves at once, with no impact preview.
  await s.button('Update Profile').click();
  await expect(message(page, profileMessages.business.saved(profile.name))).toBeVisible();

  await s.tab(historyTexts.historyTab).click();
  await expect(history.locator(':scope > li')).toHaveCount(entriesBefore + 1);
  const entry = history.locator(':scope > li').first();
  await expect(entry).toContainText('Updated');
  await expect(entry.locator('[data-actor]')).toHaveText(ACCOUNTS.provider);
  await expect(entry.getByRole('list', { name: 'Changes' }).getByRole('listitem')).toHaveText([
    `Description: ${before} → ${after}`,
  ]);
  await expect(entry.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await expect(entry).toContainText(/just now|second|minute/);
  expect(s.dialogs, 'a name that looks like HTML stays text').toEqual([]);
  await page.screenshot({ path: 'screenshots/history-tab-1280.png' });

  await entry.getByRole('button', { name: 'View record' }).click();
  const dialog = page.getByRole('dialog', { name: 'The record as it was' });
  const row = dialog.getByRole('row').filter({ has: page.getByRole('cell', { name: /^Description/ }) });
  await expect(row).toHaveAttribute('data-changed', 'true');
  await expect(row.getByRole('cell')).toHaveText([/^Description/, before, after]);
  await expect(dialog.getByRole('row').filter({ hasText: /^Name/ }).getByRole('cell')).toHaveText([
    'Name',
    profile.name,
    profile.name,
  ]);
  await page.screenshot({ path: 'screenshots/history-record-1280.png' });
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'screenshots/history-tab-390.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await s.tab(historyTexts.historyTab).click();
  await expect(history.locator(':scope > li').first()).toContainText('Updated');
  await page.screenshot({ path: 'screenshots/history-tab-390-dark.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'screenshots/history-tab-1280-dark.png' });
});

test('History: a failure names its reason and Retry brings the entries; older ones page in; not offered on 404', async ({
  page,
  signedInAs,
  mock,
}) => {
  await signedInAs(ACCOUNTS.provider);
  const profile = await profileNamed(page, 'Planning Analysts');
  // One more change than a page holds.
  for (let i = 1; i <= 51; i++) await setDescription(page, profile, `Revision ${i}`);
  const path = `${API}/history/businessProfile/${profile.uuid}`;
  const s = new ProfileScreens(page);
  const history = page.getByRole('list', { name: 'History, newest first' });

  await mock.fault({ method: 'GET', path, status: 500 });
  await s.openBusinessProfile(profile.uuid);
  await s.tab(historyTexts.historyTab).click();
  const failure = page.getByRole('alert').filter({ hasText: 'Could not load the history' });
  await expect(failure).toContainText('HTTP 500: Injected fault: 500 Internal Server Error');
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(failure).toHaveCount(0);
  await expect(history.locator(':scope > li')).toHaveCount(50);
  await expect(history.locator(':scope > li').first()).toContainText('Description: Revision 50 → Revision 51');

  await page.getByRole('button', { name: historyTexts.loadOlder }).click();
  await expect(history.locator(':scope > li').nth(50)).toContainText(/→ Revision 1$/);
  await expect(page.getByRole('button', { name: historyTexts.loadOlder })).toHaveCount(0);

  await mock.fault({ method: 'GET', path, status: 404 });
  await page.goto(href(toBusinessProfileEdit(profile.uuid)));
  await s.tab(historyTexts.historyTab).click();
  await expect(page.getByText(historyTexts.historyNotOffered)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Editing Business Profile' })).toBeVisible();
});

test('a user moved into the reader’s company: the withheld changes counted, the move as it arrived, by another administrator', async ({
  page,
  signedInAs,
}) => {
  type User = WireUser & Record<string, unknown>;
  await signedInAs(ACCOUNTS.provider);
  const users = await apiGet<User[]>(page, '/user/list/active');
  const companyOf = async (username: string) => {
    const account = users.find((u) => u.username === username) as User;
    return (await apiGet<User>(page, `/user/${account.uuid}`)).errigalCustomerCompany as Named;
  };
  const [mine, theirs] = [await companyOf(ACCOUNTS.customer), await companyOf(ACCOUNTS.sco)];
  // A member of the other company's own NOC profile (the list names no company).
  const moved = users.find((u) => (u.businessProfile as Named | null)?.name === `${theirs.name} NOC Operators`) as User;
  const save = async (change: Record<string, unknown>) => {
    const { failedUpdateApps: _none, businessProfile, ...user } = await apiGet<User>(page, `/user/${moved.uuid}`);
    // The GET names the profile's application profiles too; a save names the profile only.
    const { uuid, name } = businessProfile as Named;
    const r = await api(page, 'POST', '/user/update', {
      user: { ...user, businessProfile: { uuid, name }, ...change },
    });
    expect(r.ok(), `update: ${r.status()} ${await r.text()}`).toBeTruthy();
  };
  // Made while the user was the other company's: withheld from the reader.
  await save({ lastName: 'Before-The-Move' });
  // Into the reader's company, with profiles every company shares.
  const shared = async (kind: string, name: string) => {
    const found = (await apiGet<Named[]>(page, `/profile/${kind}/list`)).find((p) => p.name === name) as Named;
    return { uuid: found.uuid, name: found.name };
  };
  const noc = await shared('business', 'NOC Operators');
  // A user of a profile that offers a default tree must have one (spec §5).
  const offered = (await apiGet<WireBusinessProfile>(page, `/profile/business/get/${noc.uuid}`)).appProfiles.flatMap(
    (a) => (a as unknown as { elements?: (Named & { category: string })[] }).elements ?? [],
  );
  const tree = offered.find((e) => e.category === 'NOVA_NOVA_TREE') as Named & { category: string };
  await save({
    lastName: 'Moved',
    errigalCustomerCompany: mine,
    businessProfile: noc,
    visibilityProfile: await shared('visibility', 'National Visibility'),
    elements: [{ uuid: tree.uuid, name: tree.name, category: tree.category, actualValue: tree.name }],
  });

  await signedInAs(ACCOUNTS.customer);
  await page.goto(href(toUserEdit(moved.uuid)));
  await page.getByRole('tab', { name: historyTexts.historyTab }).click();
  await expect(page.getByRole('status').filter({ hasText: historyTexts.withheldChanges(1) })).toBeVisible();
  const entries = page.getByRole('list', { name: 'History, newest first' }).locator(':scope > li');
  await expect(entries).toHaveCount(1);
  const arrival = entries.first();
  await expect(arrival.locator('[data-actor]')).toHaveText(historyTexts.otherAdministrator);
  await expect(arrival).toContainText(historyTexts.beforeWithheld);
  const changes = arrival.getByRole('list', { name: 'Changes' }).getByRole('listitem');
  await expect(changes.filter({ hasText: /^Company:/ })).toHaveText(`Company: ${mine.name}`);
  await expect(changes.filter({ hasText: /^Last Name:/ })).toHaveText('Last Name: Moved');
  const tab = page.locator('[data-record-history]');
  for (const hidden of [ACCOUNTS.provider, theirs.name, 'Before-The-Move', '→'])
    await expect(tab).not.toContainText(hidden);

  await arrival.getByRole('button', { name: 'View record' }).click();
  const dialog = page.getByRole('dialog', { name: 'The record as it was' });
  await expect(dialog).toContainText(historyTexts.beforeWithheldRecord);
  await expect(dialog.getByRole('columnheader')).toHaveText(['Field', 'After']);
  await expect(dialog.locator('[data-changed]')).toHaveCount(0);
});

test('a user’s History names no profile the reader cannot open: the hidden side reads “not shown”', async ({
  page,
  signedInAs,
}) => {
  type User = WireUser & Record<string, unknown>;
  await signedInAs(ACCOUNTS.provider);
  const users = await apiGet<User[]>(page, '/user/list/active');
  const account = users.find((u) => u.username === ACCOUNTS.sco) as User;
  const theirs = (await apiGet<User>(page, `/user/${account.uuid}`)).errigalCustomerCompany as Named;
  // Another member of sco.admin's company's NOC profile than the test above moves.
  const members = users.filter((u) => (u.businessProfile as Named | null)?.name === `${theirs.name} NOC Operators`);
  const user = members[members.length - 1] as User;
  const { failedUpdateApps: _none, businessProfile: _bp, ...rest } = await apiGet<User>(page, `/user/${user.uuid}`);
  // Into the provider-level "NOC Operators" (minimum role ADMIN): 404 to sco.admin.
  const noc = (await apiGet<Named[]>(page, '/profile/business/list')).find((p) => p.name === 'NOC Operators') as Named;
  const offered = (await apiGet<WireBusinessProfile>(page, `/profile/business/get/${noc.uuid}`)).appProfiles.flatMap(
    (a) => (a as unknown as { elements?: (Named & { category: string })[] }).elements ?? [],
  );
  const tree = offered.find((e) => e.category === 'NOVA_NOVA_TREE') as Named & { category: string };
  const r = await api(page, 'POST', '/user/update', {
    user: {
      ...rest,
      businessProfile: { uuid: noc.uuid, name: noc.name },
      elements: [{ uuid: tree.uuid, name: tree.name, category: tree.category, actualValue: tree.name }],
    },
  });
  expect(r.ok(), `update: ${r.status()} ${await r.text()}`).toBeTruthy();

  await signedInAs(ACCOUNTS.sco);
  await page.goto(href(toUserEdit(user.uuid)));
  await page.getByRole('tab', { name: historyTexts.historyTab }).click();
  const entry = page.getByRole('list', { name: 'History, newest first' }).locator(':scope > li').first();
  const changes = entry.getByRole('list', { name: 'Changes' }).getByRole('listitem');
  await expect(changes.filter({ hasText: /^Profile:/ })).toHaveText(
    `Profile: ${theirs.name} NOC Operators → ${historyTexts.profileNotShown}`,
  );
  // Only the visible profile's name: "NOC Operators" itself nowhere.
  const hiddenNamed = async (where: import('@playwright/test').Locator) =>
    ((await where.textContent()) ?? '').replaceAll(`${theirs.name} NOC Operators`, '').includes(noc.name);
  expect(await hiddenNamed(page.locator('[data-record-history]'))).toBe(false);
  await entry.getByRole('button', { name: 'View record' }).click();
  const dialog = page.getByRole('dialog', { name: 'The record as it was' });
  await expect(dialog).toContainText(`${theirs.name} NOC Operators`);
  expect(await hiddenNamed(dialog)).toBe(false);
});
