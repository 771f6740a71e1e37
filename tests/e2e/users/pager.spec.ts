// A long list is paged with First, Previous, up to 7 page
// links (spec §2), Next and Last, a box to go to a page by its number, and a
// page size (spec §9's 10 by default); page and size stay in the address.
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import { apiGet, UsersPage, type WireUser } from './users-page.ts';

test('the users list goes to its last page, to a page by number, and shows 50 a page, kept in the address', async ({
  page,
  signedInAs,
  mock: _,
}) => {
  await signedInAs(ACCOUNTS.provider);
  const all = await apiGet<WireUser[]>(page, '/user/list/active');
  const users = new UsersPage(page);
  await users.open();
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  const pages = Math.ceil(all.length / 10);
  expect(pages).toBeGreaterThan(8);
  await expect(pager.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(7);

  await pager.getByRole('button', { name: 'Last' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]page=${pages}(&|$)`));
  await expect(users.rows()).toHaveCount(all.length - (pages - 1) * 10);
  await expect(page.getByText(`${(pages - 1) * 10 + 1}–${all.length} of ${all.length}`)).toBeVisible();
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(pager.getByRole('button', { name: 'Last' })).toBeDisabled();

  const box = page.getByRole('textbox', { name: 'Page' });
  await box.fill('3');
  await box.press('Enter');
  await expect(page).toHaveURL(/[?&]page=3(&|$)/);
  await expect(page.getByText(`21–30 of ${all.length}`)).toBeVisible();
  // A number beyond the pages goes to the last one.
  await box.fill('999999');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]page=${pages}(&|$)`));

  await pager.getByRole('button', { name: 'First' }).click();
  await expect(page.getByText(`1–10 of ${all.length}`)).toBeVisible();
  await page.getByLabel('Rows per page').selectOption('50');
  await expect(users.rows()).toHaveCount(50);
  await expect(page).toHaveURL(/[?&]size=50(&|$)/);
  await pager.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByText(`51–100 of ${all.length}`)).toBeVisible();

  await page.reload();
  await expect(users.rows()).toHaveCount(50);
  await expect(page.getByText(`51–100 of ${all.length}`)).toBeVisible();
  await expect(page.getByLabel('Rows per page')).toHaveValue('50');
});
