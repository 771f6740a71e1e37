// Page helper of the application screens: locators a user would use.
import type { Locator, Page } from '@playwright/test';
import { href, toApplicationList } from '../../../packages/web/src/lib/paths.ts';
import { expect } from '../fixtures.ts';

export class ApplicationsPage {
  readonly table: Locator;
  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Applications' });
  }

  async open(): Promise<void> {
    await this.page.goto(href(toApplicationList()));
    await expect(this.page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
    await expect(this.table).toBeVisible();
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  /** Opens the editor of an application from the list. */
  async edit(name: string): Promise<void> {
    await this.row(name).getByRole('link', { name, exact: true }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Editing Application' })).toBeVisible();
    await expect(this.field('Name')).toHaveValue(name);
  }

  field(label: string): Locator {
    return this.page.getByRole('tabpanel').getByLabel(new RegExp(`^${label}\\s*\\*?$`));
  }

  tab(name: string | RegExp): Locator {
    return this.page.getByRole('tab', { name });
  }

  /** A role or element row of the open tab, by its name. */
  rowGroup(name: string): Locator {
    return this.page.getByRole('tabpanel').getByRole('group', { name, exact: true });
  }
}
