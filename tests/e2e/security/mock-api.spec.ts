// A page on another site cannot reach the dev backend's mock
// control API: not with a plain form POST, not with no-cors fetches (neither
// needs a preflight). The test runner itself (no browser page behind its
// requests) still uses it, as every other spec does.
import { expect, test } from '../fixtures.ts';
import { serveOtherSite } from './other-site.ts';

test('a page on another site fails to reseed, fault or read the mock control API', async ({ page, baseURL, mock }) => {
  // A marker the reseed would clear: one armed fault, set from the test runner.
  const marker = { method: 'GET', path: '/userprofile/api/v1/no/such/call', status: 418, times: 7 };
  await mock.fault(marker);

  // A no-cors fetch to add a fault and one to the outbox, then a plain form POST
  // to reseed (the page navigates to its answer): none needs a preflight.
  const site = await serveOtherSite(`<h1>Free gift</h1>
<form id="reseed" method="post" action="${baseURL}/__mock/reset"><input type="hidden" name="x" value="1"></form>
<script>
  Promise.allSettled([
    fetch('${baseURL}/__mock/faults', {
      method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ method: '*', path: '/userprofile/api/v1/auth/token', status: 500, times: 1000 }),
    }),
    fetch('${baseURL}/__mock/outbox', { mode: 'no-cors' }),
  ]).then(() => document.getElementById('reseed').submit());
</script>`);
  try {
    const answer = (path: string) => page.waitForResponse((r) => new URL(r.url()).pathname === path);
    const answers = [answer('/__mock/faults'), answer('/__mock/outbox'), answer('/__mock/reset')];
    await page.goto(site.url);
    for (const response of await Promise.all(answers)) expect(response.status(), response.url()).toBe(403);
  } finally {
    await site.close();
  }

  // Nothing changed: the marker survived (no reseed), and no fault was added.
  const faults = await (await page.request.get('/__mock/faults')).json();
  expect(faults).toEqual([expect.objectContaining(marker)]);
});
