// Toasts keep clear of what was just used: a saved form's toast is not laid
// over the field just typed in, nor over the tab just chosen, at 1280 and 390
// px; and one action raises one toast.
import type { Locator, Page } from '@playwright/test';
import { userMessages } from '../../../packages/shared/src/messages.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import { toast, UserEditPage, UsersPage } from '../users/users-page.ts';

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

const openToasts = (page: Page) => page.locator('[data-scope="toast"][data-part="root"][data-state="open"]');

/** The open toasts' boxes where they rest (a toast still sliding in is measured on its way otherwise). */
async function restingToasts(page: Page) {
  await openToasts(page).evaluateAll((els) =>
    Promise.all(els.flatMap((el) => el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => null)))),
  );
  const boxes = [];
  for (const item of await openToasts(page).all()) {
    const box = await item.boundingBox();
    if (box) boxes.push(box);
  }
  return boxes;
}

async function expectClear(page: Page, what: Locator, name: string): Promise<void> {
  const toasts = await restingToasts(page);
  expect(toasts.length).toBeGreaterThan(0);
  const box = await what.boundingBox();
  expect(box, `${name} is on screen`).not.toBeNull();
  if (!box) return;
  for (const t of toasts)
    expect(
      box.x + box.width <= t.x || t.x + t.width <= box.x || box.y + box.height <= t.y || t.y + t.height <= box.y,
      `${name} is under a toast`,
    ).toBe(true);
}

async function openUser(page: Page, username: string): Promise<UserEditPage> {
  const row = await new UsersPage(page).show(username);
  await row.getByRole('link', { name: username, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editing User' })).toBeVisible();
  const form = new UserEditPage(page);
  await expect(form.field('Username')).toHaveValue(username);
  return form;
}

for (const size of WIDTHS) {
  test(`Clone, an e-mail typed, Create User: one toast, clear of the Email field, at ${size.width} px`, async ({
    page,
    signedInAs,
  }) => {
    await page.setViewportSize(size);
    await signedInAs(ACCOUNTS.provider);
    const form = await openUser(page, 'customer.admin');
    await page.getByRole('button', { name: 'Clone User' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Creating New User' })).toBeVisible();
    // Every toast card raised from here on, by its title, however briefly it showed.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenToasts: string[] }).seenToasts = seen;
      new MutationObserver(() => {
        for (const t of document.querySelectorAll('[data-scope="toast"][data-part="root"]')) {
          const id = t.getAttribute('id') ?? t.textContent ?? '';
          if (!seen.includes(id)) seen.push(id);
        }
      }).observe(document.body, { subtree: true, childList: true });
    });
    await form.field('Email').fill('clone@example.com');
    await form.submit().click();
    await expect(toast(page, userMessages.saved('customer.admin_clone'))).toBeVisible();
    await expect(page).toHaveURL(/\/userprofile\/user\/edit\//);
    await expectClear(page, form.field('Email'), 'the Email field just typed in');
    // The tab of the field (Basic Info), in use while one typed, is clear too; at 1280 px the stack lay over
    // the tab row, History among them.
    await expectClear(page, form.tab('Basic Info'), 'the Basic Info tab');
    if (size.width === 1280) await expectClear(page, form.tab('History'), 'the History tab');
    await expect(openToasts(page)).toHaveCount(1);
    expect(await page.evaluate(() => (window as unknown as { seenToasts: string[] }).seenToasts)).toHaveLength(1);
  });

  test(`a toast raised after a tab was chosen keeps clear of that tab, at ${size.width} px`, async ({
    page,
    signedInAs,
  }) => {
    await page.setViewportSize(size);
    await signedInAs(ACCOUNTS.provider);
    const form = await openUser(page, 'customer.admin');
    const tab = form.tab('History');
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: 'Send Password Reset Email' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Send Email' }).click();
    await expect(toast(page, userMessages.resetEmailSent)).toBeVisible();
    await expectClear(page, tab, 'the History tab just chosen');
  });
}
