// Page helper of the Activity screen: what a person sees of it (the query
// box, the chips, the events as rows) and direct API calls that make events.
import type { APIResponse, Locator, Page } from '@playwright/test';
import { href, toActivity } from '../../../packages/web/src/lib/paths.ts';
import { expect } from '../fixtures.ts';
import { API, api, apiGet, type Named, type WireUser } from '../profiles/profiles-page.ts';

async function authHeaders(page: Page, extra: Record<string, string>): Promise<Record<string, string>> {
  const token = await page.evaluate(() => localStorage.getItem('user-profile.access_token'));
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
  return {
    Authorization: `Bearer ${token}`,
    Algorithm: 'RSA256',
    ...(xsrf ? { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } : {}),
    ...extra,
  };
}

export type User = WireUser & Record<string, unknown>;

export class ActivityScreen {
  constructor(readonly page: Page) {}

  /** Opens the screen on a query and waits for its first page (or its answer that there is none). */
  async open(q = ''): Promise<void> {
    await this.page.goto(href(toActivity(q)));
    await this.loaded();
  }

  async loaded(): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
    await expect(this.page.locator('[data-activity-log], [data-query-error]').first()).toBeVisible();
  }

  query(): Locator {
    return this.page.getByRole('textbox', { name: 'Query' });
  }

  async search(text: string): Promise<void> {
    await this.query().fill(text);
    await this.query().press('Enter');
  }

  /** The `q` of the address. */
  addressQuery(): string {
    return new URL(this.page.url()).searchParams.get('q') ?? '';
  }

  chips(): Locator {
    return this.page.getByRole('list', { name: 'Query terms' }).getByRole('listitem');
  }

  rows(): Locator {
    return this.page.locator('[data-event]');
  }

  /** The events listed whose target is named `name`. */
  rowsOn(name: string): Locator {
    return this.rows().filter({ has: this.page.locator('[data-target]', { hasText: name }) });
  }

  /** Each row as a person reads it: action, target name, outcome (for comparing with an export). */
  async listed(): Promise<{ id: string; action: string; target: string; outcome: string }[]> {
    return this.rows().evaluateAll((rows) =>
      rows.map((row) => ({
        id: row.getAttribute('data-event') ?? '',
        action: row.querySelector('[data-action]')?.textContent?.trim() ?? '',
        target: row.querySelector('[data-target] a, [data-target] p:last-child')?.textContent?.trim() ?? '',
        outcome: row.querySelector('[data-outcome-cell] > *')?.textContent?.trim() ?? '',
      })),
    );
  }
}

/** Users of another company's own NOC profile (the seed gives each customer company one). */
export async function usersOfCompany(page: Page, company: Named): Promise<User[]> {
  const users = await apiGet<User[]>(page, '/user/list/active');
  return users.filter((u) => (u.businessProfile as Named | null)?.name === `${company.name} NOC Operators`);
}

/** The company of a seeded account, as the signed-in reader's GET names it. */
export async function companyOf(page: Page, username: string): Promise<Named> {
  const users = await apiGet<User[]>(page, '/user/list/active');
  const account = users.find((u) => u.username === username) as User;
  return (await apiGet<User>(page, `/user/${account.uuid}`)).errigalCustomerCompany as Named;
}

/** A save of the user with these fields changed, through the API as the signed-in user; its answer. */
export async function saveUser(
  page: Page,
  uuid: string,
  change: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<APIResponse> {
  // The GET's own fields (the failed applications, why the reader may not change it) are no part of a save.
  const {
    failedUpdateApps: _none,
    readOnlyReason: _readOnly,
    businessProfile,
    ...user
  } = await apiGet<User>(page, `/user/${uuid}`);
  const profile = businessProfile as Named | null;
  const body = {
    user: { ...user, ...(profile ? { businessProfile: { uuid: profile.uuid, name: profile.name } } : {}), ...change },
  };
  if (Object.keys(headers).length === 0) return api(page, 'POST', '/user/update', body);
  // A call with headers of its own (If-Match): the signed-in page's token and cross-site request cookie.
  return page.request.post(`${API}/user/update`, {
    data: body,
    headers: await authHeaders(page, headers),
  });
}

/** The export of a query, as the signed-in user (what the screen's Export downloads). */
export async function exported(page: Page, q: string, format: 'csv' | 'ndjson'): Promise<string> {
  const r = await api(page, 'GET', `/activity/export?${new URLSearchParams({ q, format })}`);
  expect(r.ok(), `export: ${r.status()}`).toBeTruthy();
  return r.text();
}
