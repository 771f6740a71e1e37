// No edit is lost unasked in the user editor: Back and Forward ask before
// unsaved edits go (as a link and a reload do); a save never silently
// overwrites a newer one, with the backend's ETag or without it; sco.admin
// is told why a profile whose default trees it cannot see cannot be given.
import type { Locator, Page } from '@playwright/test';
import { conflictTexts, userMessages } from '../../../packages/shared/src/messages.ts';
import { href, toUserNew } from '../../../packages/web/src/lib/paths.ts';
import { LEAVE_WARNING } from '../../../packages/web/src/lib/use-leave-guard.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import { inEveryLook } from '../pictures.ts';
import { apiGet, apiPost, toast, UserEditPage, UsersPage, type WireUser } from './users-page.ts';

test.describe.configure({ timeout: 90_000 });

async function openFromList(page: Page, username: string): Promise<UserEditPage> {
  const list = new UsersPage(page);
  await list.open();
  const row = await list.show(username);
  await row.getByRole('link', { name: username, exact: true }).click();
  const form = new UserEditPage(page);
  await expect(form.field('Username')).toHaveValue(username);
  return form;
}

test('Back and Forward ask before unsaved edits go; refused, the edits stay', async ({ page, signedInAs }) => {
  await signedInAs(ACCOUNTS.provider);
  const form = await openFromList(page, 'customer.admin');
  const editor = page.url();
  await form.field('First Name').fill('Unsaved');
  const asked: string[] = [];
  let answer = false;
  page.on('dialog', (d) => {
    asked.push(d.type() === 'beforeunload' ? 'beforeunload' : d.message());
    void (answer ? d.accept() : d.dismiss());
  });

  // Refused, the browser's Back never completes: no page load to wait for.
  await page.goBack({ timeout: 3_000 }).catch(() => {});
  await expect.poll(() => asked).toEqual([LEAVE_WARNING]);
  await expect(page).toHaveURL(editor);
  await expect(form.field('First Name')).toHaveValue('Unsaved');

  answer = true;
  await page.goBack();
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  expect(asked).toEqual([LEAVE_WARNING, LEAVE_WARNING]);
  // Forward shows the saved value: the edits went, as confirmed.
  await page.goForward();
  await expect(form.field('First Name')).not.toHaveValue('Unsaved');
});

async function changeElsewhere(page: Page, uuid: string, change: Partial<WireUser>): Promise<void> {
  const user = await apiGet<WireUser>(page, `/user/${uuid}`);
  const r = await apiPost(page, '/user/update', { user: { ...user, ...change } });
  expect(r.ok(), await r.text()).toBeTruthy();
}

for (const backend of ['with ETag', 'without ETag'] as const) {
  test(`a stale editor does not overwrite a newer save (${backend}): the dialog shows theirs and yours of the field both changed`, async ({
    page,
    signedInAs,
  }) => {
    await signedInAs(ACCOUNTS.provider);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    if (backend === 'without ETag')
      await page.route('**/api/v1/user/*', async (route) => {
        const response = await route.fetch();
        const headers = { ...response.headers() };
        delete headers.etag;
        delete headers['last-modified'];
        await route.fulfill({ response, headers });
      });
    const form = await openFromList(page, 'customer.admin');
    const uuid = new URL(page.url()).pathname.split('/').pop() ?? '';
    const before = await form.field('First Name').inputValue();
    await changeElsewhere(page, uuid, { email: 'changed.elsewhere@example.com', firstName: 'Theirs' });
    await form.field('First Name').fill('Mine');
    await form.submit().click();

    // Only the field both changed is asked about; their other change is taken, and the dialog says so.
    const dialog = page.getByRole('alertdialog', { name: conflictTexts.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('[data-field]')).toHaveCount(1);
    await expect(dialog.getByText(conflictTexts.taken('Email'), { exact: true })).toBeVisible();
    const first = dialog.locator('[data-field="firstName"]');
    await expect(first).toContainText('First Name');
    await expect(first.getByRole('radio', { name: /Theirs/ })).toHaveAccessibleName(/Theirs \(saved\)\s*Theirs$/);
    const yours = first.getByRole('radio', { name: /Yours/ });
    await expect(yours).toHaveAccessibleName(/Yours\s*Mine$/);
    await expect(yours).toBeChecked();
    await expect(first).not.toContainText(before);
    await expect(toast(page, userMessages.saved('customer.admin'))).toHaveCount(0);
    if (process.env.UX_SHOTS) await shots(page, dialog, backend);

    await dialog.getByRole('button', { name: conflictTexts.save }).click();
    await expect(toast(page, userMessages.saved('customer.admin'))).toBeVisible();
    const saved = await apiGet<WireUser>(page, `/user/${uuid}`);
    expect([saved.email, saved.firstName]).toEqual(['changed.elsewhere@example.com', 'Mine']);
    await expect(form.field('Email')).toHaveValue('changed.elsewhere@example.com');
    expect(errors).toEqual([]);
  });
}

test('Reload in the conflict dialog drops the edits and shows the record as saved now', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.provider);
  const form = await openFromList(page, 'customer.admin');
  const uuid = new URL(page.url()).pathname.split('/').pop() ?? '';
  await changeElsewhere(page, uuid, { firstName: 'Theirs' });
  await form.field('First Name').fill('Mine');
  await form.submit().click();
  const dialog = page.getByRole('alertdialog', { name: conflictTexts.title });
  await expect(dialog.locator('[data-field="firstName"]').getByRole('radio', { name: /Yours/ })).toBeChecked();
  await dialog.getByRole('button', { name: conflictTexts.reload }).click();
  await expect(form.field('First Name')).toHaveValue('Theirs');
  await expect(toast(page, conflictTexts.reloaded)).toBeVisible();
});

async function shots(page: Page, dialog: Locator, backend: string): Promise<void> {
  if (backend !== 'with ETag') return;
  await inEveryLook(page, dialog, (width, look) =>
    page.screenshot({ path: `/tmp/ux-shots/conflict-${width}-${look}.png` }),
  );
}

test('sco.admin: a profile whose default trees it cannot see is refused, and the Profile field says why', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.sco);
  await page.goto(href(toUserNew()));
  const form = new UserEditPage(page);
  await form.field('Username').fill('sco.no.tree');
  await form.field('Email').fill('sco.no.tree@example.com');
  await form.field('First Name').fill('No');
  await form.field('Last Name').fill('Tree');
  await form.field('Profile').selectOption({ label: 'Runte Inc Communications NOC Operators' });
  await form.field('Visibility').selectOption({ index: 1 });
  await form.submit().click();
  await expect(form.error('Profile')).toHaveText(userMessages.defaultTreeHidden);
  await expect(page).toHaveURL(new RegExp(`${href(toUserNew())}$`));
});
