// The initial JavaScript is split by route, so the login page is fast — the login page loads
// neither the shell nor any feature screen.

import { href, toLoginStart, toNotFound } from '../../../packages/web/src/lib/paths.ts';
import { expect, test } from '../fixtures.ts';

test('the login page loads no shell or feature screen code', async ({ page, mock: _ }) => {
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(new URL(r.url()).pathname.split('/').pop() ?? '');
  });
  await page.goto(href(toLoginStart()));
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(scripts.some((s) => s.startsWith('login-page-'))).toBe(true);
  const unexpected = scripts.filter((s) => /^(layout|side-nav|screens|user-|password-pages|callback-pages)/.test(s));
  expect(unexpected).toEqual([]);

  // The shell's code arrives with the first shell route.
  await page.goto(href(toNotFound()));
  await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
  expect(scripts.some((s) => s.startsWith('layout-'))).toBe(true);
});
