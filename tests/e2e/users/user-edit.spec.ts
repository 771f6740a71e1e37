// User create/edit (spec §2, §4, §5, §8 Users): every validation message,
// create, edit, clone, the save failures, the password reset e-mail, the
// default tree rule and the role differences.
import { userMessages, validationMessages } from '../../../packages/shared/src/messages.ts';
import { href, toUserList, toUserNew } from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import { apiGet, toast, UserEditPage, UsersPage, type WireUser } from './users-page.ts';

// The machine is shared: sign-in and a reset can take a while under load.
test.describe.configure({ timeout: 60_000 });

const UPDATE = '/userprofile/api/v1/user/update';

interface WireBusinessProfile {
  uuid: string;
  name: string;
  appProfiles: { application: { name?: string }; elements?: { category?: string | null }[] }[];
}

const offersTree = (p: WireBusinessProfile) =>
  p.appProfiles.some(
    (a) => a.application.name === 'Snmp Manager' && (a.elements ?? []).some((e) => e.category === 'NOVA_NOVA_TREE'),
  );

async function openUser(page: import('@playwright/test').Page, username: string): Promise<UserEditPage> {
  const list = new UsersPage(page);
  const row = await list.show(username);
  await row.getByRole('link', { name: username, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editing User' })).toBeVisible();
  const form = new UserEditPage(page);
  await expect(form.field('Username')).toHaveValue(username);
  return form;
}

test.describe('as provider.admin', () => {
  test.beforeEach(async ({ signedInAs }) => {
    await signedInAs(ACCOUNTS.provider);
  });

  test('create: every validation message shows, then the user is created', async ({ page }) => {
    const profiles = await apiGet<WireBusinessProfile[]>(page, '/profile/business/list');
    const withTree = profiles.find(offersTree) as WireBusinessProfile;
    await page.getByRole('link', { name: 'New User' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Creating New User' })).toBeVisible();
    const form = new UserEditPage(page);
    await expect(form.submit()).toHaveText('Create User');
    await expect(form.submit()).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Clone User' })).toHaveCount(0);

    // An invalid submit warns and shows every field's message.
    await form.field('Username').press('Enter');
    await expect(toast(page, userMessages.formInvalid)).toBeVisible();
    for (const label of ['Username', 'Email', 'First Name', 'Last Name']) {
      await expect(form.error(label)).toHaveText(validationMessages.requiredMax255);
    }
    await expect(form.error('Profile')).toHaveText(validationMessages.required);
    await expect(form.error('Visibility')).toHaveText(validationMessages.required);

    await form.field('Username').fill('bad name!');
    await expect(form.error('Username')).toHaveText(validationMessages.usernamePattern);
    await form.field('Username').fill('x'.repeat(256));
    await expect(form.error('Username')).toHaveText(validationMessages.requiredMax255);
    await form.field('Email').fill('not-an-email');
    await expect(form.error('Email')).toHaveText(validationMessages.requiredMax255);
    await form.field('Desk Phone').fill('1'.repeat(256));
    await expect(form.error('Desk Phone')).toHaveText(validationMessages.max255);
    await form.field('Mobile Phone').fill('2'.repeat(256));
    await expect(form.error('Mobile Phone')).toHaveText(validationMessages.max255);

    // The default tree rule: this profile offers 'Snmp Manager' trees, so one must be chosen.
    await form.field('Profile').selectOption({ label: withTree.name });
    await form.tab('Nova Nova Trees').click();
    await expect(form.error('Default Tree')).toHaveText(validationMessages.defaultTreeMustBeAssigned);
    await form.field('Default Tree').selectOption({ index: 1 });
    await expect(form.error('Default Tree')).toHaveCount(0);
    await form.tab('Basic Info').click();

    // Visible To: SCO customers need a company.
    const visibleTo = page.getByRole('group', { name: 'Visible To' });
    await visibleTo.getByRole('button', { name: 'SCO Customer' }).click();
    await expect(form.error('Company')).toHaveText(validationMessages.required);
    await form.field('Company').selectOption({ index: 1 });
    await expect(form.error('Company')).toHaveCount(0);
    await visibleTo.getByRole('button', { name: 'Customer', exact: true }).click();
    await form.field('Company').selectOption({ index: 0 });

    await form.field('Username').fill('new.operator');
    await form.field('Email').fill('new.operator@example.com');
    await form.field('First Name').fill('New');
    await form.field('Last Name').fill('Operator');
    await form.field('Desk Phone').fill('+353 1 555 0100');
    await form.field('Mobile Phone').fill('');
    await form.field('Visibility').selectOption({ index: 1 });
    await form.field('Location').selectOption({ index: 1 });
    await expect(form.submit()).toBeEnabled();
    await form.submit().click();
    await expect(toast(page, userMessages.saved('new.operator'))).toBeVisible();
    await expect(page).toHaveURL(/\/userprofile\/user\/edit\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Editing User' })).toBeVisible();
    await expect(form.field('Username')).toHaveAttribute('readonly', '');
    await expect(form.submit()).toHaveText('Update User');

    // The cached list has the new user.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    await expect(await new UsersPage(page).show('new.operator')).toContainText(withTree.name);
  });

  test('category tabs follow the chosen business profile', async ({ page }) => {
    const profiles = await apiGet<WireBusinessProfile[]>(page, '/profile/business/list');
    const withTree = profiles.find(offersTree) as WireBusinessProfile;
    const withoutTree = profiles.find((p) => !offersTree(p) && p.appProfiles.length > 0) as WireBusinessProfile;
    await page.goto(href(toUserNew()));
    const form = new UserEditPage(page);
    await expect(page.getByRole('tab')).toHaveCount(1);
    await form.field('Profile').selectOption({ label: withTree.name });
    await expect(form.tab('Nova Nova Trees')).toBeVisible();
    await form.field('Profile').selectOption({ label: withoutTree.name });
    await expect(form.tab('Nova Nova Trees')).toHaveCount(0);
    await expect(form.tab('Basic Info')).toBeVisible();
  });

  test('edit: a change is saved and the status moves the user to the other list', async ({ page }) => {
    const form = await openUser(page, 'customer.admin');
    await expect(form.field('Username')).toHaveAttribute('readonly', '');
    await form.field('First Name').fill('Cassandra');
    await page.getByText('Inactive', { exact: true }).click();
    await form.submit().click();
    await expect(toast(page, userMessages.saved('customer.admin'))).toBeVisible();
    await page.reload();
    await expect(form.field('First Name')).toHaveValue('Cassandra');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    const list = new UsersPage(page);
    await list.filter('Username').fill('customer.admin');
    await expect(list.table).toContainText('No users match');
    await list.toggle('Inactive');
    await expect(list.row('customer.admin')).toContainText('Cassandra');
  });

  test('save failures: failed applications, no uuid, and a save in progress', async ({ page, mock }) => {
    const form = await openUser(page, 'customer.admin');
    await mock.fault({
      method: 'POST',
      path: UPDATE,
      status: 502,
      body: {
        statusCode: 502,
        error: 'Bad Gateway',
        message: 'Push failed',
        failedUpdateApps: ['Snmp Manager', 'Alarm Console'],
      },
    });
    await form.submit().click();
    await expect(
      toast(page, userMessages.saveError('customer.admin', ['Snmp Manager', 'Alarm Console'])),
    ).toBeVisible();
    expect(userMessages.saveError('customer.admin', ['Snmp Manager', 'Alarm Console'])).toBe(
      'Error Saving User customer.admin, Failed Applications: Snmp Manager, Alarm Console',
    );

    await mock.fault({ method: 'POST', path: UPDATE, status: 500 });
    await form.submit().click();
    await expect(toast(page, 'Error Saving User customer.admin')).toBeVisible();

    await mock.fault({ method: 'POST', path: UPDATE, status: 200, body: { username: 'customer.admin' } });
    await form.submit().click();
    await expect(toast(page, userMessages.notSavedCorrectly('customer.admin'))).toBeVisible();

    await mock.fault({ method: 'POST', path: UPDATE, delayMs: 1500 });
    await form.field('Last Name').press('Enter');
    await expect(form.submit()).toBeDisabled();
    await form.field('Last Name').press('Enter');
    await expect(toast(page, userMessages.saveInProgress)).toBeVisible();
    await expect(toast(page, userMessages.saved('customer.admin'))).toBeVisible();
  });

  test('clone opens a new user with the form copied and _clone appended, without e-mail and phones', async ({
    page,
  }) => {
    const form = await openUser(page, 'customer.admin');
    await form.field('Desk Phone').fill('+1 555 0100');
    await form.field('Mobile Phone').fill('+1 555 0101');
    const profile = await form.field('Profile').inputValue();
    const firstName = await form.field('First Name').inputValue();
    await page.getByRole('button', { name: 'Clone User' }).click();
    await expect(page).toHaveURL(/\/userprofile\/user\/new$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Creating New User' })).toBeVisible();
    await expect(form.field('Username')).toHaveValue('customer.admin_clone');
    await expect(form.field('Username')).not.toHaveAttribute('readonly', '');
    // What reaches one person is not copied; the rest is.
    await expect(form.field('Email')).toHaveValue('');
    await expect(form.field('Desk Phone')).toHaveValue('');
    await expect(form.field('Mobile Phone')).toHaveValue('');
    await expect(form.field('First Name')).toHaveValue(firstName);
    await expect(form.field('Profile')).toHaveValue(profile);
    await form.field('Email').fill('clone@example.com');
    await form.submit().click();
    await expect(toast(page, userMessages.saved('customer.admin_clone'))).toBeVisible();
    await expect(page).toHaveURL(/\/userprofile\/user\/edit\//);
  });

  test('Send Password Reset Email: the mail goes out; a failure says so', async ({ page, mock }) => {
    await openUser(page, 'customer.admin');
    await page.getByRole('button', { name: 'Send Password Reset Email' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Send Email' }).click();
    await expect(toast(page, userMessages.resetEmailSent)).toBeVisible();
    const mail = (await mock.outbox()).find((m) => m.to === 'customer.admin@example.com');
    expect(mail?.link).toContain('/userprofile/password/new/');
    await mock.fault({ method: 'POST', path: '/userprofile/api/v1/password/reset', status: 503 });
    await page.getByRole('button', { name: 'Send Password Reset Email' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Send Email' }).click();
    await expect(toast(page, userMessages.resetEmailFailed)).toBeVisible();
  });

  test('profile and visibility links open their edit screens', async ({ page }) => {
    await openUser(page, 'customer.admin');
    await expect(page.getByRole('link', { name: 'Open Profile' })).toHaveAttribute(
      'href',
      /\/userprofile\/profile\/business\/edit\//,
    );
    await expect(page.getByRole('link', { name: 'Open Visibility' })).toHaveAttribute(
      'href',
      /\/userprofile\/profile\/visibility\/edit\//,
    );
    await expect(page.getByRole('group', { name: 'Visible To' }).getByRole('button')).toHaveText([
      'Provider',
      'Customer',
      'SCO Customer',
    ]);
  });

  test('names with markup and formulas show as plain text in the list and the editor', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const evilFirst = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const evilLast = '=HYPERLINK("http://evil.example/","click")';
    const form = await openUser(page, 'customer.admin');
    await form.field('First Name').fill(evilFirst);
    await form.field('Last Name').fill(evilLast);
    await form.submit().click();
    await expect(toast(page, userMessages.saved('customer.admin'))).toBeVisible();
    await page.reload();
    await expect(form.field('First Name')).toHaveValue(evilFirst);
    await expect(form.field('Last Name')).toHaveValue(evilLast);
    await page.goto(href(toUserList()));
    const row = await new UsersPage(page).show('customer.admin');
    await expect(row.locator('td').nth(2)).toHaveText(`${evilFirst} ${evilLast}`);
    await expect(row.locator('img')).toHaveCount(0);
    await expect(page.locator('script', { hasText: 'alert(1)' })).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });
});

test.describe('as sco.admin', () => {
  test('no profile links; Visible To offers only SCO Customer with the own company', async ({
    signedInAs,
    page,
    mock: _reset,
  }) => {
    await signedInAs(ACCOUNTS.sco);
    await openUser(page, 'sco.admin');
    await expect(page.getByRole('link', { name: 'Open Profile' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Open Visibility' })).toHaveCount(0);
    const visibleTo = page.getByRole('group', { name: 'Visible To' });
    await expect(visibleTo.getByRole('button')).toHaveText(['SCO Customer']);
    await expect(page.getByText('Visible to all SCO customer')).toBeVisible();
    await expect(page.getByLabel('Company', { exact: true })).toHaveCount(0);
  });

  test('creates a user visible to its own company', async ({ signedInAs, page, mock: _reset }) => {
    await signedInAs(ACCOUNTS.sco);
    const users = await apiGet<WireUser[]>(page, '/user/list/active');
    expect(users.length).toBeGreaterThan(0);
    await page.goto(href(toUserNew()));
    const form = new UserEditPage(page);
    await form.field('Username').fill('sco.staff');
    await form.field('Email').fill('sco.staff@example.com');
    await form.field('First Name').fill('Sco');
    await form.field('Last Name').fill('Staff');
    // The company's NOC profiles offer a region tree this role cannot see (user-editor-safety.spec.ts): one without.
    await form.field('Profile').selectOption({ label: 'Runte Inc Communications Performance Analysts' });
    await form.field('Visibility').selectOption({ index: 1 });
    await form.submit().click();
    await expect(toast(page, userMessages.saved('sco.staff'))).toBeVisible();
  });
});
