// The Activity screen: each console role sees the events of what it may see
// (a change in another company is neither listed nor counted); a refused
// write, a failed sign-in and a bulk action show with their reasons; the
// filters, the text query and the address say the same through reload and
// Back/Forward; the export holds what the screen lists; live mode shows a
// change made in another tab within 2 s; and the links from a user, a
// History tab and a bulk result open the events they name.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { historyTexts, userMessages } from '../../../packages/shared/src/messages.ts';
import { href, toBusinessProfileEdit, toUserEdit } from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, PASSWORD, test } from '../fixtures.ts';
import { api, apiGet, type Named } from '../profiles/profiles-page.ts';
import { bulkDeactivateTwo } from '../spec-only/spec-only-server.ts';
import { toast } from '../users/users-page.ts';
import { ActivityScreen, companyOf, saveUser, type User } from './activity-page.ts';

const isSeeded = (u: { username: string }) => (Object.values(ACCOUNTS) as string[]).includes(u.username);

/** A user of `company` the signed-in reader sees, other than the seeded accounts. */
async function userIn(page: Page, company: Named): Promise<User> {
  for (const u of (await apiGet<User[]>(page, '/user/list/active')).filter((x) => !isSeeded(x))) {
    const full = await apiGet<User>(page, `/user/${u.uuid}`);
    if ((full.errigalCustomerCompany as Named | null)?.uuid === company.uuid && !full.readOnlyReason) return full;
  }
  throw new Error(`no user of ${company.name} for this reader`);
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('each role lists the events of what it may see: a change in another company is neither listed nor counted', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.provider);
  const [mine, theirs] = [await companyOf(page, ACCOUNTS.customer), await companyOf(page, ACCOUNTS.sco)];
  await signedInAs(ACCOUNTS.customer);
  const ours = await userIn(page, mine);
  await signedInAs(ACCOUNTS.sco);
  const other = await userIn(page, theirs);

  const s = new ActivityScreen(page);
  const q = 'kind:user action:update';
  await signedInAs(ACCOUNTS.customer);
  await s.open(q);
  const before = await s.rows().count();

  await signedInAs(ACCOUNTS.provider);
  for (const u of [ours, other]) {
    const r = await saveUser(page, u.uuid, { lastName: `Audited ${u.username}` });
    expect(r.ok(), `update ${u.username}: ${r.status()}`).toBeTruthy();
  }
  await s.open(q);
  for (const u of [ours, other]) {
    const row = s.rowsOn(u.username);
    await expect(row).toHaveCount(1);
    await expect(row.locator('[data-actor]')).toHaveText(`${ACCOUNTS.provider}ERRIGAL_ADMIN`);
    await expect(row.locator('[data-action]')).toHaveText('Updated');
  }

  await signedInAs(ACCOUNTS.customer);
  await s.open(q);
  await expect(s.rowsOn(ours.username)).toHaveCount(1);
  await expect(s.rows()).toHaveCount(before + 1);
  await expect(s.rowsOn(other.username)).toHaveCount(0);
  // The ERRIGAL_ADMIN who made it is not a user customer.admin may open.
  await expect(s.rowsOn(ours.username).locator('[data-actor]')).toHaveText('another administrator');

  await signedInAs(ACCOUNTS.sco);
  await s.open(q);
  await expect(s.rowsOn(other.username)).toHaveCount(1);
  await expect(s.rowsOn(ours.username)).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' })).toBeVisible();
});

test('a refused write, a failed sign-in and a bulk action show with their reasons', async ({
  page,
  browser,
  baseURL,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.customer);
  const locked = (await apiGet<User[]>(page, '/user/list/active')).find((u) => u.readOnlyReason && !isSeeded(u));
  expect(locked, 'a user customer.admin sees but may not change').toBeTruthy();
  const refused = await saveUser(page, (locked as User).uuid, { lastName: 'Not Mine' });
  expect(refused.ok()).toBe(false);
  const reason = ((await refused.json()) as { message: string }).message;

  // A wrong password on the sign-in page, in a browser of its own.
  const elsewhere = await browser.newContext({ baseURL });
  const signInPage = await elsewhere.newPage();
  await signInPage.goto('/userprofile/');
  await signInPage.getByLabel('Username', { exact: true }).fill(ACCOUNTS.customer);
  await signInPage.getByLabel('Password', { exact: true }).fill(`${PASSWORD}-wrong`);
  await signInPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(signInPage.getByText('Invalid username or password')).toBeVisible();
  await elsewhere.close();

  const s = new ActivityScreen(page);
  await s.open('outcome:refused');
  const row = s.rowsOn((locked as User).username).first();
  await expect(row.locator('[data-outcome-cell]')).toContainText('Refused');
  await expect(row.locator('[data-reason]')).toHaveText(reason);

  // No one was signed in: the target names the account tried.
  await s.open(`action:signIn outcome:failed target:${ACCOUNTS.customer}`);
  const failed = s.rowsOn(ACCOUNTS.customer).first();
  await expect(failed.locator('[data-outcome-cell]')).toContainText('Failed');
  await expect(failed.locator('[data-reason]')).not.toBeEmpty();
  await expect(failed).toContainText('Sign-in page');
  await failed.getByRole('button', { name: /^Details of Sign-in/ }).click();
  const details = page.locator(`[data-event-details="${await failed.getAttribute('data-event')}"]`);
  await expect(details).toContainText('Address');
  await expect(details).toContainText('User agent');

  // A bulk action on the Users screen, and its result's link to its events.
  await signedInAs(ACCOUNTS.provider);
  const two = await bulkDeactivateTwo(page);
  await page.getByRole('link', { name: 'See these changes in the activity log' }).click();
  await s.loaded();
  await expect(s.chips().filter({ hasText: /^Correlation: / })).toHaveCount(1);
  await expect(s.rows()).toHaveCount(3);
  const bulk = s.rows().filter({ has: page.locator('[data-action]', { hasText: 'Bulk action' }) });
  await expect(bulk.locator('[data-target]')).toContainText('done 2');
  for (const u of two) await expect(s.rowsOn(u.username).locator('[data-action]')).toHaveText('Inactivated');
});

