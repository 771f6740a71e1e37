// The dev backend keeps its data (SQLite in DATA_DIR). A server of this test's own (the
// shared one cannot be killed), on a DATA_DIR of its own: a console user signs
// in and saves a change, the server is killed with SIGKILL and started again,
// and the page, reloaded, is still signed in and shows the change.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Backend, startBackend } from '../backend.ts';
import { ACCOUNTS, expect, signIn, test } from '../fixtures.ts';

test('a sign-in and a saved change survive kill -9 and a restart', async ({ browser, backendEnv }) => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'userprofile-e2e-restart-'));
  const env = { ...backendEnv, SEED_USERS: '40' };
  let server = await startBackend({ dataDir, env });
  const { origin } = server;
  // The restarted server listens where the first did: the page reloads the same origin.
  const start = (): Promise<Backend> => startBackend({ dataDir, env, port: Number(new URL(origin).port) });
  const context = await browser.newContext({ baseURL: origin });
  try {
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.provider);
    const token = await page.evaluate(() => localStorage.getItem('user-profile.access_token'));
    const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const headers = { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf };
    const api = `${origin}/userprofile/api/v1`;
    const user = await (await page.request.get(`${api}/user/username/${ACCOUNTS.customer}`, { headers })).json();
    const saved = await page.request.post(`${api}/user/update`, {
      headers,
      data: { user: { ...user, lastName: 'Survivor' } },
    });
    expect(saved.status()).toBe(200);

    await server.kill();
    server = await start();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page).toHaveURL(/\/userprofile\/user\/list$/);
    await page.goto(`/userprofile/user/edit/${user.uuid}`);
    await expect(page.getByLabel('Last Name', { exact: false })).toHaveValue('Survivor');
  } finally {
    await context.close();
    await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
