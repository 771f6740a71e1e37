// The visibility profile editor (spec §2, §4, §5, §8): element tabs
// with Add All / Remove All and a trimmed filter, the cluster tree with its
// rules and messages, the 'Default' cluster group toggle, save, clone and
// delete with every message of the catalogue.
import {
  profileMessages,
  validationMessages,
  visibilityMessages as vm,
} from '../../../packages/shared/src/messages.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import {
  apiGet,
  countClusters,
  EDITOR_TABS,
  toast,
  VisibilityEditPage,
  visibilityProfiles,
  visibilitySet,
  type WireCluster,
  type WireVisibilitySet,
} from './visibility-page.ts';

const API = '/userprofile/api/v1';
const m = profileMessages.visibility;

let set: WireVisibilitySet;

test.beforeEach(async ({ signedInAs, page }) => {
  await signedInAs(ACCOUNTS.provider);
  set = await visibilitySet(page);
});

/** The first seeded region: root → market → cluster → site. */
function region(): { root: WireCluster; market: WireCluster; cluster: WireCluster; site: WireCluster } {
  const root = set.clusters[0] as WireCluster;
  const market = root.children[0] as WireCluster;
  const cluster = market.children[0] as WireCluster;
  const site = cluster.children[0] as WireCluster;
  return { root, market, cluster, site };
}

test('the cluster tree: deeper nodes start collapsed with their counts; adding, removing and the primary follow §4', async ({
  page,
}) => {
  const { root, market, cluster, site } = region();
  const form = new VisibilityEditPage(page);
  await form.openNew();
  await form.clusterTab();

  // Roots are open, their children (depth 2) closed, showing how many of their descendants are selected.
  await expect(form.node(root.name)).toHaveAttribute('aria-expanded', 'true');
  await expect(form.node(market.name)).toHaveAttribute('aria-expanded', 'false');
  await expect(form.node(market.name)).toContainText(`0 of ${countClusters(market.children)} selected`);
  await expect(form.node(cluster.name)).toHaveCount(0);

  // The first cluster added becomes the primary; its children come with it.
  const children = countClusters(market.children);
  await form.toggle(market.name);
  await expect(toast(page, vm.clusterAddedWithChildren(market.name, children))).toBeVisible();
  await expect(form.primary).toHaveValue(market.name);
  await expect(form.node(market.name)).toHaveAttribute('aria-selected', 'true');
  await expect(form.node(market.name)).toContainText('Primary');
  await expect(form.node(root.name)).toContainText(`${children + 1} of ${countClusters(root.children)} selected`);

  // Removing a cluster removes its children; a leaf has its own messages.
  await form.expand(market.name);
  await form.expand(cluster.name);
  await expect(form.node(site.name)).toHaveAttribute('aria-selected', 'true');
  await form.toggle(site.name);
  await expect(toast(page, vm.clusterRemoved(site.name))).toBeVisible();
  await form.toggle(site.name);
  await expect(toast(page, vm.clusterAdded(site.name))).toBeVisible();
  await form.toggle(cluster.name);
  await expect(toast(page, vm.clusterRemovedWithChildren(cluster.name, cluster.children.length))).toBeVisible();
  await expect(form.node(site.name)).toHaveAttribute('aria-selected', 'false');

  // The primary cannot be removed: a dismissible warning, and it stays.
  await form.toggle(market.name);
  const warning = form.alert(vm.primaryVisibilityNotRemovable(market.name));
  await expect(warning).toBeVisible();
  await expect(form.node(market.name)).toHaveAttribute('aria-selected', 'true');
  await warning.getByRole('button', { name: 'Dismiss' }).click();
  await expect(warning).toHaveCount(0);

  // Choosing a primary adds it (with its children).
  const other = set.clusters[1] as WireCluster;
  await form.choosePrimary(other.name);
  await expect(toast(page, vm.clusterAddedWithChildren(other.name, countClusters(other.children)))).toBeVisible();
  await expect(form.node(other.name)).toHaveAttribute('aria-selected', 'true');
  await expect(form.node(other.name)).toContainText('Primary');
  // The old primary is an ordinary cluster again, and can go.
  await form.toggle(market.name);
  await expect(toast(page, vm.clusterRemovedWithChildren(market.name, children))).toBeVisible();
});

