// On a backend that offers spec §7 only (the dev backend with EXTENSIONS=off,
// started here for this file) the sign-in is spec §4's: the password, then
// the console; no second factor is asked, none of the step's calls is made
// and the step's code is never loaded.
import { type Backend, startBackend } from '../backend.ts';
import { ACCOUNTS, expect, signIn, test } from '../fixtures.ts';
import { ExtensionWatch } from '../spec-only/extensions-watch.ts';
import { submitPassword } from './factor-helpers.ts';

let specOnly: Backend | null = null;

test.afterAll(async () => {
  await specOnly?.stop();
  specOnly = null;
});

test('on a spec-only backend the sign-in is the password alone, for the console and for the demo application', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  specOnly ??= await startBackend({ fresh: true, env: { EXTENSIONS: 'off' } });
  const context = await browser.newContext({ baseURL: specOnly.origin });
  const page = await context.newPage();
  await ExtensionWatch.watchReloadMessage(page);
  const watch = new ExtensionWatch(page);
  const stepCode: string[] = [];
  page.on('request', (r) => {
    if (/second-factor-step/.test(r.url())) stepCode.push(r.url());
  });
  await signIn(page, ACCOUNTS.customer);

  // The demo application's sign-in, in a browser of its own, goes from the password straight back to it
  // with a code. (The demo application then checks its token against the provider's published keys, an
  // extension this backend does not offer: what it does with the code is not the sign-in's.)
  const other = await browser.newContext({ baseURL: specOnly.origin });
  const demo = await other.newPage();
  demo.on('request', (r) => {
    if (/second-factor-step|\/auth\/factor\//.test(r.url())) stepCode.push(r.url());
  });
  await demo.goto('/demo-app/');
  await demo.getByRole('link', { name: 'Sign in with User Profile' }).click();
  await submitPassword(demo, ACCOUNTS.customer, '');
  await expect(demo).toHaveURL(/\/demo-app\/callback\?code=/, { timeout: 30_000 });
  await other.close();

  expect(watch.requests.filter((r) => r.includes('/auth/factor/'))).toEqual([]);
  expect(stepCode).toEqual([]);
  await watch.expectQuiet();
  await context.close();
});
