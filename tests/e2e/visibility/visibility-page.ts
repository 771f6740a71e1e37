// Page helper of the visibility profile screens: what a user reaches for
// (roles, labels, texts), plus the visibility set read through the API.
import type { Locator, Page } from '@playwright/test';
import {
  href,
  toVisibilityProfileEdit,
  toVisibilityProfileList,
  toVisibilityProfileNew,
} from '../../../packages/web/src/lib/paths.ts';
import { expect } from '../fixtures.ts';
import { apiGet } from '../users/users-page.ts';

export { apiGet, apiPost, toast } from '../users/users-page.ts';

export interface WireCluster {
  uuid: string;
  name: string;
  children: WireCluster[];
}
export interface WireVisibilitySet {
  carriers: { uuid: string; name: string }[];
  clusters: WireCluster[];
  clusterGroups: { uuid: string; name: string }[];
  networkGroups: { uuid: string; name: string }[];
  neAttributes: { uuid: string; name: string }[];
  venues: { uuid: string; name: string }[];
}
export interface WireVisibilityProfile {
  uuid: string;
  name: string;
  description?: string;
  minimumRole: { name: string };
  errigalCustomerCompany?: { uuid: string } | null;
  primaryVisibility?: { uuid: string; name: string } | null;
  clusters: WireCluster[];
  defaultClusterGroup?: { uuid: string; name: string } | null;
  clusterGroups: { uuid: string; name: string }[];
}

/** The editor's tabs; the last two need the layout codes NEA and VEN. */
export const EDITOR_TABS = [
  'Basic Info',
  'Carrier',
  'Cluster',
  'Cluster Group',
  'Network Group',
  'Network Attribute',
  'Venue',
] as const;

export const visibilitySet = (page: Page) => apiGet<WireVisibilitySet>(page, '/visibility/set');
export const visibilityProfiles = (page: Page) => apiGet<WireVisibilityProfile[]>(page, '/profile/visibility/list');

export function countClusters(forest: readonly WireCluster[]): number {
  return forest.reduce((n, c) => n + 1 + countClusters(c.children), 0);
}

export class VisibilityListPage {
  readonly table: Locator;
  readonly sync: Locator;
  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Visibility profiles' });
    // While a sync runs the button reads 'Syncing...'.
    this.sync = page.getByRole('button', { name: /^(Sync Visibility Elements|Syncing\.\.\.)$/ });
  }

  async open(): Promise<void> {
    await this.page.goto(href(toVisibilityProfileList()));
    await expect(this.table).toBeVisible();
  }

  rows(): Locator {
    return this.table.locator('tbody tr');
  }

  filter(column: 'Name' | 'Description'): Locator {
    return this.page.getByRole('textbox', { name: `Filter by ${column}` });
  }

  /** Opens the sync dropdown and picks `option`. */
  async runSync(option: string): Promise<void> {
    await expect(this.sync).toHaveText('Sync Visibility Elements');
    await this.sync.click();
    await this.page.getByRole('menuitem', { name: option, exact: true }).click();
  }
}

export class VisibilityEditPage {
  readonly tree: Locator;
  readonly primary: Locator;
  constructor(readonly page: Page) {
    this.tree = page.getByRole('tree', { name: 'Clusters' });
    this.primary = page.getByRole('combobox', { name: 'Primary Visibility' });
  }

  async openNew(): Promise<void> {
    await this.page.goto(href(toVisibilityProfileNew()));
    await expect(this.page.getByRole('heading', { level: 1, name: 'Creating New Visibility' })).toBeVisible();
  }

  async openEdit(uuid: string): Promise<void> {
    await this.page.goto(href(toVisibilityProfileEdit(uuid)));
    await expect(this.page.getByRole('heading', { level: 1, name: 'Editing Visibility' })).toBeVisible();
  }

  tab(name: string): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }

  async clusterTab(): Promise<void> {
    await this.tab('Cluster').click();
    await expect(this.tree).toBeVisible();
  }

  /** The tree row of a cluster, by its exact name. */
  node(name: string): Locator {
    return this.tree.getByRole('treeitem').filter({ has: this.page.getByText(name, { exact: true }) });
  }

  /** Chooses the primary visibility by typing part of its name and picking it from the list. */
  async choosePrimary(name: string): Promise<void> {
    await this.primary.fill(name);
    await this.page
      .getByRole('option', { name: new RegExp(`${escapeRegExp(name)}$`) })
      .first()
      .click();
    await expect(this.primary).toHaveValue(name);
  }

  /** Ticks or unticks a cluster with the mouse. */
  toggle(name: string): Promise<void> {
    return this.node(name).locator('[data-part="select"]').first().click();
  }

  /** Opens or closes a node with the mouse. */
  expand(name: string): Promise<void> {
    return this.node(name).locator('[data-part="toggle"]').click();
  }

  /** The element list of the current tab. */
  list(label: string): Locator {
    return this.page.getByRole('list', { name: label });
  }

  submit(): Locator {
    return this.page.getByRole('button', { name: /^(Create|Update) Visibility$/ });
  }

  /** A dismissible warning of the editor. */
  alert(text: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
