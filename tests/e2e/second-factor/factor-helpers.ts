// What the second factor tests share: TOTP codes computed as an authenticator
// app would (RFC 6238 over node:crypto), the sign-in form, the calls that set
// a test up as an administrator or as the user, and a dev backend reached as
// http://localhost:PORT for passkeys (browsers refuse WebAuthn on a bare IP
// address, and the worker's backend is http://127.0.0.1:PORT).
import { createHmac } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { APIResponse, Page } from '@playwright/test';
import { type Backend, startBackend } from '../backend.ts';
import { expect, PASSWORD } from '../fixtures.ts';

const API = '/userprofile/api/v1';
const STEP_SECONDS = 30;

function fromBase32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The 6-digit code of a base32 key for the 30-second step `steps` away from now (RFC 6238, HMAC-SHA1). */
export function totp(secret: string, steps = 0, now = Date.now()): string {
  const counter = Math.floor(now / 1000 / STEP_SECONDS) + steps;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', fromBase32(secret)).update(message).digest();
  const offset = (mac[mac.length - 1] as number) & 0x0f;
  const value = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, '0');
}

/** The page's serious or critical accessibility violations (axe), one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Headers of an API call as the signed-in console page (its token, and the cross-site token for a write). */
async function headers(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => localStorage.getItem('user-profile.access_token'));
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
  return {
    Authorization: `Bearer ${token}`,
    Algorithm: 'RSA256',
    ...(xsrf ? { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } : {}),
  };
}

/** POST under /userprofile/api/v1 as the signed-in console page; answers the JSON, or fails the test. */
export async function post<T>(page: Page, path: string, data: unknown = {}): Promise<T> {
  const r: APIResponse = await page.request.post(API + path, { headers: await headers(page), data });
  expect(r.ok(), `POST ${path}: ${r.status()} ${await r.text()}`).toBeTruthy();
  return (r.status() === 204 ? null : await r.json()) as T;
}

/** As an ERRIGAL_ADMIN: every administrator must have a second factor. */
export async function requireForAdministrators(page: Page): Promise<void> {
  await post(page, '/factorPolicy/update', { scope: 'administrators', required: true });
}

/** As the signed-in user: an authenticator app added through the account API; its key and recovery codes. */
export async function addTotp(page: Page): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await post<{ enrolment: string; secret: string }>(page, '/account/factors/totp');
  const added = await post<{ recoveryCodes?: string[] }>(page, '/account/factors/totp/confirm', {
    enrolment: started.enrolment,
    code: totp(started.secret),
    name: 'Phone',
  });
  expect(added.recoveryCodes).toHaveLength(10);
  return { secret: started.secret, recoveryCodes: added.recoveryCodes ?? [] };
}

/**
 * The login form filled and sent: from the console's sign-in (auth/login/user, which shows the form
 * without '/'s 'Please Login First' toast), or, with `from` empty, where the page already is.
 */
export async function submitPassword(
  page: Page,
  username: string,
  from = '/userprofile/auth/login/user',
): Promise<void> {
  if (from) await page.goto(from);
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The enrolment's key as the page shows it (in groups of four), without its spaces. */
export async function shownKey(page: Page): Promise<string> {
  const text = (await page.locator('[data-factor-key]').textContent()) ?? '';
  const key = text.replace(/\s+/g, '');
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  return key;
}

/** The recovery codes shown once after an enrolment, with "I have saved them" ticked and Continue pressed. */
export async function saveRecoveryCodes(page: Page): Promise<string[]> {
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  const go = page.getByRole('button', { name: 'Continue' });
  await expect(go).toBeDisabled();
  await page.getByLabel('I have saved my recovery codes').check();
  await go.click();
  return codes;
}

/**
 * A dev backend of its own, listening on localhost, so its public origin is
 * http://localhost:PORT: a secure context with a host name, where WebAuthn runs
 * (the worker's backend listens on 127.0.0.1, an IP address browsers refuse it on).
 */
export function startLocalhostBackend(env: Record<string, string> = {}): Promise<Backend> {
  return startBackend({ host: 'localhost', fresh: true, env: { SEED_USERS: '20', ...env } });
}
