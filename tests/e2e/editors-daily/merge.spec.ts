// A save over someone else's newer save merges three ways: the record as
// this editor opened it, as it is on the server now, and as edited here. A
// field changed only there is taken (and said so); a field changed only here
// is kept; only a field changed on both sides, to different values, is asked
// about, "Theirs" being the other save's value and "Yours" this editor's.
import type { Locator, Page } from '@playwright/test';
import { conflictTexts, userMessages } from '../../../packages/shared/src/messages.ts';
import {
  href,
  toApplicationEdit,
  toAppProfileEdit,
  toAuthClientEdit,
  toBusinessProfileEdit,
  toUserEdit,
  toVisibilityProfileEdit,
} from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import { inEveryLook, picture } from '../pictures.ts';
import { apiGet, toast, UserEditPage, UsersPage, type WireUser } from '../users/users-page.ts';

test.describe.configure({ timeout: 90_000 });

const SHOTS = 'docs/screenshots';

async function userUuid(page: Page, username: string): Promise<string> {
  const list = new UsersPage(page);
  await list.open();
  const row = await list.show(username);
  const link = row.getByRole('link', { name: username, exact: true });
  const path = (await link.getAttribute('href')) ?? '';
  return path.split('/').pop() ?? '';
}

/** A second tab of the same administrator on the same user: changes fields and saves. */
async function saveInOtherTab(page: Page, url: string, values: Record<string, string>): Promise<void> {
  const other = await page.context().newPage();
  await other.goto(url);
  const form = new UserEditPage(other);
  await expect(form.field('Username')).toHaveValue('customer.admin');
  for (const [label, value] of Object.entries(values)) await form.field(label).fill(value);
  await form.submit().click();
  await expect(toast(other, userMessages.saved('customer.admin'))).toBeVisible();
  await other.close();
}

/** Without ETag the editor reads the record again before it saves; with it, the save's 412 starts the same check. */
async function withoutVersions(page: Page): Promise<void> {
  await page.route('**/api/v1/user/*', async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers.etag;
    delete headers['last-modified'];
    await route.fulfill({ response, headers });
  });
}

for (const backend of ['with ETag', 'without ETag'] as const) {
  test(`a field changed only in the other tab is taken, one changed only here is kept: no question (${backend})`, async ({
    page,
    signedInAs,
  }) => {
    await signedInAs(ACCOUNTS.provider);
    if (backend === 'without ETag') await withoutVersions(page);
    const uuid = await userUuid(page, 'customer.admin');
    const url = href(toUserEdit(uuid));
    await page.goto(url);
    const form = new UserEditPage(page);
    await expect(form.field('Username')).toHaveValue('customer.admin');

    // Tab 1 changes Desk Phone and saves; this tab, opened before, changes only Mobile Phone.
    await saveInOtherTab(page, url, { 'Desk Phone': '+1 555 0101' });
    await form.field('Mobile Phone').fill('+1 555 0202');
    await form.submit().click();

    await expect(toast(page, userMessages.saved('customer.admin'))).toBeVisible();
    await expect(page.getByRole('alertdialog', { name: conflictTexts.title })).toHaveCount(0);
    // The saved toast says what was taken from the other save, in one line.
    await expect(page.getByText(conflictTexts.taken('Desk Phone'))).toBeVisible();
    const saved = await apiGet<WireUser>(page, `/user/${uuid}`);
    expect([saved.deskPhone, saved.mobilePhone]).toEqual(['+1 555 0101', '+1 555 0202']);
    await expect(form.field('Desk Phone')).toHaveValue('+1 555 0101');
    await expect(form.field('Mobile Phone')).toHaveValue('+1 555 0202');
  });
}

test('only a field changed on both sides is asked about; Theirs is the other save, Yours this tab; Keep All Mine keeps their other change', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.provider);
  const uuid = await userUuid(page, 'customer.admin');
  const url = href(toUserEdit(uuid));
  await page.goto(url);
  const form = new UserEditPage(page);
  await expect(form.field('Username')).toHaveValue('customer.admin');

  await saveInOtherTab(page, url, { 'Desk Phone': '+1 555 0101', 'Last Name': 'Theirs', 'First Name': 'Avery' });
  await form.field('Mobile Phone').fill('+1 555 0202');
  await form.field('Desk Phone').fill('+1 555 0303');
  // Changed here to the value it already has there: nothing to ask.
  await form.field('Last Name').fill('Theirs');
  await form.submit().click();

  const dialog = page.getByRole('alertdialog', { name: conflictTexts.title });
  await expect(dialog).toBeVisible();
  const rows = dialog.locator('[data-field]');
  await expect(rows).toHaveCount(1);
  await expect(dialog.getByText(conflictTexts.taken('First Name'), { exact: true })).toBeVisible();
  const desk = dialog.locator('[data-field="deskPhone"]');
  await expect(desk.getByRole('radio', { name: /Theirs/ })).toHaveAccessibleName(/\+1 555 0101/);
  await expect(desk.getByRole('radio', { name: /Yours/ })).toHaveAccessibleName(/\+1 555 0303/);
  await shots(page, dialog);

  await dialog.getByRole('button', { name: conflictTexts.keepMine }).click();
  await dialog.getByRole('button', { name: conflictTexts.save }).click();
  await expect(toast(page, userMessages.saved('customer.admin'))).toBeVisible();
  const saved = await apiGet<WireUser>(page, `/user/${uuid}`);
  expect([saved.deskPhone, saved.mobilePhone, saved.lastName, saved.firstName]).toEqual([
    '+1 555 0303',
    '+1 555 0202',
    'Theirs',
    'Avery',
  ]);
});

