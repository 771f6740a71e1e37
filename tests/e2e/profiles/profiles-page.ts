// Page helper of the application and business profile screens: locators a
// user would use (labels, roles, texts), plus direct API calls to look up
// the server's data the screens must agree with.
import type { APIResponse, Locator, Page } from '@playwright/test';
import {
  href,
  toAppProfileEdit,
  toAppProfileList,
  toBusinessProfileEdit,
  toBusinessProfileList,
} from '../../../packages/web/src/lib/paths.ts';
import { expect } from '../fixtures.ts';

export const API = '/userprofile/api/v1';

export interface Named {
  uuid: string;
  name: string;
}
export interface WireAppProfile extends Named {
  description?: string | null;
  application: Named;
  minimumRole: { name: string };
  errigalCustomerCompany?: { uuid: string } | null;
  roles: Named[];
  elements: Named[];
}
export interface WireBusinessProfile extends Named {
  description?: string | null;
  minimumRole: { name: string };
  errigalCustomerCompany?: { uuid: string } | null;
  appProfiles: (Named & { application: { uuid: string; name?: string } })[];
}
export interface WireUser {
  uuid: string;
  username: string;
  active: boolean;
  errigalCustomerCompany?: { uuid: string } | null;
  businessProfile?: { uuid: string; name: string } | null;
}

async function headers(page: Page, write: boolean): Promise<Record<string, string>> {
  const token = await page.evaluate(() => localStorage.getItem('user-profile.access_token'));
  const h: Record<string, string> = { Authorization: `Bearer ${token}`, Algorithm: 'RSA256' };
  if (write) {
    const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
    if (xsrf) h['X-XSRF-TOKEN'] = decodeURIComponent(xsrf);
  }
  return h;
}

/** A call under /userprofile/api/v1 as the signed-in user. */
export async function api(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<APIResponse> {
  return page.request.fetch(API + path, {
    method,
    headers: await headers(page, method !== 'GET'),
    ...(data === undefined ? {} : { data }),
  });
}

export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const r = await api(page, 'GET', path);
  expect(r.ok(), `GET ${path}: ${r.status()}`).toBeTruthy();
  return (await r.json()) as T;
}

/** Active and inactive users of some business profiles, from the server's dependants call. */
export async function usersOf(page: Page, businessProfiles: readonly string[]) {
  let active = 0;
  let inactive = 0;
  for (const uuid of businessProfiles) {
    for (const u of await apiGet<WireUser[]>(page, `/profile/business/${uuid}/users`)) {
      if (u.active) active++;
      else inactive++;
    }
  }
  return { active, inactive };
}

/** The toast (or in-page alert) with exactly this text. */
export function message(page: Page, text: string): Locator {
  return page.getByText(text, { exact: true }).first();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class ProfileScreens {
  /** Texts of any alert, confirm or prompt the page opened (a rendered script would open one). */
  readonly dialogs: string[] = [];
  constructor(readonly page: Page) {
    page.on('dialog', (dialog) => {
      // Leaving a form with unsaved changes asks first: the tests mean to leave.
      if (dialog.type() === 'beforeunload' || dialog.type() === 'confirm') void dialog.accept();
      else {
        this.dialogs.push(dialog.message());
        void dialog.dismiss();
      }
    });
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: /^(Application|Business) profiles$/ });
  }

  async openAppList(): Promise<void> {
    await this.page.goto(href(toAppProfileList()));
    await expect(this.page.getByRole('table', { name: 'Application profiles' })).toBeVisible();
  }

  async openBusinessList(): Promise<void> {
    await this.page.goto(href(toBusinessProfileList()));
    await expect(this.page.getByRole('table', { name: 'Business profiles' })).toBeVisible();
  }

  async openAppProfile(uuid: string): Promise<void> {
    await this.page.goto(href(toAppProfileEdit(uuid)));
    await expect(this.field('Name')).not.toHaveValue('');
  }

  async openBusinessProfile(uuid: string): Promise<void> {
    await this.page.goto(href(toBusinessProfileEdit(uuid)));
    await expect(this.field('Name')).not.toHaveValue('');
  }

  filter(label: string): Locator {
    return this.page.getByRole('textbox', { name: `Filter by ${label}` });
  }

  /** The first column (the names) of the table's rows. */
  names(): Promise<string[]> {
    return this.table.locator('tbody tr td:first-child').allInnerTexts();
  }

  /** The cells of one column of the table's rows, by its data-column. */
  column(name: string): Promise<string[]> {
    return this.table.locator(`tbody tr td[data-column="${name}"]`).allInnerTexts();
  }

  sortBy(column: string): Promise<void> {
    return this.table.getByRole('columnheader', { name: column }).getByRole('button').click();
  }

  range(): Locator {
    return this.page.getByText(/^\d+–\d+ of \d+$|^No .* match$/);
  }

  page_(n: number): Promise<void> {
    return this.page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('button', { name: `Page ${n}` })
      .click();
  }

  /** A form field by its label (a required field's label ends with an asterisk). */
  field(label: string): Locator {
    return this.page.getByLabel(new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`));
  }

  tab(name: string): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }

  button(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  dialog(): Locator {
    return this.page.getByRole('alertdialog');
  }

  /**
   * A role or element of the open tab, as a user clicks it: its label (which
   * holds the checkbox, so check() and uncheck() read the box's state).
   */
  grant(name: string): Locator {
    const box = this.page.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(name)}`) });
    return this.page.locator('label').filter({ has: box });
  }
}
