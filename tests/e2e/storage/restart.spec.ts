// Issue 24: the dev backend keeps its data. A server of this test's own (the
// shared one cannot be killed), on a DATA_DIR of its own: a console user signs
// in and saves a change, the server is killed with SIGKILL and started again,
// and the page, reloaded, is still signed in and shows the change.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCOUNTS, expect, signIn, test } from '../fixtures.ts';

const port = Number(process.env.E2E_PORT ?? 8181) + 1;
const origin = `http://127.0.0.1:${port}`;

async function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/contract-server/src/server.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), PUBLIC_ORIGIN: origin, SEED_USERS: '40' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
      if (out.includes('Mock control API')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  return child;
}

async function kill(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

test('a sign-in and a saved change survive kill -9 and a restart', async ({ browser }) => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'userprofile-e2e-restart-'));
  let server = await startServer(dataDir);
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

    await kill(server);
    server = await startServer(dataDir);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page).toHaveURL(/\/userprofile\/user\/list$/);
    await page.goto(`/userprofile/user/edit/${user.uuid}`);
    await expect(page.getByLabel('Last Name', { exact: false })).toHaveValue('Survivor');
  } finally {
    await context.close();
    await kill(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
