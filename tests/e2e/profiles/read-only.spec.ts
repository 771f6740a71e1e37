// "Honest read-only states": a record the customer admin may
// see but not change (a company-less application, business or visibility
// profile; any application) is read-only everywhere: no enabled Save, no
// field that takes a change (pointer or keyboard), on every tab.
import type { Page } from '@playwright/test';
import {
  href,
  toApplicationEdit,
  toAppProfileEdit,
  toBusinessProfileEdit,
  toVisibilityProfileEdit,
} from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import { apiGet, type Named } from './profiles-page.ts';

interface Scoped extends Named {
  errigalCustomerCompany?: { uuid: string } | null;
}

const SAVES = /^(Create|Update) (Profile|App|Visibility)$|^Save/;
const CHANGES = /^(Add All|Remove All|Default|Provider|Customer|SCO Customer|Delete)/;

/** Every tab of the editor in turn: nothing in it takes a change. */
async function expectReadOnlyEverywhere(page: Page, what: string): Promise<void> {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  const tabs = main.getByRole('tab');
  const count = await tabs.count();
  for (let i = 0; i < Math.max(count, 1); i++) {
    if (count > 0) {
      const tab = tabs.nth(i);
      const name = (await tab.textContent()) ?? '';
      if (/History|Users|Business Profiles/.test(name) || (await tab.isDisabled())) continue;
      await tab.click();
      // The panel of the tab left may still be on its way out: its controls must not be counted with these.
      await expect(main.getByRole('tabpanel')).toHaveCount(1);
    }
    const panel = count > 0 ? main.getByRole('tabpanel') : main;
    await expect(panel.first()).toBeVisible();
    for (const role of ['textbox', 'combobox', 'checkbox', 'radio', 'spinbutton', 'switch'] as const) {
      const controls = panel.getByRole(role);
      for (let j = 0; j < (await controls.count()); j++) {
        const control = controls.nth(j);
        // A filter narrows what is shown, it changes nothing: it stays usable for reading.
        const label = (await control.getAttribute('aria-label')) ?? '';
        if (!(await control.isVisible()) || /^Filter/.test(label)) continue;
        expect(await control.isEditable(), `${what}: ${role} ${j} of tab ${i} is editable`).toBe(false);
      }
    }
    for (const pattern of [SAVES, CHANGES]) {
      const buttons = main.getByRole('button', { name: pattern });
      for (let j = 0; j < (await buttons.count()); j++) {
        const button = buttons.nth(j);
        if (await button.isVisible())
          await expect(button, `${what}: ${await button.textContent()} of tab ${i}`).toBeDisabled();
      }
    }
  }
  // Typing into the first field (Name) by keyboard changes nothing either.
  if (count > 0) await tabs.first().click();
  const field = main.getByRole('textbox').first();
  if ((await field.count()) > 0 && (await field.isVisible())) {
    const before = await field.inputValue();
    await field.focus().catch(() => undefined);
    await page.keyboard.type('x');
    expect(await field.inputValue()).toBe(before);
  }
}

test('each read-only editor of a customer admin has no enabled Save and no editable field', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.customer);
  const shared = async <T extends Scoped>(list: string) =>
    (await apiGet<T[]>(page, list)).find((r) => !r.errigalCustomerCompany) as T;
  const appProfile = await shared('/profile/app/list');
  const business = await shared('/profile/business/list');
  const visibility = await shared('/profile/visibility/list');
  const application = (await apiGet<Named[]>(page, '/app/list'))[0] as Named;

  for (const [what, address] of [
    ['application profile', href(toAppProfileEdit(appProfile.uuid))],
    ['business profile', href(toBusinessProfileEdit(business.uuid))],
    ['visibility profile', href(toVisibilityProfileEdit(visibility.uuid))],
    ['application', href(toApplicationEdit(application.uuid))],
  ] as const) {
    await page.goto(address);
    await expect(page.getByRole('main').getByRole('textbox').first()).not.toHaveValue('');
    await expectReadOnlyEverywhere(page, what);
    // A company-less record names no company in its Visible To.
    if (what !== 'application') await expect(page.getByText(/^Company:/)).toHaveCount(0);
  }
});
