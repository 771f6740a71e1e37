// The visibility profile list (spec §2): Name and Description with
// filters and pages, 'New Visibility', and 'Sync Visibility Elements' with
// every outcome of spec §8 "Visibility"; NE Attribute and Venue only with the
// layout codes NEA / VEN (spec §6).
import { pageTexts, visibilityMessages as vm } from '../../../packages/shared/src/messages.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import {
  apiPost,
  countClusters,
  EDITOR_TABS,
  toast,
  VisibilityEditPage,
  VisibilityListPage,
  visibilityProfiles,
  visibilitySet,
} from './visibility-page.ts';

const API = '/userprofile/api/v1';
const KINDS = ['All', 'Carrier', 'Cluster', 'Cluster Group', 'Network Group'];

test.describe('as ERRIGAL_ADMIN (layout codes NEA, VEN)', () => {
  test.beforeEach(async ({ signedInAs, page }) => {
    await signedInAs(ACCOUNTS.provider);
    await new VisibilityListPage(page).open();
  });

  test('Name and Description, filtered and paged; New Visibility opens the editor', async ({ page }) => {
    const list = new VisibilityListPage(page);
    const all = await visibilityProfiles(page);
    expect(all.length).toBeGreaterThan(10);
    await expect(list.table.getByRole('columnheader')).toHaveText(['Name', 'Description']);
    await expect(list.rows()).toHaveCount(10);
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' }).click();
    await expect(list.rows()).toHaveCount(all.length - 10);

    // Filters are case-insensitive substring matches.
    await list.filter('Name').fill('transport NETWORK');
    await expect(list.rows()).toHaveCount(1);
    await expect(list.rows().first()).toContainText('Transport Network Visibility');
    await list.filter('Name').fill('');
    await list.filter('Description').fill('core ip');
    await expect(list.rows()).toHaveText([/^Core Network Groups/]);

    await list.rows().first().getByRole('link', { name: 'Core Network Groups' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Editing Visibility' })).toBeVisible();
    await page.goBack();
    await page.getByRole('link', { name: 'New Visibility' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Creating New Visibility' })).toBeVisible();
  });

  test('the sync dropdown offers every kind; a sync says what it synced and is disabled while it runs', async ({
    page,
    mock,
  }) => {
    const list = new VisibilityListPage(page);
    await list.sync.click();
    await expect(page.getByRole('menuitem')).toHaveText([...KINDS, 'NE Attribute', 'Venue']);
    await page.keyboard.press('Escape');

    await mock.fault({ method: 'GET', path: `${API}/visibility/sync/carrier`, delayMs: 1500 });
    await list.runSync('Carrier');
    await expect(list.sync).toHaveText('Syncing...');
    await expect(list.sync).toBeDisabled();
    await expect(list.sync).toBeEnabled({ timeout: 10_000 });
    const carriers = (await visibilitySet(page)).carriers.length;
    await expect(toast(page, vm.syncCompleted('Carrier', carriers))).toBeVisible();

    await list.runSync('All');
    const set = await visibilitySet(page);
    const total =
      set.carriers.length +
      countClusters(set.clusters) +
      set.clusterGroups.length +
      set.networkGroups.length +
      set.neAttributes.length +
      set.venues.length;
    await expect(toast(page, vm.allSyncsCompleted(total))).toBeVisible();

    // What a sync brought in is there to choose in the editor.
    const editor = new VisibilityEditPage(page);
    await editor.openNew();
    await editor.tab('Carrier').click();
    await expect(editor.list('Carriers').getByRole('listitem')).toHaveCount(carriers);
  });

  test('every failed sync says why', async ({ page, mock }) => {
    const list = new VisibilityListPage(page);
    // 401 last: after saying so, the console sends the user to sign in again.
    const cases: [number, string, string][] = [
      [504, 'Cluster', vm.syncTimedOut],
      [408, 'Network Group', vm.syncTimedOut],
      [444, 'Venue', vm.noResponseFromSync],
      [500, 'All', vm.syncError],
      [401, 'Cluster Group', vm.notAuthorized],
    ];
    const kindPath: Record<string, string> = {
      Cluster: 'cluster',
      'Network Group': 'networkGroup',
      'Cluster Group': 'clusterGroup',
      Venue: 'venue',
      All: 'all',
    };
    for (const [status, option, message] of cases) {
      // Chromium's network stack silently resends a request answered 408 on a
      // reused keep-alive socket (one try per pooled socket), so the fault
      // answers every attempt of the one call.
      const times = status === 408 ? 20 : 1;
      await mock.fault({ method: 'GET', path: `${API}/visibility/sync/${kindPath[option]}`, status, times });
      await list.runSync(option);
      await expect(toast(page, message), `${status} on ${option}`).toBeVisible();
      if (status === 401) break;
      await expect(list.sync).toBeEnabled();
      await mock.clearFaults();
      await page.locator('[data-scope="toast"][data-part="close-trigger"]').first().click();
      await expect(toast(page, message)).toHaveCount(0);
    }
  });
});

test('without the layout codes NEA and VEN (ADMIN): neither the sync options nor the editor tabs', async ({
  signedInAs,
  page,
}) => {
  await signedInAs(ACCOUNTS.customer);
  const list = new VisibilityListPage(page);
  await list.open();
  await list.sync.click();
  await expect(page.getByRole('menuitem')).toHaveText(KINDS);
  await page.keyboard.press('Escape');

  const editor = new VisibilityEditPage(page);
  await editor.openNew();
  await expect(page.getByRole('tab')).toHaveText(EDITOR_TABS.slice(0, 5));
});

test('a company-less profile is read-only for a customer admin (ADMIN): a note, nothing to change, no Update or Delete', async ({
  signedInAs,
  page,
}) => {
  await signedInAs(ACCOUNTS.customer);
  const visible = await visibilityProfiles(page);
  const shared = visible.find((p) => !p.errigalCustomerCompany && p.clusters.length > 0);
  const own = visible.find((p) => p.errigalCustomerCompany);
  expect(shared, 'a provider-level profile with clusters').toBeDefined();
  expect(own, "a profile of the admin's company").toBeDefined();
  if (!shared || !own) return;
  const editor = new VisibilityEditPage(page);

  // Its own company's profile: the means to change it.
  await editor.openEdit(own.uuid);
  await expect(editor.submit()).toHaveText('Update Visibility');
  await expect(page.getByRole('button', { name: 'Delete Visibility' })).toBeEnabled();
  await expect(page.getByText(pageTexts.sharedProfileReadOnly)).toHaveCount(0);

  // A provider-level profile: shown with the note, no Update or Delete, every control idle.
  await editor.openEdit(shared.uuid);
  await expect(page.getByText(pageTexts.sharedProfileReadOnly)).toBeVisible();
  const name = page.getByLabel(/^Name/);
  await expect(name).toHaveValue(shared.name);
  await expect(editor.submit()).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete Visibility' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Clone Visibility' })).toBeEnabled();
  await expect(name).not.toBeEditable();
  await expect(page.getByLabel('Description')).not.toBeEditable();

  await editor.clusterTab();
  await expect(editor.primary).toBeDisabled();
  await expect(editor.primary).toHaveValue(shared.primaryVisibility?.name ?? '');
  await expect(page.getByRole('button', { name: /^(Add|Remove) All$/ })).toBeDisabled();
  const root = shared.clusters[0]?.name as string;
  await expect(editor.node(root)).toHaveAttribute('aria-selected', 'true');
  await editor.toggle(root);
  await editor.tree.focus();
  await page.keyboard.press('Space');
  await expect(editor.node(root)).toHaveAttribute('aria-selected', 'true');
  const total = countClusters((await visibilitySet(page)).clusters);
  await expect(page.getByText(`${countClusters(shared.clusters)} of ${total} clusters selected`)).toBeVisible();

  await editor.tab('Cluster Group').click();
  const groups = editor.list('Cluster Groups');
  await expect(groups.getByRole('checkbox').first()).toBeDisabled();
  await expect(groups.getByRole('button', { name: /^Default: / }).first()).toBeDisabled();

  // The server refuses the write all the same (docs/roles-and-scoping.md "Writes").
  const write = await apiPost(page, '/profile/visibility/update', {
    uuid: shared.uuid,
    name: `${shared.name} changed`,
    minimumRole: shared.minimumRole,
    primaryVisibility: shared.primaryVisibility,
    clusters: shared.clusters,
  });
  expect(write.status()).toBe(403);
});
