// An editor nobody changed does not ask before the page goes, for every role
// and every editor: what the form fills in by itself once its lists load (a
// tenant admin's own company, the default minimum role) is part of the form
// as opened, not a change.
import type { Page } from '@playwright/test';
import {
  href,
  toApplicationNew,
  toAppProfileNew,
  toAuthClientNew,
  toBusinessProfileNew,
  toUserNew,
  toVisibilityProfileNew,
} from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';

test.describe.configure({ timeout: 120_000 });

/** The new-record screens each role may open (the others answer the 403 page). */
const NEW: Record<keyof typeof ACCOUNTS, { path: string; submit: RegExp }[]> = {
  provider: [
    { path: toUserNew(), submit: /^Create User$/ },
    { path: toBusinessProfileNew(), submit: /^Create Profile$/ },
    { path: toAppProfileNew(), submit: /^Create Profile$/ },
    { path: toVisibilityProfileNew(), submit: /^Create Visibility$/ },
    { path: toApplicationNew(), submit: /^Create App$/ },
    { path: toAuthClientNew(), submit: /^Create Client$/ },
  ],
  customer: [
    { path: toUserNew(), submit: /^Create User$/ },
    { path: toBusinessProfileNew(), submit: /^Create Profile$/ },
    { path: toAppProfileNew(), submit: /^Create Profile$/ },
    { path: toVisibilityProfileNew(), submit: /^Create Visibility$/ },
  ],
  sco: [{ path: toUserNew(), submit: /^Create User$/ }],
};

/** Reloads the page, answering any leave prompt with Stay; true when one was asked. */
async function reloadAsks(page: Page): Promise<boolean> {
  let asked = false;
  const onDialog = (d: import('@playwright/test').Dialog) => {
    if (d.type() === 'beforeunload') asked = true;
    void d.dismiss();
  };
  page.on('dialog', onDialog);
  // Refused, the reload never completes.
  await page.reload({ timeout: 3_000 }).catch(() => {});
  page.off('dialog', onDialog);
  return asked;
}

/** The editor open with every list it fills itself from loaded, and the page touched (a prompt needs a gesture). */
async function openSettled(page: Page, path: string, submit: RegExp): Promise<void> {
  await page.goto(href(path));
  await expect(page.getByRole('button', { name: submit })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status').filter({ hasText: /Loading/i })).toHaveCount(0);
  // Chromium asks before unload only on a page the person has interacted with.
  await page.getByRole('heading', { level: 1 }).first().click();
}

for (const role of Object.keys(NEW) as (keyof typeof ACCOUNTS)[]) {
  test(`${ACCOUNTS[role]}: a new record's form nobody changed does not ask before a reload`, async ({
    page,
    signedInAs,
  }) => {
    await signedInAs(ACCOUNTS[role]);
    for (const { path, submit } of NEW[role]) {
      await openSettled(page, path, submit);
      expect(await reloadAsks(page), `${path} asked before leaving, untouched`).toBe(false);
    }
    // The same reload does ask once something was typed: the check above can see a prompt.
    const [first] = NEW[role];
    if (!first) return;
    await openSettled(page, first.path, first.submit);
    await page.getByLabel(/^Username/).fill('typed.here');
    expect(await reloadAsks(page)).toBe(true);
  });
}