test('filters, the text query and the address say the same, through reload and Back/Forward; a bad query keeps what was typed', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.provider);
  const s = new ActivityScreen(page);
  await s.open();

  await s.search('outcome:REFUSED   actor:customer.admin');
  await expect.poll(() => s.addressQuery()).toBe('actor:customer.admin outcome:refused');
  await expect(s.query()).toHaveValue('actor:customer.admin outcome:refused');
  await expect(s.chips()).toHaveText(['Actor: customer.admin', 'Outcome: Refused']);

  // Each control writes the same terms.
  await page.getByRole('button', { name: 'Outcome (1)' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Failed' }).click();
  await page.keyboard.press('Escape');
  await expect.poll(() => s.addressQuery()).toBe('actor:customer.admin outcome:refused outcome:failed');
  await page.getByRole('combobox', { name: 'Time range' }).selectOption({ label: 'Last 7 days' });
  await expect.poll(() => s.addressQuery()).toBe('actor:customer.admin outcome:refused outcome:failed since:7d');
  await page.getByRole('textbox', { name: 'Add actor' }).fill(ACCOUNTS.sco);
  await page.getByRole('textbox', { name: 'Add actor' }).press('Enter');
  const full = `actor:customer.admin actor:${ACCOUNTS.sco} outcome:refused outcome:failed since:7d`;
  await expect.poll(() => s.addressQuery()).toBe(full);
  await expect(s.query()).toHaveValue(full);
  await expect(page.getByRole('button', { name: 'Outcome (2)' })).toBeVisible();

  await s
    .chips()
    .filter({ hasText: 'Outcome: Refused' })
    .getByRole('button', { name: 'Remove Outcome: Refused' })
    .click();
  const without = `actor:customer.admin actor:${ACCOUNTS.sco} outcome:failed since:7d`;
  await expect.poll(() => s.addressQuery()).toBe(without);

  await page.reload();
  await s.loaded();
  await expect(s.query()).toHaveValue(without);
  await expect(s.chips()).toHaveText([
    'Actor: customer.admin',
    `Actor: ${ACCOUNTS.sco}`,
    'Outcome: Failed',
    'Since: last 7 days',
  ]);
  await expect(page.getByRole('combobox', { name: 'Time range' })).toHaveValue('7d');

  await page.goBack();
  await expect(s.query()).toHaveValue(full);
  await expect(s.chips()).toHaveCount(5);
  await page.goForward();
  await expect(s.query()).toHaveValue(without);

  // A term the grammar does not have: the reason beside the box, the text as typed, the address unchanged.
  await s.search('actor:customer.admin colour:red');
  await expect(page.locator('[data-query-error]')).toContainText('Unknown filter "colour"');
  await expect(s.query()).toHaveValue('actor:customer.admin colour:red');
  expect(s.addressQuery()).toBe(without);

  // A pasted link in another order reads as its canonical text.
  await s.open('since:7d Kind:USER');
  await expect.poll(() => s.addressQuery()).toBe('kind:user since:7d');
  await expect(s.chips()).toHaveText(['Kind: User', 'Since: last 7 days']);
});

