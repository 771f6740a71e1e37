// Bulk management (spec §2, §8 Users): export, import round trip, a refused
// row with its reason, upload progress, and formulas exported inert.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { userMessages } from '../../../packages/shared/src/messages.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import { apiGet, apiPost, toast, type WireUser } from './users-page.ts';

// The machine is shared: sign-in and a reset can take a while under load.
test.describe.configure({ timeout: 60_000 });

async function exportCsv(page: Page, which: 'All Users' | 'Active Users' | 'Inactive Users') {
  await page.getByLabel('Users to export').selectOption({ label: which });
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export File' }).click();
  const download = await downloading;
  return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
}

async function chooseFile(page: Page, name: string, text: string | Buffer) {
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await expect(page.getByText(name, { exact: true })).toBeVisible();
}

test.describe('as provider.admin', () => {
  test.beforeEach(async ({ signedInAs, page }) => {
    await signedInAs(ACCOUNTS.provider);
    await page.getByRole('link', { name: 'Bulk Management' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bulk Management' })).toBeVisible();
  });

  test('export, edit, import: the change is applied', async ({ page }) => {
    const all = await exportCsv(page, 'All Users');
    expect(all.name).toBe('users.csv');
    const lines = all.text.split(/\r?\n/).filter((l) => l !== '');
    const users = [
      ...(await apiGet<WireUser[]>(page, '/user/list/active')),
      ...(await apiGet<WireUser[]>(page, '/user/list/inactive')),
    ];
    expect(lines.length - 1).toBe(users.length);
    const inactive = await exportCsv(page, 'Inactive Users');
    expect(inactive.name).toBe('inactive-users.csv');
    expect(inactive.text).not.toContain('customer.admin');

    const row = lines.findIndex((l) => l.includes('customer.admin@example.com'));
    expect(row).toBeGreaterThan(0);
    const edited = [lines[0], (lines[row] as string).replace('Casey', 'Casimir')].join('\r\n');
    await chooseFile(page, 'users.csv', `${edited}\r\n`);
    await page.getByRole('button', { name: 'Import File' }).click();
    await expect(toast(page, userMessages.importSuccess)).toBeVisible();
    await expect(page.getByText('0 created, 1 updated.')).toBeVisible();
    await expect(page.getByText('No file chosen')).toBeVisible();
    const after = await apiGet<WireUser[]>(page, '/user/list/active');
    expect(after.find((u) => u.username === 'customer.admin')?.firstName).toBe('Casimir');
  });

  test('the import error names the line and column of the file, and nothing is imported', async ({ page }) => {
    const { text } = await exportCsv(page, 'Active Users');
    const lines = text.split(/\r?\n/).filter((l) => l !== '');
    const customer = lines.find((l) => l.includes('customer.admin@example.com')) as string;
    const bad = customer.replace('customer.admin@example.com', 'not-an-email').replace('Casey', 'Changed');
    const good = lines.slice(1).find((l) => !l.includes('customer.admin@')) as string;
    await chooseFile(page, 'bad.csv', [lines[0], good, bad].join('\r\n'));
    await page.getByRole('button', { name: 'Import File' }).click();
    // The toast says what the table says: lines to fix, not "please try again later".
    await expect(toast(page, userMessages.importRefused(1))).toBeVisible();
    await expect(toast(page, userMessages.importFailed)).toHaveCount(0);
    const errors = page.getByRole('table', { name: 'Import errors' });
    await expect(errors).toBeVisible();
    // The bad row is the file's third line (the header is line 1), its email column as the header names it.
    await expect(errors.getByRole('columnheader')).toHaveText(['Line', 'Column', 'Reason']);
    await expect(errors.locator('tbody tr').first().locator('td')).toHaveText([
      '3',
      'email',
      'This field is required. (Max 255 Characters)',
    ]);
    const after = await apiGet<WireUser[]>(page, '/user/list/active');
    expect(after.find((u) => u.username === 'customer.admin')?.firstName).toBe('Casey');
  });

  test('a binary file named .csv is refused in the words of a file: no internal field, no "try again later"', async ({
    page,
  }) => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0xff, 0xfe]);
    await chooseFile(page, 'picture.csv', png);
    await page.getByRole('button', { name: 'Import File' }).click();
    await expect(toast(page, userMessages.importRefused(1))).toBeVisible();
    await expect(toast(page, userMessages.importFailed)).toHaveCount(0);
    const errors = page.getByRole('table', { name: 'Import errors' });
    await expect(errors.locator('tbody tr')).toHaveCount(1);
    await expect(errors.locator('tbody tr td').nth(1)).toHaveText('whole file');
    await expect(errors.locator('tbody tr td').nth(2)).toContainText('This file is not a CSV text file');
    await expect(page.getByRole('region', { name: 'Rows refused' })).not.toContainText('body');
  });

  test('the chosen file can be removed; upload is disabled while uploading, with progress', async ({ page, mock }) => {
    await expect(page.getByRole('button', { name: 'Import File' })).toBeDisabled();
    const { text } = await exportCsv(page, 'Active Users');
    await chooseFile(page, 'first.csv', text);
    await page.getByRole('button', { name: 'Remove first.csv' }).click();
    await expect(page.getByText('No file chosen')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Import File' })).toBeDisabled();

    await chooseFile(page, 'second.csv', text);
    await mock.fault({ method: 'POST', path: '/userprofile/api/v1/user/import', delayMs: 1500 });
    await page.getByRole('button', { name: 'Import File' }).click();
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Import File' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Choose File' })).toBeDisabled();
    await expect(toast(page, userMessages.importSuccess)).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveCount(0);
  });

  test('a server failure shows the failure toast', async ({ page, mock }) => {
    const { text } = await exportCsv(page, 'Active Users');
    await chooseFile(page, 'users.csv', text);
    await mock.fault({ method: 'POST', path: '/userprofile/api/v1/user/import', status: 500 });
    await page.getByRole('button', { name: 'Import File' }).click();
    await expect(toast(page, userMessages.importFailed)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Import errors' })).toHaveCount(0);
  });

  test('names with markup and formulas are exported as inert text', async ({ page }) => {
    const users = await apiGet<WireUser[]>(page, '/user/list/active');
    const target = (await apiGet<WireUser>(
      page,
      `/user/${users.find((u) => u.username === 'customer.admin')?.uuid}`,
    )) as WireUser;
    const { failedUpdateApps: _ignored, ...user } = target;
    const r = await apiPost(page, '/user/update', {
      user: { ...user, firstName: '<script>alert(1)</script>', lastName: '=HYPERLINK("http://evil.example/","x")' },
    });
    expect(r.ok(), await r.text()).toBeTruthy();
    const { text } = await exportCsv(page, 'All Users');
    const line = text.split(/\r?\n/).find((l) => l.includes('customer.admin@example.com')) as string;
    expect(line).toContain('<script>alert(1)</script>');
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example/"",""x"")"`);
  });
});
