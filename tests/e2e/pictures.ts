// Pictures for docs/screenshots/ taken by the tests that reach a state no
// script reaches simply (a conflict between two tabs, a bulk action undone, a
// list of very long names). They are written only when asked
// (SCREENSHOTS=1 npx playwright test <spec>): a test run leaves the
// repository as it found it. The test's checks run either way.
import { expect, type Locator, type Page } from '@playwright/test';

export async function picture(page: Page, path: string): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  // Animations and transitions finished: a dialog is shot opened, not fading in.
  await page.screenshot({ path, animations: 'disabled' });
}

export type Look = 'light' | 'dark';

/**
 * Runs `shoot` with `shown` visible at 1280×800 and 390×844, light and dark
 * (set as the console's toggle sets it: the class and colour scheme of
 * <html>), then leaves the page light at 1280×800.
 */
export async function inEveryLook(
  page: Page,
  shown: Locator,
  shoot: (width: number, look: Look) => Promise<unknown>,
): Promise<void> {
  for (const look of ['light', 'dark'] as const) {
    await setLook(page, look);
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await expect(shown).toBeVisible();
      await shoot(width, look);
    }
  }
  await setLook(page, 'light');
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function setLook(page: Page, look: Look): Promise<void> {
  await page.evaluate((m) => {
    document.documentElement.classList.remove('light', 'dark');
    document.documentElement.classList.add(m);
    document.documentElement.style.colorScheme = m;
  }, look);
}
