// Applications (spec §2, §4, §5, §6, §8 Applications), per role:
// provider.admin sees and uses the ERRIGAL_ADMIN-only parts, customer.admin
// lists and syncs but does not, sco.admin is forbidden (on the page and at
// the server). Every §8 message is produced, faults through /__mock/faults.
import { applicationMessages, pageTexts, userMessages } from '../../../packages/shared/src/messages.ts';
import { href, toApplicationList, toApplicationNew } from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import { API, apiGet, apiPost, dismissToasts, toast } from '../users/users-page.ts';
import { ApplicationsPage } from './applications-page.ts';

test.describe.configure({ timeout: 60_000 });

interface WireApp {
  uuid: string;
  name: string;
  roles: { name: string }[];
  elements: { name: string }[];
  [key: string]: unknown;
}

const FORM_INVALID = userMessages.formInvalid;
const XSS_NAME = '<img src=x onerror=alert(1)>';

test.describe('as provider.admin (ERRIGAL_ADMIN)', () => {
  test.beforeEach(async ({ signedInAs }) => {
    await signedInAs(ACCOUNTS.provider);
  });

  test('creates an application (a markup name stays text), its passwords never come back and are kept when left empty', async ({
    page,
  }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const apps = new ApplicationsPage(page);
    await apps.open();
    await expect(page.getByRole('button', { name: 'Sync All Applications' })).toBeVisible();
    await expect(apps.table.getByRole('columnheader')).toHaveText(['Name', 'Roles', 'Element']);
    await expect(apps.row('Snmp Manager')).toContainText('SNMP_ADMIN');
    await page.screenshot({ path: 'screenshots/apps-list-1280.png' });

    await page.getByRole('link', { name: 'New Application' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New Application' })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(['Basic Info', 'Roles0']);
    const submit = page.getByRole('button', { name: 'Create App' });
    await expect(submit).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByText(FORM_INVALID)).toBeVisible();
    // Enter submits the form: the invalid submit shows every rule that fails.
    await apps.field('Name').press('Enter');
    await expect(toast(page, FORM_INVALID)).toBeVisible();
    await expect(page.getByText('This field is required. (Max 255 Characters)')).toHaveCount(8);
    const values: Record<string, string> = {
      Name: XSS_NAME,
      'Data Url': 'jdbc:postgresql://db-cp.noc.internal:5432/cp',
      'Data Driver': 'org.postgresql.Driver',
      'Data Username': 'cp_svc',
      'Data Password': 'db-Secret-1',
      'API Host': 'https://cp.noc.internal/api',
      'API Username': 'cp_api',
      'API Password': 'api-Secret-1',
    };
    for (const [label, value] of Object.entries(values)) await apps.field(label).fill(value);
    await apps.field('API Auth Type').selectOption('OAUTH2');
    await page.screenshot({ path: 'screenshots/apps-new-1280.png' });
    const created = page.waitForRequest((r) => r.url().endsWith('/app/update'));
    await submit.click();
    expect((await created).postDataJSON()).toMatchObject({ dataPassword: 'db-Secret-1', apiPassword: 'api-Secret-1' });
    await expect(toast(page, applicationMessages.saved(XSS_NAME))).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Editing Application' })).toBeVisible();
    await expect(page.getByText(XSS_NAME, { exact: true }).first()).toBeVisible();
    await expect(apps.field('Name')).toHaveAttribute('readonly', '');
    await expect(apps.field('Data Password')).toHaveValue('');
    await expect(apps.field('API Password')).toHaveValue('');
    const uuid = page.url().split('/').at(-1) as string;
    const read = await apiGet<WireApp>(page, `/app/${uuid}`);
    expect(read).toMatchObject({ name: XSS_NAME, dataUsername: 'cp_svc', apiAuthType: 'OAUTH2' });
    expect(JSON.stringify(read)).not.toContain('Secret-1');

    // An update with the passwords left empty leaves them out: the stored ones are kept.
    await apps.field('Data Username').fill('cp_service');
    const updated = page.waitForRequest((r) => r.url().endsWith('/app/update'));
    await page.getByRole('button', { name: 'Update App' }).click();
    const body = (await updated).postDataJSON();
    expect(body).toMatchObject({ uuid, dataUsername: 'cp_service' });
    expect(body).not.toHaveProperty('dataPassword');
    expect(body).not.toHaveProperty('apiPassword');
    await expect(toast(page, applicationMessages.saved(XSS_NAME)).last()).toBeVisible();

    await apps.open();
    await expect(apps.row(XSS_NAME)).toBeVisible();
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test('save failures: a taken name (409) and any other error (500)', async ({ page, mock }) => {
    await page.goto(href(toApplicationNew()));
    const apps = new ApplicationsPage(page);
    for (const [label, value] of Object.entries({
      Name: 'Inventory',
      'Data Url': 'jdbc:x',
      'Data Driver': 'd',
      'Data Username': 'u',
      'Data Password': 'p',
      'API Host': 'https://h',
      'API Username': 'u',
      'API Password': 'p',
    }))
      await apps.field(label).fill(value);
    await apps.field('API Auth Type').selectOption('HTTP_BASIC');
    await page.getByRole('button', { name: 'Create App' }).click();
    await expect(toast(page, applicationMessages.nameExists)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'New Application' })).toBeVisible();

    await apps.open();
    await apps.edit('Inventory');
    await mock.fault({ method: 'POST', path: `${API}/app/update`, status: 500 });
    await page.getByRole('button', { name: 'Update App' }).click();
    await expect(toast(page, applicationMessages.saveError)).toBeVisible();
  });

  test('rows: a saved row is flagged and unflagged, a new row removed; the save drops the flagged row', async ({
    page,
  }) => {
    const apps = new ApplicationsPage(page);
    await apps.open();
    await apps.edit('Alarm Manager');
    await expect(page.getByRole('tab')).toHaveText([
      'Basic Info',
      'Roles3',
      'Alarm Severity Filters4',
      'Dashboards3',
      'History',
    ]);
    await apps.tab(/^Roles/).click();
    const viewer = apps.rowGroup('ALARM_VIEWER');
    await expect(viewer).toContainText(pageTexts.externalRole);
    await expect(viewer.getByRole('button', { name: 'Provider' })).toBeVisible();
    await viewer.getByRole('button', { name: 'Delete' }).click();
    await expect(viewer).toContainText('Flagged for deletion');
    await viewer.getByRole('button', { name: 'Undo Delete' }).click();
    await expect(viewer).not.toContainText('Flagged for deletion');
    await viewer.getByRole('button', { name: 'Delete' }).click();

    await page.getByRole('button', { name: 'Add Role' }).click();
    const added = apps.rowGroup('New role');
    await added.getByRole('button', { name: 'Remove' }).click();
    await expect(added).toHaveCount(0);
    await page.screenshot({ path: 'screenshots/apps-edit-roles-1280.png' });

    await page.getByRole('button', { name: 'Update App' }).click();
    await expect(toast(page, applicationMessages.saved('Alarm Manager'))).toBeVisible();
    await expect(apps.tab(/^Roles/)).toHaveText('Roles2');
    const saved = await apiGet<WireApp>(page, `/app/${page.url().split('/').at(-1)}`);
    expect(saved.roles.map((r) => r.name)).toEqual(['ALARM_SUPERVISOR', 'ALARM_OPERATOR']);
  });

  test('sync replaces the application; sync failure (444); sync all and its three outcomes', async ({ page, mock }) => {
    const apps = new ApplicationsPage(page);
    await apps.open();
    await apps.edit('Performance Monitor');
    await mock.fault({ method: 'POST', path: `${API}/app/sync`, status: 444 });
    await page.getByRole('button', { name: 'Sync', exact: true }).click();
    await expect(toast(page, applicationMessages.syncFailed)).toBeVisible();
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Sync', exact: true }).click();
    // Two roles and four reports, plus what the remote application has gained: a role and a node.
    await expect(toast(page, applicationMessages.syncSuccess(3, 6))).toBeVisible();
    await apps.tab(/^Roles/).click();
    await expect(apps.rowGroup('PM_EXPORTER')).toContainText(pageTexts.externalRole);
    await expect(apps.tab(/^Kpi Reports/)).toHaveText('Kpi Reports6');

    await apps.open();
    const syncAll = page.getByRole('button', { name: 'Sync All Applications' });
    await dismissToasts(page);
    await syncAll.click();
    await expect(toast(page, applicationMessages.syncAllSuccess(5))).toBeVisible();
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Expand' }).click();
    await expect(apps.row('Inventory')).toContainText('INV_AUDITOR');
    await mock.fault({ method: 'POST', path: `${API}/app/syncAll`, status: 200, body: [] });
    await syncAll.click();
    await expect(toast(page, applicationMessages.syncAllEmpty)).toBeVisible();
    await mock.fault({ method: 'POST', path: `${API}/app/syncAll`, status: 500 });
    await dismissToasts(page);
    await syncAll.click();
    await expect(toast(page, applicationMessages.syncAllFailed)).toBeVisible();
  });

  test('delete: Close keeps it, a failure says so, Delete reloads the list in full without it', async ({
    page,
    mock,
  }) => {
    const apps = new ApplicationsPage(page);
    await apps.open();
    await apps.edit('Inventory');
    const deleteApp = page.getByRole('button', { name: 'Delete App' });
    await deleteApp.click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(pageTexts.applicationDeleteWarning);
    await page.screenshot({ path: 'screenshots/apps-delete-1280.png' });
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await expect(dialog).toHaveCount(0);

    await mock.fault({ method: 'DELETE', path: `${API}/app/${page.url().split('/').at(-1)}`, status: 500 });
    await deleteApp.click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, applicationMessages.deleteFailed)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Editing Application' })).toBeVisible();

    // A marker on the window survives in-app navigation, not a full page load.
    await page.evaluate(() => Object.assign(window, { beforeReload: true }));
    await deleteApp.click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL(`**${href(toApplicationList())}`);
    await expect(toast(page, applicationMessages.deleted)).toBeVisible();
    expect(await page.evaluate(() => 'beforeReload' in window)).toBe(false);
    await expect(apps.row('Snmp Manager')).toBeVisible();
    await expect(apps.row('Inventory')).toHaveCount(0);
  });
});

