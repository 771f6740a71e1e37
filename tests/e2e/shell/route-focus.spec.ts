// After a route change the focus is on the new page's
// heading (not <body>), so a keyboard or screen-reader user goes on from the
// page they went to; a filter typed in a list keeps its focus.
import { ACCOUNTS, expect, test } from '../fixtures.ts';

test('the new page heading takes the focus after a route change; typing in a filter keeps it', async ({
  page,
  signedInAs,
  mock: _,
}) => {
  await signedInAs(ACCOUNTS.provider);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Profiles' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profiles' })).toBeFocused();

  await nav.getByRole('link', { name: 'Users' }).click();
  const heading = page.getByRole('heading', { level: 1, name: 'Users' });
  await expect(heading).toBeFocused();
  // The next Tab goes on inside the page, not back to the top of the document.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);

  const filter = page.getByRole('textbox', { name: 'Filter by Username' });
  await filter.click();
  await page.keyboard.type('ad');
  await expect(page).toHaveURL(/username=ad/);
  await expect(filter).toBeFocused();

  // A row's link: the editor's heading.
  await page.locator('[data-users-table] tbody tr a.username').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editing User' })).toBeFocused();
});
