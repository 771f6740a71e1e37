// Pictures for docs/screenshots/ taken by the tests that reach a state no
// script reaches simply (a conflict between two tabs, a bulk action undone, a
// list of very long names). They are written only when asked
// (SCREENSHOTS=1 npx playwright test <spec>): a test run leaves the
// repository as it found it. The test's checks run either way.
import type { Page } from '@playwright/test';

export async function picture(page: Page, path: string): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  // Animations and transitions finished: a dialog is shot opened, not fading in.
  await page.screenshot({ path, animations: 'disabled' });
}