test('as customer.admin (ADMIN): lists and syncs, without the ERRIGAL_ADMIN-only parts, which the server refuses too', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.customer);
  const apps = new ApplicationsPage(page);
  await apps.open();
  await expect(page.getByRole('button', { name: 'Sync All Applications' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New Application' })).toHaveCount(0);
  await apps.edit('Snmp Manager');
  await expect(page.getByRole('button', { name: 'Sync', exact: true })).toBeVisible();
  await expect(apps.field('Name')).toHaveAttribute('readonly', '');
  for (const hidden of ['Database', 'Rest API'])
    await expect(page.getByRole('region', { name: hidden })).toHaveCount(0);
  for (const hidden of ['Update App', 'Delete App'])
    await expect(page.getByRole('button', { name: hidden })).toHaveCount(0);
  await page.screenshot({ path: 'screenshots/apps-edit-customer-1280.png' });
  const read = await apiGet<WireApp>(page, `/app/${page.url().split('/').at(-1)}`);
  expect(read).not.toHaveProperty('dataUrl');
  const complete = {
    ...read,
    dataUrl: 'jdbc:x',
    dataDriverName: 'd',
    dataUsername: 'u',
    apiHost: 'https://h',
    apiAuthType: 'HTTP_BASIC',
    apiUsername: 'u',
  };
  expect((await apiPost(page, '/app/update', complete)).status()).toBe(403);
  await page.goto(href(toApplicationNew()));
  await expect(page.getByRole('button', { name: 'Create App' })).toHaveCount(0);
});

test('as sco.admin (SCO_ADMIN): forbidden on the page and at the server', async ({ page, signedInAs }) => {
  await signedInAs(ACCOUNTS.sco);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Application Admin' }),
  ).toHaveCount(0);
  await page.goto(href(toApplicationList()));
  await expect(page).toHaveURL(/\/userprofile\/forbidden$/);
  await expect(page.getByRole('heading', { name: '403 Forbidden' })).toBeVisible();
  // The application list is readable for the user screens; syncing and saving are refused.
  const [app] = await apiGet<WireApp[]>(page, '/app/list');
  expect((await apiPost(page, '/app/sync', app)).status()).toBe(403);
  expect((await apiPost(page, '/app/syncAll', {})).status()).toBe(403);
});
