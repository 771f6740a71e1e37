// Every Clone says on the new form, in one line, where it came from and what
// it left empty: a user's e-mail and phones (they reach one person), nothing
// of a profile.
import type { Page } from '@playwright/test';
import { cloneTexts } from '../../../packages/shared/src/messages.ts';
import {
  href,
  toAppProfileEdit,
  toBusinessProfileEdit,
  toUserNew,
  toVisibilityProfileEdit,
} from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import { apiGet, UserEditPage, UsersPage } from '../users/users-page.ts';

test('Clone User says which fields it leaves empty; the note is on the clone only', async ({ page, signedInAs }) => {
  await signedInAs(ACCOUNTS.provider);
  const list = new UsersPage(page);
  await list.open();
  const row = await list.show('customer.admin');
  await row.getByRole('link', { name: 'customer.admin', exact: true }).click();
  const form = new UserEditPage(page);
  await expect(form.field('Username')).toHaveValue('customer.admin');
  await page.getByRole('button', { name: 'Clone User' }).click();
  await expect(form.field('Username')).toHaveValue('customer.admin_clone');
  const note = page.getByText(cloneTexts.leftEmpty('customer.admin', 'e-mail, desk phone and mobile phone'), {
    exact: true,
  });
  await expect(note).toBeVisible();
  await expect(form.field('Email')).toHaveValue('');
  // A new user not cloned says nothing of a clone (from another page: the same address would keep the entry).
  await list.open();
  await page.goto(href(toUserNew()));
  await expect(form.field('Username')).toHaveValue('');
  await expect(page.getByText(/^Cloned from/)).toHaveCount(0);
});

async function cloneSays(page: Page, url: string, button: string, name: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByLabel(/^Name/)).toHaveValue(name);
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByLabel(/^Name/)).toHaveValue(`${name}_clone`);
  await expect(page.getByText(cloneTexts.allCopied(name), { exact: true })).toBeVisible();
}

test('Clone Profile and Clone Visibility say they copy every field', async ({ page, signedInAs }) => {
  await signedInAs(ACCOUNTS.provider);
  const [business] = await apiGet<{ uuid: string; name: string }[]>(page, '/profile/business/list');
  const [app] = await apiGet<{ uuid: string; name: string }[]>(page, '/profile/app/list');
  const [visibility] = await apiGet<{ uuid: string; name: string }[]>(page, '/profile/visibility/list');
  if (!business || !app || !visibility) throw new Error('no profile is seeded');
  await cloneSays(page, href(toBusinessProfileEdit(business.uuid)), 'Clone Profile', business.name);
  await cloneSays(page, href(toAppProfileEdit(app.uuid)), 'Clone Profile', app.name);
  await cloneSays(page, href(toVisibilityProfileEdit(visibility.uuid)), 'Clone Visibility', visibility.name);
});
