// Access questions: "Who has it" on the application editor's
// rows, and Check Access from the user editor and the side navigation: the
// paths, the missing link and the profile that would grant it, an inactive
// user, an answer made incomplete by a record hidden from the reader, and
// failures shown with Retry.
import type { Page } from '@playwright/test';
import { accessTexts } from '../../../packages/shared/src/access-texts.ts';
import { profileMessages } from '../../../packages/shared/src/messages.ts';
import {
  href,
  toAccessCheck,
  toAccessHolders,
  toApplicationEdit,
  toUserEdit,
} from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import {
  API,
  api,
  apiGet,
  message,
  type Named,
  ProfileScreens,
  type WireAppProfile,
  type WireBusinessProfile,
  type WireUser,
} from '../profiles/profiles-page.ts';

test.describe.configure({ timeout: 60_000 });

type WireApplication = Named & { roles: Named[]; elements: Named[] };

async function seeded(page: Page) {
  const apps = await apiGet<WireApplication[]>(page, '/app/list');
  const alarm = apps.find((a) => a.name === 'Alarm Manager') as WireApplication;
  const role = (name: string) => alarm.roles.find((r) => r.name === name) as Named;
  const appProfiles = await apiGet<WireAppProfile[]>(page, '/profile/app/list');
  const ap = (name: string) => appProfiles.find((p) => p.name === name) as WireAppProfile;
  const business = await apiGet<WireBusinessProfile[]>(page, '/profile/business/list');
  return { alarm, role, ap, business };
}

const check = (page: Page) => page.locator('[data-verdict]');

