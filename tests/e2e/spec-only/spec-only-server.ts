// A second dev backend playing a spec-only backend (EXTENSIONS=off, issue 32
// item 5), from the same seed as the suite's server, started by the specs that
// compare the console's answers on both. Port: E2E_SPEC_ONLY_PORT, else the
// suite's port + 10. (The suite's own 'spec-only' project may serve this
// later; until then a spec starts its own.)
import { type ChildProcess, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, expect, type Page } from '@playwright/test';
import { href } from '../../../packages/web/src/lib/paths.ts';
import { PASSWORD } from '../fixtures.ts';

const port = Number(process.env.E2E_SPEC_ONLY_PORT ?? Number(process.env.E2E_PORT ?? 8181) + 10);
export const specOnlyURL = `http://127.0.0.1:${port}`;

let server: ChildProcess | null = null;

async function answers(): Promise<boolean> {
  try {
    return (await fetch(`${specOnlyURL}/userprofile/config.json`)).ok;
  } catch {
    return false;
  }
}

/** Starts the spec-only backend (reused when one already answers on its port), from the seed. */
export async function startSpecOnly(): Promise<void> {
  if (!(await answers())) {
    server = spawn(process.execPath, ['--import', 'tsx', 'packages/contract-server/src/server.ts', '--fresh'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_ORIGIN: specOnlyURL,
        DATA_DIR: join(tmpdir(), `userprofile-e2e-${port}`),
        SEED_USERS: process.env.SEED_USERS ?? '300',
        EXTENSIONS: 'off',
      },
      stdio: 'ignore',
    });
    const until = Date.now() + 240_000;
    while (!(await answers())) {
      if (Date.now() > until) throw new Error(`The spec-only backend did not start on ${specOnlyURL}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  const reset = await fetch(`${specOnlyURL}/__mock/reset`, { method: 'POST' });
  expect(reset.ok).toBeTruthy();
}

export function stopSpecOnly(): void {
  server?.kill();
  server = null;
}

/**
 * A page of its own on the spec-only backend (or `baseURL`), signed in as
 * `username` through the console's flow; the first list may take long on a
 * loaded machine, so it waits longer than the suite's sign-in.
 */
export async function specOnlyPage(browser: Browser, username: string, baseURL = specOnlyURL): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/userprofile/');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible({ timeout: 60_000 });
  return page;
}

/** Opens the same console path on both pages. */
export async function openBoth(pages: Page[], path: string): Promise<void> {
  await Promise.all(pages.map((p) => p.goto(href(path))));
}
