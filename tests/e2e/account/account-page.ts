// Helpers of the account tests: TOTP codes computed here from a shown key
// (RFC 6238: HMAC-SHA1, 30 s steps, 6 digits), a seeded user without a
// console role given a password through the reset mail, and the console's
// sign-in through its own pages.
import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, type Mock } from '../fixtures.ts';
import { apiGet, type WireUser } from '../users/users-page.ts';

export const NEW_PASSWORD = 'N3w-Passw0rd!x';

/** RFC 4648 base32 (spaces ignored), as authenticator apps read a key. */
export function base32Bytes(key: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of key.replace(/[\s=]/g, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`Not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The 6-digit code of `key` at `at` (ms), `offset` steps of 30 s away. */
export function totp(key: string, at = Date.now(), offset = 0): string {
  const counter = Math.floor(at / 1000 / 30) + offset;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', base32Bytes(key)).update(message).digest();
  const start = (mac[mac.length - 1] as number) & 0x0f;
  const value = mac.readUInt32BE(start) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, '0');
}

/**
 * A code that stays valid while the test types it: the next step's when the
 * current one ends within a few seconds (the server accepts one step either side).
 */
export function steadyTotp(key: string): string {
  const intoStep = (Date.now() / 1000) % 30;
  return intoStep > 25 ? totp(key, Date.now(), 1) : totp(key);
}

/** A seeded active user with a business profile and no console role (read as an administrator). */
export async function userWithoutRole(page: Page, exclude: readonly string[]): Promise<WireUser> {
  const users = await apiGet<WireUser[]>(page, '/user/list/active');
  const found = users.find(
    (u) =>
      !exclude.includes(u.username) &&
      u.businessProfile &&
      !/admin/i.test(u.username) &&
      !(Array.isArray(u.roles) && u.roles.length > 0),
  );
  expect(found, 'a seeded user without a console role').toBeTruthy();
  return found as WireUser;
}

/** Gives the user a password through spec §7's reset mail, in this page (signed out first). */
export async function setPasswordByMail(page: Page, mock: Mock, username: string, password = NEW_PASSWORD) {
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  await page.goto('/userprofile/password/forgot');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('An email with password reset link has been sent to the user').first()).toBeVisible();
  await followResetMail(page, mock, password);
}

/** Opens the newest reset mail's link and sets the password there. */
export async function followResetMail(page: Page, mock: Mock, password = NEW_PASSWORD) {
  const mail = (await mock.outbox()).at(-1);
  const link = new URL(mail?.link ?? /https?:\/\/\S+\/password\/new\/\S+/.exec(mail?.text ?? '')?.[0] ?? '');
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm New Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('main').getByText(/Successfully reset password/)).toBeVisible();
}

/** Signs in through the console's pages; where it lands is the caller's to check. */
export async function signInAs(page: Page, username: string, password: string) {
  await page.goto('/userprofile/');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