test('the dialog says in one line which of their changes it took', async ({ page, signedInAs }) => {
  await signedInAs(ACCOUNTS.provider);
  const uuid = await userUuid(page, 'customer.admin');
  const url = href(toUserEdit(uuid));
  await page.goto(url);
  const form = new UserEditPage(page);
  await expect(form.field('Username')).toHaveValue('customer.admin');

  await saveInOtherTab(page, url, { 'Desk Phone': '+1 555 0101', 'First Name': 'Theirs' });
  await form.field('First Name').fill('Mine');
  await form.submit().click();
  const dialog = page.getByRole('alertdialog', { name: conflictTexts.title });
  await expect(dialog.locator('[data-field]')).toHaveCount(1);
  await expect(dialog.getByText(conflictTexts.taken('Desk Phone'), { exact: true })).toBeVisible();
  // Take All Theirs: both of their changes, none of mine left.
  await dialog.getByRole('button', { name: conflictTexts.takeTheirs }).click();
  await dialog.getByRole('button', { name: conflictTexts.save }).click();
  await expect(dialog).toBeHidden();
  await expect(form.field('First Name')).toHaveValue('Theirs');
  await expect(form.field('Desk Phone')).toHaveValue('+1 555 0101');
});

async function shots(page: Page, dialog: Locator): Promise<void> {
  await inEveryLook(page, dialog, (width, look) => picture(page, `${SHOTS}/conflict-${width}-${look}.png`));
}

/** Every other editor: the other tab changes Description, this one the name (an application: API Username). */
const KINDS = [
  {
    kind: 'business profile',
    list: '/profile/business/list',
    get: (uuid: string) => `/profile/business/get/${uuid}`,
    edit: toBusinessProfileEdit,
    save: 'Update Profile',
  },
  {
    kind: 'application profile',
    list: '/profile/app/list',
    get: (uuid: string) => `/profile/app/get/${uuid}`,
    edit: toAppProfileEdit,
    save: 'Update Profile',
  },
  {
    kind: 'application',
    list: '/app/list',
    get: (uuid: string) => `/app/${uuid}`,
    edit: toApplicationEdit,
    save: 'Update App',
  },
  {
    kind: 'OAuth2 client',
    list: '/authClient/list',
    get: (uuid: string) => `/authClient/get/${uuid}`,
    edit: toAuthClientEdit,
    save: 'Update Client',
  },
  {
    kind: 'visibility profile',
    list: '/profile/visibility/list',
    get: (uuid: string) => `/profile/visibility/get/${uuid}`,
    edit: toVisibilityProfileEdit,
    save: 'Update Visibility',
  },
] as const;

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

for (const k of KINDS) {
  test(`${k.kind}: a field changed on both sides is the only question`, async ({ page, signedInAs }) => {
    await signedInAs(ACCOUNTS.provider);
    const [record] = await apiGet<{ uuid: string; name: string }[]>(page, k.list);
    if (!record) throw new Error(`no ${k.kind} is seeded`);
    const url = href(k.edit(record.uuid));
    const theirs = k.kind === 'application' ? 'API Host' : 'Description';
    const both = k.kind === 'application' ? 'API Username' : 'Name';
    const bothValue = k.kind === 'application' ? 'mine.api.user' : `${record.name} mine`;
    await page.goto(url);
    await expect(field(page, 'Name')).toHaveValue(record.name);

    const other = await page.context().newPage();
    await other.goto(url);
    await expect(field(other, 'Name')).toHaveValue(record.name);
    const theirValue = theirs === 'API Host' ? 'https://changed.example.com' : 'Changed in another tab';
    await field(other, theirs).fill(theirValue);
    await field(other, both).fill(k.kind === 'application' ? 'their.api.user' : `${record.name} theirs`);
    await other.getByRole('button', { name: k.save, exact: true }).click();
    const key = theirs === 'API Host' ? 'apiHost' : 'description';
    await expect
      .poll(async () => (await apiGet<Record<string, unknown>>(page, k.get(record.uuid)))[key])
      .toBe(theirValue);
    await other.close();

    await field(page, both).fill(bothValue);
    await page.getByRole('button', { name: k.save, exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: conflictTexts.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('[data-field]')).toHaveCount(1);
    await expect(dialog.getByText(conflictTexts.taken(theirs), { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: conflictTexts.keepMine }).click();
    await dialog.getByRole('button', { name: conflictTexts.save }).click();
    await expect(dialog).toBeHidden();
    await expect(field(page, both)).toHaveValue(bothValue);
    await expect(field(page, theirs)).toHaveValue(theirValue);
    const saved = await apiGet<Record<string, unknown>>(page, k.get(record.uuid));
    expect(saved[key]).toBe(theirValue);
  });
}
