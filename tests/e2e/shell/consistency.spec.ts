// The small things that should work the same everywhere: a
// skip link first, a visible focus ring on a pressed (dark) toggle, 'Open ↗'
// opening a new tab as its icon says, the OAuth2 client secret masked with
// Reveal and Copy, and one shape for the profiles' delete confirmations.
import type { Page } from '@playwright/test';
import {
  href,
  toAppProfileEdit,
  toAuthClientNew,
  toBusinessProfileEdit,
  toUserList,
  toVisibilityProfileEdit,
} from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import { apiGet } from '../users/users-page.ts';

test('a skip link is the first tab stop, shows when focused, and moves focus to the screen', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.provider);
  await page.goto(href(toUserList()));
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).not.toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // The next stop is in the screen, not in the header or the navigation.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
  await expect(page).toHaveURL(new RegExp(`${href(toUserList())}$`));
});

for (const mode of ['light', 'dark'] as const) {
  test(`a pressed toggle shows a focus ring set off from its fill, in ${mode} mode`, async ({ page, signedInAs }) => {
    await page.emulateMedia({ colorScheme: mode });
    await signedInAs(ACCOUNTS.provider);
    const active = page.getByRole('button', { name: 'Active', exact: true });
    await expect(active).toHaveAttribute('aria-pressed', 'true');
    await active.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(active).toBeFocused();
    const ring = await active.evaluate((el) => {
      const s = getComputedStyle(el);
      const page = getComputedStyle(document.body).backgroundColor;
      // WCAG relative luminance of an rgb() colour, and the contrast of two.
      const luminance = (color: string) => {
        const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
          const c = Number(v) / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        }) as [number, number, number];
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const contrast = (a: string, b: string) => {
        const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
        return (hi + 0.05) / (lo + 0.05);
      };
      return {
        style: s.outlineStyle,
        width: s.outlineWidth,
        offset: s.outlineOffset,
        onPage: contrast(s.outlineColor, page),
      };
    });
    // Set off from the fill by a gap of page colour, and at least 3:1 against the page (WCAG 1.4.11).
    expect(ring).toMatchObject({ style: 'solid', width: '2px', offset: '2px' });
    expect(ring.onPage).toBeGreaterThanOrEqual(3);
  });
}

test("'Open' beside a chosen profile opens it in a new tab", async ({ page, signedInAs }) => {
  await signedInAs(ACCOUNTS.provider);
  await page.getByRole('table').locator('tbody tr').first().getByRole('link').first().click();
  const open = page.getByRole('link', { name: 'Open Profile' });
  await expect(open).toHaveAttribute('target', '_blank');
  await expect(open).toHaveAttribute('rel', /noopener/);
  const [tab] = await Promise.all([page.context().waitForEvent('page'), open.click()]);
  await expect(tab).toHaveURL(/\/userprofile\/profile\/business\/edit\//);
  await tab.close();
  await expect(page.getByRole('heading', { level: 1, name: 'Editing User' })).toBeVisible();
});

test('the OAuth2 client secret is masked, with Reveal and Copy', async ({ page, signedInAs }) => {
  await signedInAs(ACCOUNTS.provider);
  await page.goto(href(toAuthClientNew()));
  const secret = page.getByLabel(/^Client Secret/);
  await page.getByRole('button', { name: 'Generate a new secret' }).click();
  await expect(secret).toHaveAttribute('type', 'password');
  const value = await secret.inputValue();
  expect(value).toMatch(/^[A-Za-z0-9]{32}$/);
  const reveal = page.getByRole('button', { name: 'Reveal client secret' });
  await reveal.click();
  await expect(reveal).toHaveAttribute('aria-pressed', 'true');
  await expect(secret).toHaveAttribute('type', 'text');
  await reveal.click();
  await expect(secret).toHaveAttribute('type', 'password');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy client secret' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
});

/** A profile of each kind with a few dependants, found through the API as the signed-in admin. */
async function withDependants(page: Page, list: string, dependants: (uuid: string) => string) {
  for (const p of await apiGet<{ uuid: string; name: string }[]>(page, list)) {
    const found = await apiGet<unknown[]>(page, dependants(p.uuid));
    if (found.length > 0 && found.length < 20) return { uuid: p.uuid, count: found.length };
  }
  throw new Error(`the seed has no ${list} entry with a few dependants`);
}

test('the three profile delete confirmations have one shape: counts first, then the names as links', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.provider);
  const kinds = [
    {
      edit: toAppProfileEdit,
      button: 'Delete Profile',
      counts: ['businessProfiles'],
      ...(await withDependants(page, '/profile/app/list', (u) => `/profile/app/${u}/businessProfiles`)),
    },
    {
      edit: toBusinessProfileEdit,
      button: 'Delete Profile',
      counts: ['active', 'inactive'],
      ...(await withDependants(page, '/profile/business/list', (u) => `/profile/business/${u}/users`)),
    },
    {
      edit: toVisibilityProfileEdit,
      button: 'Delete Visibility',
      counts: ['active', 'inactive'],
      ...(await withDependants(page, '/profile/visibility/list', (u) => `/profile/visibility/${u}/users`)),
    },
  ];
  for (const kind of kinds) {
    await page.goto(href(kind.edit(kind.uuid)));
    await page.getByRole('button', { name: kind.button }).click();
    const impact = page.getByRole('alertdialog').locator('[data-delete-impact]');
    await expect(impact.locator('> :first-child')).toHaveJSProperty('tagName', 'DL');
    let total = 0;
    for (const key of kind.counts) total += Number(await impact.locator(`[data-count="${key}"]`).textContent());
    expect(total).toBe(kind.count);
    await expect(impact.getByRole('listitem')).toHaveCount(kind.count);
    await expect(impact.getByRole('listitem').getByRole('link')).toHaveCount(kind.count);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Close' }).first().click();
  }
});
