// A user above the signed-in admin's reach: sco.admin sees
// a user of its company who holds ADMIN through a business profile it cannot
// see. The list offers no status menu for that user, the editor shows the
// server's reason and the form read-only, without Update or the password
// reset e-mail, and names no profile sco.admin's own GET would refuse.
import { mkdirSync } from 'node:fs';
import { historyTexts } from '../../../packages/shared/src/messages.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import { apiGet, apiPost, UserEditPage, UsersPage, type WireUser } from './users-page.ts';

test.describe.configure({ timeout: 60_000 });

const SHOTS = process.env.SHOTS_DIR;
const USERNAME = 'reach.admin';
const HIDDEN_PROFILE = 'Runte Reach Administrators';
const REASON = `User '${USERNAME}' holds a profile you cannot see: only an administrator who sees it may change this user`;

/** With SHOTS_DIR set (a look at the screen, not a check): 1280x800 and 390x844, light and dark. */
async function shots(page: import('@playwright/test').Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${SHOTS}/user-reach-${name}-${width}-${scheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

interface Named {
  uuid: string;
  name: string;
}

/** As provider.admin: a business profile of sco.admin's company at minimum role ADMIN that grants ADMIN, and a user of it sco.admin sees. */
async function addUserAboveScoAdmin(page: import('@playwright/test').Page): Promise<void> {
  const sco = await apiGet<WireUser & { errigalCustomerCompany: Named }>(page, `/user/username/${ACCOUNTS.sco}`);
  const company = sco.errigalCustomerCompany;
  const appProfiles = await apiGet<(Named & { application: Named; roles: Named[] })[]>(page, '/profile/app/list');
  const grantsAdmin = appProfiles.find(
    (p) => p.application.name === 'User Profile' && p.roles.some((r) => r.name === 'ADMIN'),
  ) as Named & { application: Named };
  const bp = await apiPost(page, '/profile/business/update', {
    name: HIDDEN_PROFILE,
    description: 'ADMIN of the company, above sco.admin',
    minimumRole: { name: 'ADMIN' },
    errigalCustomerCompany: company,
    appProfiles: [{ uuid: grantsAdmin.uuid, name: grantsAdmin.name, application: grantsAdmin.application }],
  });
  expect(bp.ok(), await bp.text()).toBeTruthy();
  const user = await apiPost(page, '/user/update', {
    user: {
      username: USERNAME,
      email: 'reach.admin@example.com',
      firstName: 'Reach',
      lastName: 'Admin',
      active: true,
      businessProfile: { uuid: (await bp.json()).uuid, name: HIDDEN_PROFILE },
      visibilityProfile: sco.visibilityProfile,
      minimumRole: { name: 'SCO_ADMIN' },
      errigalCustomerCompany: company,
      elements: [],
    },
  });
  expect(user.ok(), await user.text()).toBeTruthy();
}

test('sco.admin sees a user above its reach read-only, with the reason, and no action on it', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.provider);
  await addUserAboveScoAdmin(page);
  await signedInAs(ACCOUNTS.sco);

  const list = new UsersPage(page);
  const row = await list.show(USERNAME);
  // No status menu: the status is a disabled control that says why.
  await expect(row.getByRole('button', { name: `Active: ${REASON}` })).toHaveAttribute('aria-disabled', 'true');
  await expect(row.getByRole('button', { name: /^Status of/ })).toHaveCount(0);
  await expect(row).not.toContainText(HIDDEN_PROFILE);
  await row.getByRole('button', { name: `Active: ${REASON}` }).focus();
  await expect(page.getByRole('tooltip')).toHaveText(REASON);
  await shots(page, 'list');

  await row.getByRole('link', { name: USERNAME, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editing User' })).toBeVisible();
  const form = new UserEditPage(page);
  await expect(form.field('Username')).toHaveValue(USERNAME);
  await expect(page.getByRole('status').filter({ hasText: REASON })).toBeVisible();
  await expect(form.field('Email')).toBeDisabled();
  await expect(form.submit()).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Send Password Reset Email' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Clone User' })).toBeEnabled();
  await expect(page.locator('main')).not.toContainText(HIDDEN_PROFILE);

  await shots(page, 'edit');
  await form.tab('Effective Access').click();
  await expect(page.getByRole('status').filter({ hasText: historyTexts.profileWithheld })).toBeVisible();
  await expect(page.getByText(historyTexts.noBusinessProfile)).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText(HIDDEN_PROFILE);
  await shots(page, 'access');

  // The other admins of the company sco.admin may change keep their status menu and their actions.
  await page.goBack();
  const own = await list.show('sco.admin');
  await expect(own.getByRole('button', { name: /^Status of sco\.admin/ })).toBeVisible();
});
