import { type Browser, test as base, type Cookie, expect, type Page } from '@playwright/test';
import { href, toUserList } from '../../packages/web/src/lib/paths.ts';
import { type Backend, startBackend } from './backend.ts';

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

/** What a sign-in leaves in the browser: the console's local storage and the cookies (provider session, XSRF). */
interface SavedSignIn {
  storage: { name: string; value: string }[];
  cookies: Cookie[];
  token: string;
  /** ms since the epoch. */
  expiresAt: number;
}

const STORAGE_PREFIX = 'user-profile.';
/** A saved sign-in is not reused within this long of its token's expiry. */
const EXPIRY_MARGIN_MS = 5 * 60_000;

/** Signs in through the real flow in a context of its own and keeps what it left. */
async function freshSignIn(browser: Browser, baseURL: string, username: string): Promise<SavedSignIn> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await signIn(page, username);
    const state = await context.storageState();
    const storage = (state.origins.find((o) => o.origin === new URL(baseURL).origin)?.localStorage ?? []).filter(
      (item) => item.name.startsWith(STORAGE_PREFIX),
    );
    const token = storage.find((item) => item.name === `${STORAGE_PREFIX}access_token`)?.value ?? '';
    const expiresAt = Number(storage.find((item) => item.name === `${STORAGE_PREFIX}token_expires_at`)?.value ?? 0);
    return { storage, cookies: state.cookies, token, expiresAt };
  } finally {
    await context.close();
  }
}

/** The saved sign-in still works: not about to expire, and the server still accepts its token. */
async function stillValid(page: Page, saved: SavedSignIn): Promise<boolean> {
  if (saved.expiresAt - Date.now() < EXPIRY_MARGIN_MS) return false;
  const r = await page.request.get('/userprofile/api/v1/me', {
    headers: { Authorization: `Bearer ${saved.token}`, Algorithm: 'RSA256' },
  });
  return r.ok();
}

export interface Fixtures {
  /** The dev backend's control API; the server state is reset before the test (as before every test). */
  mock: Mock;
  /**
   * For tests that are not about signing in: the page signed in as this
   * account and showing the user list, as after signIn(), without going
   * through the sign-in pages again. Each worker signs in once per account
   * (the real flow) and reuses the token and cookies while the server
   * accepts them; /__mock/reset keeps sign-in sessions, and a session ended
   * by the test (sign-out, password reset) is noticed and replaced.
   */
  signedInAs: (username: string) => Promise<void>;
  /** Resets the worker's backend before each test (automatic): every test starts from the seed, whatever ran before it. */
  freshState: undefined;
}

export interface WorkerFixtures {
  /**
   * An option a Playwright project sets for the dev backends of its workers:
   * more environment for the dev-backend command, e.g. in playwright.config.ts
   * `{ name: 'extensions off', use: { backendEnv: { EXTENSIONS: 'off' } } }`.
   * It also reaches the servers a test starts itself (storage/restart.spec.ts).
   * PORT, HOST, PUBLIC_ORIGIN and DATA_DIR are the worker's own and cannot be
   * set here; SEED_USERS can (default: the SEED_USERS of the environment, else 300).
   */
  backendEnv: Record<string, string>;
  /**
   * The worker's dev backend: the dev-backend command on a free port and a temporary
   * DATA_DIR of its own, started from the seed when the worker starts and
   * stopped (its folder removed) when it ends. `baseURL` is its origin, so
   * relative URLs (page.goto, page.request) reach it.
   */
  backend: Backend;
  savedSignIns: Map<string, SavedSignIn>;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  backendEnv: [{}, { scope: 'worker', option: true }],
  backend: [
    async ({ backendEnv }, use) => {
      const backend = await startBackend({ fresh: true, env: backendEnv });
      await use(backend);
      await backend.stop();
    },
    // A cold start (tsx transform, seeding) on a loaded machine: not the first test's time.
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ backend }, use) => {
    await use(backend.origin);
  },
  savedSignIns: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture uses from its first parameter
    async ({}, use) => {
      await use(new Map());
    },
    { scope: 'worker' },
  ],
  freshState: [
    async ({ backend }, use) => {
      const r = await fetch(`${backend.origin}/__mock/reset`, { method: 'POST' });
      if (!r.ok) throw new Error(`POST /__mock/reset answered ${r.status}: ${await r.text()}`);
      await use(undefined);
    },
    { auto: true },
  ],
  mock: async ({ page, freshState: _reset }, use) => {
    const mock = new Mock(page);
    await use(mock);
    await mock.clearFaults();
  },
  signedInAs: async ({ page, browser, baseURL, savedSignIns, mock: _reset }, use) => {
    await use(async (username) => {
      let saved = savedSignIns.get(username);
      if (!saved || !(await stillValid(page, saved))) {
        // The sign-in is the worker's setup, not the test's work: it gets its own time.
        test.info().setTimeout(test.info().timeout + 60_000);
        saved = await freshSignIn(browser, baseURL as string, username);
        savedSignIns.set(username, saved);
      }
      await page.context().clearCookies();
      await page.context().addCookies(saved.cookies);
      // Local storage is per origin: set it from a light same-origin document, then open the console.
      await page.goto('/userprofile/config.json');
      await page.evaluate(
        ({ prefix, items }) => {
          for (const key of Object.keys(localStorage)) if (key.startsWith(prefix)) localStorage.removeItem(key);
          for (const item of items) localStorage.setItem(item.name, item.value);
        },
        { prefix: STORAGE_PREFIX, items: saved.storage },
      );
      await page.goto(href(toUserList()));
      await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    });
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
  await page.waitForURL(`**${href(toUserList())}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
}
