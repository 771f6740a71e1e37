// The console as its users run it, `npm start` in proxy mode
// (USERPROFILE_BACKEND) in front of a backend that offers spec §7 only (the
// worker's dev backend in the 'spec-only' project). The start says which
// redirect URI the backend's console client must allow; once it does, the
// console signs in through the proxy, a profile edit saves and a bulk action
// runs through the single-user calls, with no extension asked twice and no
// reload message.
import { profileMessages } from '../../../packages/shared/src/messages.ts';
import { startBackend } from '../backend.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import { message, ProfileScreens, type WireBusinessProfile } from '../profiles/profiles-page.ts';
import { apiGet } from '../users/users-page.ts';
import { ExtensionWatch } from './extensions-watch.ts';
import { allowConsoleAt, bulkDeactivateTwo, pageOn } from './spec-only-server.ts';

test('through npm start in proxy mode: sign-in, a profile save and a bulk deactivate on a spec-only backend', async ({
  page,
  browser,
  backend,
  signedInAs,
}) => {
  test.setTimeout(180_000);
  const proxy = await startBackend({ env: { USERPROFILE_BACKEND: backend.origin } });
  try {
    const redirect = `${proxy.origin}/userprofile/selfcallback`;
    // Printed after the ready line (the proxy asks the backend first): waited for, not read at once.
    await expect
      .poll(() => proxy.output(), { message: 'the start names the redirect URI to register' })
      .toContain(redirect);

    // What its ERRIGAL_ADMIN would do on the backend: the console client allows the proxy's redirect URI.
    await signedInAs(ACCOUNTS.provider);
    await allowConsoleAt(page, proxy.origin);

    const through = await pageOn(browser, ACCOUNTS.provider, proxy.origin);
    await ExtensionWatch.watchReloadMessage(through);
    const watch = new ExtensionWatch(through);
    expect(new URL(through.url()).origin).toBe(proxy.origin);

    // A description edit of a business profile saves with its spec §8 message.
    const s = new ProfileScreens(through);
    const business = (await apiGet<WireBusinessProfile[]>(through, '/profile/business/list')).find(
      (p) => p.name === 'NOC Operators',
    ) as WireBusinessProfile;
    await s.openBusinessProfile(business.uuid);
    await s.field('Description').fill('Saved through the proxy');
    await s.button('Update Profile').click();
    await expect(message(through, profileMessages.business.saved(business.name))).toBeVisible();
    const saved = await apiGet<WireBusinessProfile>(page, `/profile/business/get/${business.uuid}`);
    expect(saved.description, 'the backend holds it').toBe('Saved through the proxy');

    // Bulk Deactivate of two users: both inactive on the backend, a result for them.
    await bulkDeactivateTwo(through, page);

    await watch.expectQuiet();
    await through.context().close();
  } finally {
    await proxy.stop();
  }
});