test('the export, CSV and NDJSON, holds the events the screen lists', async ({ page, signedInAs }) => {
  await signedInAs(ACCOUNTS.provider);
  const users = (await apiGet<User[]>(page, '/user/list/active')).filter((u) => !isSeeded(u)).slice(0, 3);
  for (const u of users) expect((await saveUser(page, u.uuid, { firstName: 'Exported' })).ok()).toBeTruthy();
  const s = new ActivityScreen(page);
  const q = 'kind:user action:update';
  await s.open(q);
  const listed = await s.listed();
  expect(listed.length).toBeGreaterThanOrEqual(3);

  const download = async (format: 'CSV' | 'NDJSON') => {
    await page.getByRole('button', { name: 'Export' }).click();
    const waiting = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: format }).click();
    const file = await waiting;
    expect(file.suggestedFilename()).toBe(`activity.${format.toLowerCase()}`);
    return readFile((await file.path()) as string, 'utf8');
  };
  const ndjson = (await download('NDJSON'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { id: string; action: string; target: { name: string } | null });
  expect(ndjson.map((e) => e.id)).toEqual(listed.map((r) => r.id));
  expect(ndjson.map((e) => e.target?.name)).toEqual(listed.map((r) => r.target));

  const csv = (await download('CSV'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(csv.length - 1, 'one CSV row per listed event').toBe(listed.length);
  listed.forEach((row, i) => {
    expect(csv[i + 1]).toContain(row.target);
  });
});

test('live mode shows a change made in another tab within 2 s', async ({ page, signedInAs }) => {
  await signedInAs(ACCOUNTS.provider);
  const user = (await apiGet<User[]>(page, '/user/list/active')).find((u) => !isSeeded(u)) as User;
  const s = new ActivityScreen(page);
  await s.open('kind:user');
  await page.getByText('Live', { exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'Live' })).toBeChecked();

  const other = await page.context().newPage();
  await other.goto(href(toUserEdit(user.uuid)));
  await other.getByLabel(/^First Name/).fill('Live');
  await other.getByRole('button', { name: 'Update User' }).click();
  await expect(toast(other, userMessages.saved(user.username))).toBeVisible();

  const fresh = s.rowsOn(user.username).first();
  await expect(fresh).toBeVisible({ timeout: 2000 });
  await expect(fresh).toHaveAttribute('data-new', 'true');
  await other.close();

  // Paused, nothing more is asked.
  await page.getByText('Live', { exact: true }).click();
  let asked = 0;
  page.on('request', (r) => {
    if (/\/api\/v1\/activity\?/.test(r.url())) asked++;
  });
  await page.waitForTimeout(1500);
  expect(asked).toBe(0);
});

test('a user links to its activity, a History tab to its record’s, and an event expands to its details', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.provider);
  const user = (await apiGet<User[]>(page, '/user/list/active')).find((u) => !isSeeded(u)) as User;
  expect((await saveUser(page, user.uuid, { lastName: 'Linked' })).ok()).toBeTruthy();
  const s = new ActivityScreen(page);

  await page.goto(href(toUserEdit(user.uuid)));
  await page.getByRole('link', { name: 'Activity on this user' }).click();
  await s.loaded();
  expect(s.addressQuery()).toBe(`target:${user.uuid} kind:user`);
  const row = s.rowsOn(user.username).first();
  await expect(row.locator('[data-action]')).toHaveText('Updated');
  await row.getByRole('button', { name: /^Details of Updated/ }).click();
  const details = page.locator(`[data-event-details="${await row.getAttribute('data-event')}"]`);
  await expect(details.getByRole('list', { name: 'Changes' })).toContainText('Last Name:');
  await expect(details).toContainText('POST /api/v1/user/update');
  // The target opens its editor.
  await row.getByRole('link', { name: user.username }).click();
  await expect(page).toHaveURL(new RegExp(`${toUserEdit(user.uuid)}$`));

  await page.getByRole('link', { name: 'Activity by this user' }).click();
  await s.loaded();
  expect(s.addressQuery()).toBe(`actor:${user.username}`);
  await expect(page.locator('[data-activity-empty]')).toHaveText('No events match this query.');

  const profile = (await apiGet<Named[]>(page, '/profile/business/list'))[0] as Named;
  await page.goto(href(toBusinessProfileEdit(profile.uuid)));
  await page.getByRole('tab', { name: historyTexts.historyTab }).click();
  await page.getByRole('link', { name: 'All activity on this record' }).click();
  await s.loaded();
  expect(s.addressQuery()).toBe(`target:${profile.uuid} kind:businessProfile`);
  const retention = page.locator('[data-retention]');
  await expect(retention).toContainText(/^Keeps up to [\d,]+ events for [\d,]+ days · /);
  expect((await api(page, 'GET', '/activity/retention')).ok()).toBeTruthy();
});

test('the Activity screen has no serious accessibility violations, light and dark, at 1280 and 390 wide', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.provider);
  const user = (await apiGet<User[]>(page, '/user/list/active')).find((u) => !isSeeded(u)) as User;
  expect((await saveUser(page, user.uuid, { lastName: 'Axe' })).ok()).toBeTruthy();
  // A save refused as stale: a refused event, marked, with its reason.
  expect((await saveUser(page, user.uuid, { lastName: 'Stale' }, { 'If-Match': '"0"' })).status()).toBe(412);
  const s = new ActivityScreen(page);
  for (const scheme of ['light', 'dark'] as const) {
    // The console takes the system's colour mode as it starts.
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1280, height: 800 });
    await s.open('kind:user');
    await s
      .rows()
      .first()
      .getByRole('button', { name: /^Details of / })
      .click();
    await expect(page.locator('[data-event-details]')).toBeVisible();
    await expect(s.rows().filter({ has: page.locator('[data-reason]') })).toHaveCount(1);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      expect(await seriousViolations(page), `${scheme} at ${width}`).toEqual([]);
    }
  }
});