test('Add All / Remove All on the clusters, and the §5 rule: a primary visibility or a network group', async ({
  page,
}) => {
  const total = countClusters(set.clusters);
  const form = new VisibilityEditPage(page);
  await form.openNew();
  await page.getByLabel(/^Name/).fill('Everything');
  await form.clusterTab();
  await expect(page.getByText(validationMessages.visibilityRequired).first()).toBeVisible();
  await expect(form.submit()).toBeDisabled();

  await page.getByRole('button', { name: 'Add All' }).click();
  await expect(page.getByText(`${total} of ${total} clusters selected`)).toBeVisible();
  await expect(form.primary).toHaveValue((set.clusters[0] as WireCluster).name);
  await expect(page.getByText(validationMessages.visibilityRequired)).toHaveCount(0);
  await expect(form.submit()).toBeEnabled();

  await page.getByRole('button', { name: 'Remove All' }).click();
  await expect(page.getByText(`0 of ${total} clusters selected`)).toBeVisible();
  await expect(form.primary).toHaveValue('');
  await expect(form.submit()).toBeDisabled();

  // A network group alone is enough.
  await form.tab('Network Group').click();
  await form
    .list('Network Groups')
    .getByText(set.networkGroups[0]?.name as string, { exact: true })
    .click();
  await expect(page.getByText(validationMessages.visibilityRequired)).toHaveCount(0);
  await form.submit().click();
  await expect(toast(page, m.saved('Everything'))).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Editing Visibility' })).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/visibility\/edit\/[0-9a-f-]+$/);
});

test('the tree with the keyboard: arrows move, open and close; space selects', async ({ page }) => {
  const { root, market } = region();
  const form = new VisibilityEditPage(page);
  await form.openNew();
  await form.clusterTab();
  const active = async (name: string) =>
    expect(form.tree).toHaveAttribute('aria-activedescendant', (await form.node(name).getAttribute('id')) as string);

  await form.tree.focus();
  await active(root.name);
  await page.keyboard.press('ArrowDown');
  await active(market.name);
  await page.keyboard.press('ArrowRight');
  await expect(form.node(market.name)).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowRight');
  await active((market.children[0] as WireCluster).name);
  await page.keyboard.press('ArrowLeft');
  await active(market.name);
  await page.keyboard.press('ArrowLeft');
  await expect(form.node(market.name)).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowLeft');
  await active(root.name);
  await page.keyboard.press('ArrowLeft');
  await expect(form.node(root.name)).toHaveAttribute('aria-expanded', 'false');
  await expect(form.node(market.name)).toHaveCount(0);
  await page.keyboard.press('ArrowDown');
  await active((set.clusters[1] as WireCluster).name);
  await page.keyboard.press('ArrowUp');
  await active(root.name);

  await page.keyboard.press('Space');
  await expect(form.node(root.name)).toHaveAttribute('aria-selected', 'true');
  await expect(toast(page, vm.clusterAddedWithChildren(root.name, countClusters(root.children)))).toBeVisible();
  // End: the last row shown (the last root is open, its children closed).
  const last = set.clusters.at(-1) as WireCluster;
  await page.keyboard.press('End');
  await active((last.children.at(-1) ?? last).name);
  await page.keyboard.press('Home');
  await active(root.name);
});

test('the tree filter keeps the ancestors of what matches, and is trimmed', async ({ page }) => {
  const { root, market, cluster, site } = region();
  const form = new VisibilityEditPage(page);
  await form.openNew();
  await form.clusterTab();
  await page.getByRole('textbox', { name: 'Filter clusters' }).fill(`  ${site.name.toUpperCase()}  `);
  await expect(form.tree.getByRole('treeitem')).toHaveText(
    [root.name, market.name, cluster.name, site.name].map((n) => new RegExp(n)),
  );
  await expect(page.getByText(/, 1 matching/)).toBeVisible();
});

test('element tabs: a trimmed filter, Add All / Remove All on what is selected; the Default cluster group', async ({
  page,
}) => {
  const form = new VisibilityEditPage(page);
  await form.openNew();
  await expect(page.getByRole('tab')).toHaveText([...EDITOR_TABS]);

  await form.tab('Carrier').click();
  const carriers = form.list('Carriers').getByRole('listitem');
  await expect(carriers).toHaveCount(set.carriers.length);
  const eir = set.carriers.find((c) => c.name === 'Eir') ?? (set.carriers[0] as { name: string });
  await page.getByRole('textbox', { name: 'Filter Carriers' }).fill(`  ${eir.name.toLowerCase()} `);
  await expect(carriers).toHaveText([eir.name]);
  await page.getByRole('button', { name: 'Add All' }).click();
  await expect(page.getByText(`1 of ${set.carriers.length} selected`)).toBeVisible();
  await page.getByRole('textbox', { name: 'Filter Carriers' }).fill('');
  // Something is selected: the button removes.
  await page.getByRole('button', { name: 'Remove All' }).click();
  await expect(page.getByText(`0 of ${set.carriers.length} selected`)).toBeVisible();
  await page.getByRole('button', { name: 'Add All' }).click();
  await expect(page.getByText(`${set.carriers.length} of ${set.carriers.length} selected`)).toBeVisible();

  for (const [tab, label, items] of [
    ['Network Attribute', 'Network Attributes', set.neAttributes],
    ['Venue', 'Venues', set.venues],
  ] as const) {
    await form.tab(tab).click();
    await expect(form.list(label).getByRole('listitem')).toHaveCount(items.length);
  }

  // Default: selecting makes it the default and adds it; selecting it again clears the default.
  await form.tab('Cluster Group').click();
  const group = set.clusterGroups[0] as { name: string };
  const row = form.list('Cluster Groups').getByRole('listitem').filter({ hasText: group.name });
  const toggle = row.getByRole('button', { name: `Default: ${group.name}` });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(row.getByRole('checkbox')).toBeChecked();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(row.getByRole('checkbox')).toBeChecked();
});

