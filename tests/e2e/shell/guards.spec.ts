// Redirects and guards per role (spec §2, §6), the error pages.

import {
  href,
  toAppProfileList,
  toAuthClientList,
  toAuthClientNew,
  toNotFound,
} from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';

const NAV = [
  'Users',
  'Check Access',
  'Profiles',
  'Visibilities',
  'Applications',
  'Application Admin',
  'OAuth2 Clients',
];

// Every role reads the activity log, last in the menu (this backend keeps one).
const cases = [
  { account: ACCOUNTS.provider, nav: [...NAV, 'Sign-in Policy', 'Activity'], admin: true, top: true },
  { account: ACCOUNTS.customer, nav: [...NAV.slice(0, 6), 'Activity'], admin: true, top: false },
  // The menu offers every route the role may open: SCO_ADMIN opens Check Access (which says when it sees
  // nothing to check), as ADMIN does.
  { account: ACCOUNTS.sco, nav: ['Users', 'Check Access', 'Activity'], admin: false, top: false },
] as const;

for (const c of cases) {
  test(`${c.account}: menu and route guards follow the role`, async ({ signedInAs, page, mock: _ }) => {
    await signedInAs(c.account);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText([...c.nav]);

    // The empty path redirects to the user list.
    await page.goto('/userprofile');
    await expect(page).toHaveURL(/\/userprofile\/user\/list$/);

    for (const path of [
      '/profile/app/list',
      '/profile/business/new',
      '/profile/visibility/list',
      '/application/list',
    ]) {
      await page.goto(`/userprofile${path}`);
      if (c.admin) {
        await expect(page).toHaveURL(new RegExp(`/userprofile${path}$`));
      } else {
        await expect(page).toHaveURL(/\/userprofile\/forbidden$/);
        await expect(page.getByRole('heading', { name: '403 Forbidden' })).toBeVisible();
        await expect(page.getByText('You do not have permission to access this.')).toBeVisible();
      }
    }
    await page.goto(href(toAuthClientList()));
    if (c.top) {
      await expect(page.getByRole('heading', { level: 1, name: 'OAuth2 Clients' })).toBeVisible();
    } else {
      await expect(page).toHaveURL(/\/userprofile\/forbidden$/);
      await expect(page.getByRole('heading', { name: '403 Forbidden' })).toBeVisible();
    }
  });
}

test('a signed-out visitor on a guarded route is told to log in and sent to sign in', async ({ page, mock: _ }) => {
  await page.goto(href(toAppProfileList()));
  await expect(page.getByText('Please Login First')).toBeVisible();
  await expect(page).toHaveURL(/\/userprofile\/authorize\?/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('an unknown path shows 404 Not Found', async ({ page, mock: _ }) => {
  await page.goto('/userprofile/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
  await expect(page.getByText('Page Not Found, please check URL is correct.')).toBeVisible();
  await page.goto(href(toNotFound()));
  await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
});

test('the forbidden page shows its texts for a signed-in user, with the menu', async ({
  signedInAs,
  page,
  mock: _,
}) => {
  await signedInAs(ACCOUNTS.sco);
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  await page.goto(href(toAuthClientNew()));
  await expect(page).toHaveURL(/\/userprofile\/forbidden$/);
  await expect(page.getByRole('heading', { name: '403 Forbidden' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
