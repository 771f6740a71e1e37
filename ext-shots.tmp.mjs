import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium.mjs';
const origin = 'http://127.0.0.1:8216';
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const first = await browser.newContext({ baseURL: origin });
const p0 = await first.newPage();
await p0.goto('/userprofile/');
await p0.getByLabel('Username', { exact: true }).fill('customer.admin');
await p0.getByLabel('Password', { exact: true }).fill('Passw0rd!');
await p0.getByRole('button', { name: 'Sign In' }).click();
await p0.waitForURL('**/userprofile/user/list', { timeout: 300_000 });
const state = await first.storageState();
const token = await p0.evaluate(() => localStorage.getItem('user-profile.access_token'));
const users = await (await p0.request.get('/userprofile/api/v1/user/list/active', { headers: { Authorization: `Bearer ${token}` } })).json();
await first.close();
const seeded = ['provider.admin', 'customer.admin', 'sco.admin'];
const locked = users.filter((u) => u.readOnlyReason && !seeded.includes(u.username)).slice(0, 3);
const free = users.filter((u) => !u.readOnlyReason && u.businessProfile && !seeded.includes(u.username)).slice(0, 2);
console.log(locked.length, free.length);
for (const [w, h, tag] of [[1280, 800, '1280'], [390, 844, '390']]) {
  for (const scheme of ['light', 'dark']) {
    const ctx = await browser.newContext({ baseURL: origin, storageState: state, viewport: { width: w, height: h }, colorScheme: scheme });
    const page = await ctx.newPage();
    const shot = (name) => page.screenshot({ path: `/tmp/ext-shots/bulk-${name}-${tag}-${scheme}.png` });
    await page.goto('/userprofile/user/list');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor({ timeout: 120_000 });
    for (const u of [...locked, ...free]) {
      await page.getByRole('textbox', { name: 'Filter by Username' }).fill(u.username);
      await page.locator(`tr[data-username="${u.username}"]`).getByRole('checkbox').check();
    }
    await page.getByRole('textbox', { name: 'Filter by Username' }).fill('');
    await page.getByRole('button', { name: 'Bulk action' }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.locator('[data-bulk-reason]').first().getByRole('button', { name: 'Show names' }).click();
    await page.waitForTimeout(500);
    await shot('preview');
    await page.request.post('/__mock/faults', { data: { method: 'POST', path: '/userprofile/api/v1/user/inactivate', delayMs: 5000, times: 2 } });
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await dialog.locator('[data-bulk-progress]').waitFor({ timeout: 60_000 });
    await page.waitForTimeout(300);
    await shot('progress');
    const result = page.locator('[data-bulk-result]');
    await result.waitFor({ timeout: 120_000 });
    await result.locator('[data-bulk-reason]').first().getByRole('button', { name: 'Show names' }).click();
    await page.waitForTimeout(400);
    await shot('result');
    await result.getByRole('button', { name: 'Undo' }).click();
    await page.waitForTimeout(500);
    await shot('undo');
    await dialog.getByRole('button', { name: 'Undo' }).click();
    await result.getByText(/activated/).waitFor({ timeout: 120_000 });
    await page.waitForTimeout(400);
    await shot('undone');
    await ctx.close();
    console.log('done', tag, scheme);
  }
}
await browser.close();
