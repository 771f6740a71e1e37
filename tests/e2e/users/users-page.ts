// Page helper of the user screens: locators a user would use (labels,
// roles, texts), plus direct API calls to set up or look up data.
import type { APIResponse, Locator, Page } from '@playwright/test';
import { href, toUserList } from '../../../packages/web/src/lib/paths.ts';
import { expect } from '../fixtures.ts';

export const API = '/userprofile/api/v1';

export interface WireUser {
  uuid: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  active: boolean;
  businessProfile?: { uuid: string; name: string } | null;
  visibilityProfile?: { uuid: string; name: string } | null;
  [key: string]: unknown;
}

async function authHeaders(page: Page, write: boolean): Promise<Record<string, string>> {
  const token = await page.evaluate(() => localStorage.getItem('user-profile.access_token'));
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Algorithm: 'RSA256' };
  if (write) {
    const cookies = await page.context().cookies();
    const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
    if (xsrf) headers['X-XSRF-TOKEN'] = decodeURIComponent(xsrf);
  }
  return headers;
}

/** GET under /userprofile/api/v1 as the signed-in user. */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const r = await page.request.get(API + path, { headers: await authHeaders(page, false) });
  expect(r.ok(), `GET ${path}: ${r.status()}`).toBeTruthy();
  return (await r.json()) as T;
}

export async function apiPost(page: Page, path: string, data: unknown): Promise<APIResponse> {
  return page.request.post(API + path, { headers: await authHeaders(page, true), data });
}

export class UsersPage {
  readonly table: Locator;
  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Users' });
  }

  async open(): Promise<void> {
    await this.page.goto(href(toUserList()));
    await expect(this.table).toBeVisible();
  }

  filter(column: 'Username' | 'Name' | 'Email' | 'Profile' | 'Visibility'): Locator {
    return this.page.getByRole('textbox', { name: `Filter by ${column}` });
  }

  /** Body rows of the table. */
  rows(): Locator {
    return this.table.locator('tbody tr');
  }

  row(username: string): Locator {
    return this.table.locator(`tbody tr[data-username="${username}"]`);
  }

  async usernames(): Promise<string[]> {
    return this.table.locator('tbody tr a.username').allInnerTexts();
  }

  sortBy(column: string): Promise<void> {
    return this.table.getByRole('columnheader', { name: column, exact: true }).getByRole('button').click();
  }

  toggle(status: 'Active' | 'Inactive'): Promise<void> {
    return this.page
      .getByRole('group', { name: 'User status' })
      .getByRole('button', { name: status, exact: true })
      .click();
  }

  /** Opens the Status dropdown of a row and picks Activate or Deactivate. */
  async setStatus(username: string, action: 'Activate' | 'Deactivate'): Promise<void> {
    await this.row(username)
      .getByRole('button', { name: /^Status of / })
      .click();
    await this.page.getByRole('menuitem', { name: action, exact: true }).click();
    // Deactivate asks first, naming the user.
    if (action === 'Deactivate')
      await this.page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
  }

  /** Narrows the list to one user by the Username filter. */
  async show(username: string): Promise<Locator> {
    await this.filter('Username').fill(username);
    const row = this.row(username);
    await expect(row).toBeVisible();
    return row;
  }
}

/** A toast with exactly this title. */
export function toast(page: Page, text: string): Locator {
  return page
    .locator('[data-scope="toast"][data-part="title"]', { hasText: text })
    .filter({ hasText: new RegExp(`^${escapeRegExp(text)}$`) });
}

/**
 * Closes every toast on screen with its Dismiss button, as a person does before
 * pressing what the toasts cover: they sit over the top right of the page
 * (spec §9), where the title row's actions are, for 5 s each.
 */
export async function dismissToasts(page: Page): Promise<void> {
  const open = page.locator('[data-scope="toast"][data-part="root"][data-state="open"]');
  for (let n = await open.count(); n > 0; n = await open.count())
    await open.first().getByRole('button', { name: 'Dismiss' }).click();
  await expect(open).toHaveCount(0);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export class UserEditPage {
  constructor(readonly page: Page) {}

  /** A field by its label (a required field's label ends with an asterisk). */
  field(label: string): Locator {
    return this.page.getByLabel(new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`));
  }

  /** The error text shown under a field. */
  error(label: string): Locator {
    return this.page
      .locator('[data-scope="field"][data-part="root"]')
      .filter({ has: this.field(label) })
      .locator('[data-part="error-text"]');
  }

  submit(): Locator {
    return this.page.getByRole('button', { name: /^(Create|Update) User$/ });
  }

  tab(name: string | RegExp): Locator {
    return this.page.getByRole('tab', { name });
  }
}
