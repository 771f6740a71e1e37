// A passkey at sign-in, through Chromium's virtual authenticator (the DevTools
// protocol's WebAuthn domain): a user whom the policy requires to have a
// factor creates a passkey on the provider's page instead of an authenticator
// app, sees the recovery codes once, and signs in with it the next time.
// WebAuthn runs only in a secure context with a host name, so this file has a
// dev backend of its own reached as http://localhost:PORT.
import type { BrowserContext, Page } from '@playwright/test';
import type { Backend } from '../backend.ts';
import { ACCOUNTS, expect, signIn, test } from '../fixtures.ts';
import {
  requireForAdministrators,
  saveRecoveryCodes,
  startLocalhostBackend,
  submitPassword,
} from './factor-helpers.ts';

let local: Backend | null = null;

test.afterAll(async () => {
  await local?.stop();
  local = null;
});

/** A platform authenticator with user verification, as a phone or a laptop's would be. */
async function virtualAuthenticator(page: Page): Promise<{ credentials: () => Promise<number> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length,
  };
}

/** Signed out in this browser: no provider session, no console token. */
async function forget(context: BrowserContext, page: Page): Promise<void> {
  await context.clearCookies();
  await page.evaluate(() => localStorage.clear());
}

test('a required passkey is created at sign-in and signs in the next time', async ({ browser }) => {
  // A backend of its own and three real sign-ins (scrypt): their time, not the steps'.
  test.setTimeout(180_000);
  local ??= await startLocalhostBackend();
  const admin = await browser.newContext({ baseURL: local.origin });
  const adminPage = await admin.newPage();
  await signIn(adminPage, ACCOUNTS.provider);
  await requireForAdministrators(adminPage);
  await admin.close();

  const context = await browser.newContext({ baseURL: local.origin });
  const page = await context.newPage();
  const authenticator = await virtualAuthenticator(page);
  await submitPassword(page, ACCOUNTS.customer);
  await expect(page.getByRole('heading', { name: 'Set up a second factor' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Use a passkey instead' }).click();
  await page.getByLabel('Name (optional)').fill('Laptop');
  await page.getByRole('button', { name: 'Create a passkey' }).click();
  await saveRecoveryCodes(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  expect(await authenticator.credentials()).toBe(1);

  await forget(context, page);
  await submitPassword(page, ACCOUNTS.customer);
  // The user has a passkey and no app: the step offers the passkey first.
  await expect(page.getByText('Use your passkey to finish signing in.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Use a recovery code' })).toBeVisible();
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await context.close();
});
