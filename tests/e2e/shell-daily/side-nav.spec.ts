// The side navigation offers every screen a role may open, and only those:
// each candidate entry's route is opened by its address, and the menu holds
// exactly the ones that open (not the 403 page), for every console role.
import type { Page } from '@playwright/test';
import { href } from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';

/** Every entry a menu can hold, by its label and the screen it opens, in the menu's order. */
const ENTRIES = [
  ['Users', '/user/list'],
  ['Check Access', '/access/check'],
  ['Profiles', '/profile/business/list'],
  ['Visibilities', '/profile/visibility/list'],
  ['Applications', '/profile/app/list'],
  ['Application Admin', '/application/list'],
  ['OAuth2 Clients', '/authClient/list'],
  ['Sign-in Policy', '/signInPolicy'],
  ['Activity', '/activity'],
] as const;

async function opens(page: Page, path: string): Promise<boolean> {
  await page.goto(href(path));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return !/\/userprofile\/forbidden$/.test(page.url());
}

for (const account of [ACCOUNTS.provider, ACCOUNTS.customer, ACCOUNTS.sco]) {
  test(`${account}: the menu holds exactly the screens the role may open`, async ({ page, signedInAs }) => {
    await signedInAs(account);
    const open: string[] = [];
    for (const [label, path] of ENTRIES) if (await opens(page, path)) open.push(label);
    await page.goto(href('/user/list'));
    const nav = page.getByRole('navigation', { name: 'Main' });
    // The activity entry comes once the log has answered (it is last).
    await expect(nav.getByRole('link', { name: 'Activity' })).toBeVisible();
    await expect(nav.getByRole('link')).toHaveText(open);
  });
}