test('save: the default group and clusters are kept; a taken name (409) and other errors are said', async ({
  page,
  mock,
}) => {
  const transport = (await visibilityProfiles(page)).find((p) => p.name === 'Transport Network Visibility');
  const form = new VisibilityEditPage(page);
  await form.openEdit(transport?.uuid as string);
  await form.tab('Cluster Group').click();
  const group = set.clusterGroups[2] as { uuid: string; name: string };
  await page.getByRole('button', { name: `Default: ${group.name}` }).click();
  await form.submit().click();
  await expect(toast(page, m.saved('Transport Network Visibility'))).toBeVisible();
  const saved = await apiGet<{ defaultClusterGroup: { uuid: string } | null; clusters: WireCluster[] }>(
    page,
    `/profile/visibility/get/${transport?.uuid}`,
  );
  expect(saved.defaultClusterGroup?.uuid).toBe(group.uuid);
  expect(countClusters(saved.clusters)).toBe(countClusters(transport?.clusters ?? []));

  await form.tab('Basic Info').click();
  await page.getByLabel(/^Name/).fill('National Visibility');
  await form.submit().click();
  await expect(toast(page, m.nameExists)).toBeVisible();

  await page.getByLabel(/^Name/).fill('Transport Network Visibility');
  await mock.fault({ method: 'POST', path: `${API}/profile/visibility/update`, status: 500 });
  await form.submit().click();
  await expect(toast(page, m.saveError)).toBeVisible();
});

test('clone copies the profile as a new one named _clone', async ({ page }) => {
  const national = (await visibilityProfiles(page)).find((p) => p.name === 'National Visibility');
  const form = new VisibilityEditPage(page);
  await form.openEdit(national?.uuid as string);
  await page.getByRole('button', { name: 'Clone Visibility' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Creating New Visibility' })).toBeVisible();
  await expect(page.getByLabel(/^Name/)).toHaveValue('National Visibility_clone');
  await form.clusterTab();
  await expect(page.getByText(`${countClusters(national?.clusters ?? [])} of `)).toBeVisible();
  await form.submit().click();
  await expect(toast(page, m.saved('National Visibility_clone'))).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Editing Visibility' })).toBeVisible();
});

test('delete lists the users of the profile; its failures and its success are said', async ({ page, mock }) => {
  const profiles = await visibilityProfiles(page);
  let target: { uuid: string; name: string; users: string[] } | undefined;
  for (const p of profiles) {
    const users = await apiGet<{ username: string }[]>(page, `/profile/visibility/${p.uuid}/users`);
    if (users.length > 0 && users.length < 20) {
      target = { uuid: p.uuid, name: p.name, users: users.map((u) => u.username) };
      break;
    }
  }
  if (!target) throw new Error('the seed has no visibility profile with a few users');
  const form = new VisibilityEditPage(page);
  await form.openEdit(target.uuid);
  const dialog = page.getByRole('alertdialog');

  await mock.fault({ method: 'GET', path: `${API}/profile/visibility/${target.uuid}/users`, status: 500 });
  await page.getByRole('button', { name: 'Delete Visibility' }).click();
  await expect(dialog.getByText(m.dependantsLoadFailed)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  await page.getByRole('button', { name: 'Delete Visibility' }).click();
  await expect(dialog.getByRole('listitem')).toHaveText(target.users);
  await mock.fault({ method: 'DELETE', path: `${API}/profile/visibility/${target.uuid}`, status: 500 });
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, m.deleteFailed)).toBeVisible();

  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, m.deleted(target.name))).toBeVisible();
  await expect(page.getByRole('table', { name: 'Visibility profiles' })).toBeVisible();
  await expect(page.getByRole('link', { name: target.name, exact: true })).toHaveCount(0);
});

test('a failed load says why and Retry brings the profile', async ({ page, mock }) => {
  const national = (await visibilityProfiles(page)).find((p) => p.name === 'National Visibility');
  await mock.fault({ method: 'GET', path: `${API}/profile/visibility/get/${national?.uuid}`, status: 500 });
  const form = new VisibilityEditPage(page);
  await page.goto(`/userprofile/profile/visibility/edit/${national?.uuid}`);
  const failure = page.getByRole('alert').filter({ hasText: 'Could not load the visibility profile' });
  await expect(failure).toContainText('HTTP 500');
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByLabel(/^Name/)).toHaveValue('National Visibility');
  await expect(form.submit()).toHaveText('Update Visibility');
});