test('a role added to an application profile appears under Who has it for the users of every business profile using it, with its path', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.provider);
  const { alarm, role, ap, business } = await seeded(page);
  const operator = ap('Alarm Manager - Operator');
  const supervisor = role('ALARM_SUPERVISOR');
  const using = business.filter((b) => b.appProfiles.some((p) => p.uuid === operator.uuid));
  expect(using.length).toBeGreaterThan(1);

  // Before: none of the first business profile's users holds it through Alarm Manager - Operator.
  await page.goto(href(toApplicationEdit(alarm.uuid)));
  await page.getByRole('tab', { name: /^Roles/ }).click();
  await page.getByRole('link', { name: `${accessTexts.whoHasIt}: ${supervisor.name}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${accessTexts.holdersTitle}: ${supervisor.name}`);
  await expect(page.locator('[data-holders]')).not.toContainText(operator.name);

  const s = new ProfileScreens(page);
  await s.openAppProfile(operator.uuid);
  await s.tab('Roles').click();
  await s.grant(supervisor.name).check();
  await s.button('Update Profile').click();
  await s.dialog().getByRole('button', { name: 'Save Changes' }).click();
  await expect(message(page, profileMessages.app.saved(operator.name))).toBeVisible();

  await page.goto(href(toAccessHolders(alarm.uuid, { role: supervisor.uuid })));
  const filter = page.getByRole('textbox', { name: 'Filter by user or profile' });
  for (const bp of using) {
    const users = await apiGet<WireUser[]>(page, `/profile/business/${bp.uuid}/users`);
    await filter.fill(bp.name);
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(bp.name).replace(/%20/g, '\\+')}`));
    const rows = page.locator('[data-holders] tbody tr');
    await expect(page.getByRole('button', { name: `All (${users.length})` })).toBeVisible();
    const first = rows.filter({ hasText: users[0]?.username as string });
    await expect(first.locator('[data-grant]')).toHaveText(`${bp.name} → ${operator.name} → ${supervisor.name}`);
    await expect(first.getByRole('link', { name: users[0]?.username as string, exact: true })).toHaveAttribute(
      'href',
      href(toUserEdit(users[0]?.uuid as string)),
    );
    await expect(first.getByRole('link', { name: operator.name })).toBeVisible();
    await expect(first.getByRole('link', { name: bp.name })).toBeVisible();
  }

  // Active and inactive apart; the export holds every match, formula-safe as the user export.
  await page.getByRole('button', { name: /^Inactive \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/status=inactive/);
  for (const badge of await page
    .locator('[data-holders] tbody tr')
    .getByText(/^(Active|Inactive)$/)
    .allInnerTexts())
    expect(badge).toBe('Inactive');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: accessTexts.exportCsv }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Alarm_Manager-ALARM_SUPERVISOR-holders.csv');
});

test('check access names the missing link and the profile that would grant it; once assigned, the check says granted', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.provider);
  const { alarm, role, ap, business } = await seeded(page);
  const operator = ap('Alarm Manager - Operator');
  const supervisorProfile = ap('Alarm Manager - Supervisor');
  const bp = business.find((b) => b.name === 'North East Field Engineers') as WireBusinessProfile;
  const [user] = (await apiGet<WireUser[]>(page, `/profile/business/${bp.uuid}/users`)).filter((u) => u.active);

  // From the user editor, the user is already chosen; the application and the role are typed to find.
  await page.goto(href(toUserEdit(user?.uuid as string)));
  await page.getByRole('main').getByRole('link', { name: 'Check Access' }).click();
  await expect(page.getByRole('combobox', { name: 'User' })).toHaveValue(user?.username as string);
  await page.getByRole('combobox', { name: 'Application' }).fill('alarm');
  await page.getByRole('option', { name: 'Alarm Manager' }).click();
  await page.getByRole('combobox', { name: 'Role or element' }).fill('supervisor');
  await page.getByRole('option', { name: /ALARM_SUPERVISOR/ }).click();
  await expect(page).toHaveURL(
    href(toAccessCheck({ user: user?.uuid, application: alarm.uuid, role: role('ALARM_SUPERVISOR').uuid })),
  );

  await expect(check(page)).toHaveAttribute('data-verdict', 'notGranted');
  await expect(page.locator('[data-missing-link]')).toHaveText(
    `The application profile ${operator.name} does not include ALARM_SUPERVISOR.`,
  );
  const wouldGrant = page.locator('[data-would-grant]');
  await expect(wouldGrant.getByRole('link', { name: supervisorProfile.name })).toBeVisible();
  await expect(wouldGrant.getByRole('link', { name: 'NOC Operators' })).toBeVisible();

  // Assign it: the business profile takes Alarm Manager - Supervisor in place of the Operator profile.
  const saved = await api(page, 'POST', '/profile/business/update', {
    ...bp,
    appProfiles: bp.appProfiles
      .filter((p) => p.uuid !== operator.uuid)
      .concat([{ uuid: supervisorProfile.uuid, name: supervisorProfile.name, application: { uuid: alarm.uuid } }]),
  });
  expect(saved.status()).toBe(200);
  await page.reload();
  await expect(check(page)).toHaveAttribute('data-verdict', 'granted');
  await expect(check(page)).toContainText(`Granted: ${user?.username} holds ALARM_SUPERVISOR in Alarm Manager.`);
  await expect(page.locator('[data-paths] [data-grant]').first()).toHaveText(
    `${bp.name} → ${supervisorProfile.name} → ALARM_SUPERVISOR`,
  );
  await expect(page.locator('[data-paths]')).toContainText(accessTexts.decisive);
});

test('an inactive user holding the role is said to be inactive: granted, without effect', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.provider);
  const { alarm, role, ap, business } = await seeded(page);
  const operator = ap('Alarm Manager - Operator');
  const granting = business.filter((b) => b.appProfiles.some((p) => p.uuid === operator.uuid));
  let inactive: WireUser | undefined;
  for (const bp of granting) {
    inactive ??= (await apiGet<WireUser[]>(page, `/profile/business/${bp.uuid}/users`)).find((u) => !u.active);
  }
  expect(inactive).toBeDefined();
  await page.goto(
    href(toAccessCheck({ user: inactive?.uuid, application: alarm.uuid, role: role('ALARM_OPERATOR').uuid })),
  );
  await expect(check(page)).toHaveAttribute('data-verdict', 'grantedWithoutEffect');
  await expect(check(page)).toContainText(
    `Granted by the profiles, but without effect: ${inactive?.username} is inactive`,
  );
  await expect(check(page).getByText('Inactive', { exact: true })).toBeVisible();
});

test('a customer admin checking a user whose path runs through a provider-only record gets an incomplete answer naming no such record', async ({
  page,
  signedInAs,
}) => {
  // A user the customer admin sees...
  await signedInAs(ACCOUNTS.customer);
  const target = (await apiGet<WireUser[]>(page, '/user/list/active')).find(
    (u) => !u.username.includes('admin'),
  ) as WireUser;
  // ...moves onto a business profile only the provider sees.
  await signedInAs(ACCOUNTS.provider);
  const { alarm, role, ap } = await seeded(page);
  const secret = 'Provider Escalation Desk';
  const supervisorProfile = ap('Alarm Manager - Supervisor');
  const created = await api(page, 'POST', '/profile/business/update', {
    name: secret,
    description: 'provider only',
    minimumRole: { name: 'ERRIGAL_ADMIN' },
    errigalCustomerCompany: null,
    appProfiles: [{ uuid: supervisorProfile.uuid, name: supervisorProfile.name, application: { uuid: alarm.uuid } }],
  });
  expect(created.status(), await created.text()).toBe(200);
  const secretBp = (await created.json()) as Named;
  const full = await apiGet<Record<string, unknown>>(page, `/user/${target.uuid}`);
  const moved = await api(page, 'POST', '/user/update', {
    user: { ...full, businessProfile: { uuid: secretBp.uuid, name: secret }, elements: [] },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  await signedInAs(ACCOUNTS.customer);
  const answer = page.waitForResponse((r) => r.url().includes(`${API}/access/check`));
  await page.goto(
    href(toAccessCheck({ user: target.uuid, application: alarm.uuid, role: role('ALARM_SUPERVISOR').uuid })),
  );
  expect(await (await answer).text()).not.toContain(secret);
  await expect(check(page)).toHaveAttribute('data-verdict', 'incomplete');
  await expect(check(page)).toContainText(accessTexts.incomplete);
  await expect(page.locator('body')).not.toContainText(secret);
  await expect(page.locator('body')).not.toContainText(supervisorProfile.name);
});

test('a failing check or Who has it names the failure, and Retry loads it', async ({ page, signedInAs, mock }) => {
  await signedInAs(ACCOUNTS.customer);
  const { alarm, role } = await seeded(page);
  const [user] = await apiGet<WireUser[]>(page, '/user/list/active');
  await mock.fault({ method: 'GET', path: `${API}/access/check`, status: 500, body: { message: 'Resolver down' } });
  await page.goto(
    href(toAccessCheck({ user: user?.uuid, application: alarm.uuid, role: role('ALARM_OPERATOR').uuid })),
  );
  const failure = page.getByRole('alert').filter({ hasText: 'Could not load the answer' });
  await expect(failure).toContainText('HTTP 500: Resolver down');
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(check(page)).toBeVisible();

  await mock.fault({ method: 'GET', path: `${API}/app/${alarm.uuid}/holders`, status: 504 });
  await check(page)
    .getByRole('link', { name: `${accessTexts.whoHasIt}: ALARM_OPERATOR` })
    .click();
  const holdersFailure = page.getByRole('alert').filter({ hasText: 'Could not load who has it' });
  await expect(holdersFailure).toContainText('HTTP 504');
  await holdersFailure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('[data-holders]')).toBeVisible();
});
