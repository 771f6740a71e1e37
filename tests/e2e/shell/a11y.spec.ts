// Axe scan of the login page and the shell (no serious or
// critical violations), plus the 1280×800 screenshots the team looks at.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { href, toForbidden, toForgotPassword, toLoginStart } from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('the login page has no serious accessibility violations', async ({ page, mock: _ }) => {
  await page.goto(href(toLoginStart()));
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  // Wait for the 'Please Login First'-free page: no toast on a direct visit.
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('login.png') });
});

test('the forgot-password and reset pages have no serious accessibility violations', async ({ page, mock: _ }) => {
  await page.goto(href(toForgotPassword()));
  await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/userprofile/password/new/not~valid');
  await expect(page.getByText('This password reset link is invalid or has expired')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the shell has no serious accessibility violations', async ({ signedInAs, page, mock: _ }) => {
  await signedInAs(ACCOUNTS.provider);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Home' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('shell.png') });
  await page.getByRole('button', { name: 'Collapse menu' }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(href(toForbidden()));
  await expect(page.getByRole('heading', { name: '403 Forbidden' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
