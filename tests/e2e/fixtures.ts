import { test as base, expect, type Page } from '@playwright/test';

export const PASSWORD = process.env.SEED_PASSWORD ?? 'Passw0rd!';
export const ACCOUNTS = {
  provider: 'provider.admin',
  customer: 'customer.admin',
  sco: 'sco.admin',
} as const;

export interface Fault {
  method: string;
  path: string;
  /** Without a status the call is only delayed by delayMs, then answered normally. */
  status?: number;
  times?: number;
  delayMs?: number;
  body?: unknown;
}

/** The dev backend's control API (never under /userprofile). */
export class Mock {
  constructor(private readonly page: Page) {}
  async reset(): Promise<void> {
    const r = await this.page.request.post('/__mock/reset');
    expect(r.ok()).toBeTruthy();
  }
  async fault(fault: Fault): Promise<void> {
    const r = await this.page.request.post('/__mock/faults', { data: fault });
    expect(r.ok()).toBeTruthy();
  }
  async clearFaults(): Promise<void> {
    await this.page.request.delete('/__mock/faults');
  }
  async outbox(): Promise<Array<{ to: string; subject: string; text: string; html?: string; link?: string }>> {
    const r = await this.page.request.get('/__mock/outbox');
    return r.json();
  }
}

/** Each test starts on a fresh server state. */
export const test = base.extend<{ mock: Mock }>({
  mock: async ({ page }, use) => {
    const mock = new Mock(page);
    await mock.reset();
    await use(mock);
    await mock.clearFaults();
  },
});

export { expect };

/**
 * Signs in through the console's own flow, from /userprofile/ to the user
 * list: the redirect to auth/login/user and /authorize, the login form, the
 * selfcallback code exchange.
 */
export async function signIn(page: Page, username: string, password: string = PASSWORD): Promise<void> {
  await page.goto('/userprofile/');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/userprofile/user/list');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
}
