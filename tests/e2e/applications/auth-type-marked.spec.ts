// A blocked submit always points at a marked field: New Application with every text field filled and API Auth
// Type left at '---': the blocked Create App and 'Please Check Form Is Filled
// Correctly' point at a marked field, API Auth Type.
import { userMessages, validationMessages } from '../../../packages/shared/src/messages.ts';
import { href, toApplicationNew } from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import { ApplicationsPage } from './applications-page.ts';

test.describe.configure({ timeout: 60_000 });

test('every text field filled, API Auth Type at ---: the field is marked', async ({ page, signedInAs }) => {
  await signedInAs(ACCOUNTS.provider);
  await page.goto(href(toApplicationNew()));
  await expect(page.getByRole('heading', { level: 1, name: 'New Application' })).toBeVisible();
  const apps = new ApplicationsPage(page);
  // A new form is not marked all over before anything is typed.
  await expect(page.getByText(validationMessages.required, { exact: true })).toHaveCount(0);
  const values: Record<string, string> = {
    Name: 'Change Planner',
    'Data Url': 'jdbc:postgresql://db.noc.internal:5432/cp',
    'Data Driver': 'org.postgresql.Driver',
    'Data Username': 'cp_svc',
    'Data Password': 'db-Secret-1',
    'API Host': 'https://cp.noc.internal/api',
    'API Username': 'cp_api',
    'API Password': 'api-Secret-1',
  };
  for (const [label, value] of Object.entries(values)) await apps.field(label).fill(value);
  await expect(page.getByRole('button', { name: 'Create App' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByText(userMessages.formInvalid)).toBeVisible();
  const authType = page
    .locator('[data-scope="field"][data-part="root"]')
    .filter({ has: page.getByRole('combobox', { name: 'API Auth Type' }) });
  await expect(authType.locator('[data-part="error-text"]')).toHaveText(validationMessages.required);
  await apps.field('API Auth Type').selectOption({ label: 'OAUTH2' });
  await expect(authType.locator('[data-part="error-text"]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create App' })).toHaveAttribute('aria-disabled', 'false');
});
