// The access answers of a spec-only backend (the worker's dev backend in the
// 'spec-only' project, EXTENSIONS=off) are compared with those of a dev
// backend that offers the extensions, from the same seed: this second
// backend, on a free port and a temporary data folder of its own.
import { type Browser, expect, type Page } from '@playwright/test';
import { href } from '../../../packages/web/src/lib/paths.ts';
import { type Backend, startBackend } from '../backend.ts';
import { PASSWORD } from '../fixtures.ts';

let withExtensions: Backend | null = null;

/** Starts the backend with extensions (once per worker); its origin. */
export async function startWithExtensions(): Promise<string> {
  withExtensions ??= await startBackend({ fresh: true });
  return withExtensions.origin;
}

/** Its origin, reset to the seed (as the worker's own backend is before each test). */
export async function resetWithExtensions(): Promise<string> {
  const origin = await startWithExtensions();
  const reset = await fetch(`${origin}/__mock/reset`, { method: 'POST' });
  expect(reset.ok).toBeTruthy();
  return origin;
}

export async function stopWithExtensions(): Promise<void> {
  await withExtensions?.stop();
  withExtensions = null;
}

/** A page of its own on the backend at `baseURL`, signed in as `username` through the console's flow. */
export async function pageOn(browser: Browser, username: string, baseURL: string): Promise<Page> {
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
