// The account page's and the user screen's second-factor pictures for
// docs/screenshots/, at 1280×800 and 390×844, light and dark: made on demand
// (SCREENSHOTS=1 npx playwright test tests/e2e/account/screenshots.spec.ts),
// not in every run. customer.admin has an authenticator app and its business
// profile requires a factor, so both screens show a factor and the rule.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { accountTexts } from '../../../packages/web/src/features/account/texts.ts';
import { factorTexts } from '../../../packages/web/src/features/users/user-factors-texts.ts';
import { href, toAccount, toUserEdit } from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, PASSWORD, test } from '../fixtures.ts';
import { apiGet, apiPost, type WireUser } from '../users/users-page.ts';
import { signInAs, steadyTotp } from './account-page.ts';

const OUT = join(import.meta.dirname, '../../../docs/screenshots');
const SIZES = [
  { suffix: '', viewport: { width: 1280, height: 800 } },
  { suffix: '-phone', viewport: { width: 390, height: 844 } },
] as const;
// Toasts come and go with a run's timing: the pictures leave them out (as scripts/screenshots.mjs does).
const STEADY_CSS = '[data-scope="toast"][data-part="group"] { display: none !important; }';

test.skip(!process.env.SCREENSHOTS, 'made on demand: SCREENSHOTS=1');

async function shoot(page: Page, name: string) {
  for (const mode of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
    await page.mouse.move(0, 0);
    await page.evaluate(() => document.activeElement instanceof HTMLElement && document.activeElement.blur());
    writeFileSync(
      join(OUT, `${name}-${mode}.png`),
      await page.screenshot({ animations: 'disabled', style: STEADY_CSS }),
    );
  }
}

test('the account page and the user screen’s second factors', async ({ page, browser, baseURL, signedInAs }) => {
  test.setTimeout(180_000);
  // customer.admin adds an authenticator app, through the account's calls.
  const customer = await (await browser.newContext({ baseURL: baseURL as string })).newPage();
  await signInAs(customer, ACCOUNTS.customer, PASSWORD);
  await expect(customer.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  const start = await (await apiPost(customer, '/account/factors/totp', undefined)).json();
  const added = await apiPost(customer, '/account/factors/totp/confirm', {
    enrolment: start.enrolment,
    code: steadyTotp(start.secret),
    name: 'Work phone',
  });
  expect(added.status()).toBe(200);

  await signedInAs(ACCOUNTS.provider);
  const user = (await apiGet<WireUser[]>(page, '/user/list/active')).find(
    (u) => u.username === ACCOUNTS.customer,
  ) as WireUser;
  const rule = await apiPost(page, '/factorPolicy/update', {
    scope: 'businessProfile',
    uuid: (user.businessProfile as { uuid: string }).uuid,
    required: true,
  });
  expect(rule.status()).toBe(200);

  for (const { suffix, viewport } of SIZES) {
    await customer.setViewportSize(viewport);
    await customer.goto(href(toAccount()));
    await expect(customer.locator('[data-factor="Work phone"]')).toBeVisible();
    await expect(customer.locator('[data-own-sessions]')).toBeVisible();
    await expect(customer.locator('[data-section="access"] [data-effective-access]')).toBeVisible();
    await expect(customer.getByText(accountTexts.factorsRequired('').slice(0, 20))).toBeVisible();
    await shoot(customer, `account${suffix}`);

    await page.setViewportSize(viewport);
    await page.goto(href(toUserEdit(user.uuid)));
    await expect(page.getByRole('heading', { level: 1, name: 'Editing User' })).toBeVisible();
    await page.getByRole('tab', { name: factorTexts.tab }).click();
    await expect(page.locator('[data-user-factors] [data-factor="Work phone"]')).toBeVisible();
    await shoot(page, `user-factors${suffix}`);
  }
  await customer.context().close();
});
