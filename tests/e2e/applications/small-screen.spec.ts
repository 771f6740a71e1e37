// Applications and OAuth2 clients at 390×844: both lists and both editors fit the width of a phone
// (the window never scrolls sideways; a table scrolls inside its card).
// Screenshots go to screenshots/ (git-ignored) for a person to look at.
import { href, toApplicationList, toAuthClientList } from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('application and client lists and editors fit a phone', async ({ page, signedInAs }) => {
  await signedInAs(ACCOUNTS.provider);
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  const shots: [string, string, string][] = [
    [href(toApplicationList()), 'Snmp Manager', 'apps'],
    [href(toAuthClientList()), 'User Profile Console', 'clients'],
  ];
  for (const [list, name, shot] of shots) {
    await page.goto(list);
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    expect(await fits()).toBe(true);
    await page.screenshot({ path: `screenshots/${shot}-list-390.png` });
    await page.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Editing / })).toBeVisible();
    await expect(page.getByLabel(/^Name\s*\*?$/)).toHaveValue(name);
    expect(await fits()).toBe(true);
    await page.screenshot({ path: `screenshots/${shot}-edit-390.png`, fullPage: true });
  }
});
