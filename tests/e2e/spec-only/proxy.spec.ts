// Issue 32: the console as its users run it, `npm start` in proxy mode
// (USERPROFILE_BACKEND) in front of a backend that offers spec §7 only (the
// worker's dev backend in the 'spec-only' project). The start says which
// redirect URI the backend's console client must allow; once it does, the
// console signs in through the proxy, a profile edit saves and a bulk action
// runs through the single-user calls, with no extension asked twice and no
// reload message.
import { globalMessages, profileMessages } from '../../../packages/shared/src/messages.ts';
import { startBackend } from '../backend.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import { message, ProfileScreens, type WireBusinessProfile } from '../profiles/profiles-page.ts';
import { apiGet, apiPost, UsersPage, type WireUser } from '../users/users-page.ts';
import { ExtensionWatch } from './extensions-watch.ts';
import { pageOn } from './spec-only-server.ts';

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
    const { clientId } = await apiGet<{ clientId: string }>(page, '/auth/frontendconfig');
    const client = await apiGet<Record<string, string>>(page, `/authClient/get/${clientId}`);
    const registered = await apiPost(page, '/authClient/update', {
      uuid: client.uuid,
      name: client.name,
      description: client.description,
      clientSecret: client.clientSecret,
      allowedRedirectTarget: redirect,
    });
    expect(registered.ok(), `the console client's redirect target: ${registered.status()}`).toBeTruthy();

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
    const two = (await apiGet<WireUser[]>(through, '/user/list/active'))
      .filter((u) => u.businessProfile && !Object.values(ACCOUNTS).includes(u.username as never))
      .slice(0, 2);
    const list = new UsersPage(through);
    await through.getByRole('link', { name: 'Users', exact: true }).click();
    for (const u of two) {
      await list.show(u.username);
      await list.row(u.username).getByRole('checkbox').check();
    }
    await through.getByRole('button', { name: 'Bulk action' }).click();
    await through.getByRole('menuitem', { name: 'Deactivate' }).click();
    await through.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
    await expect(through.locator('[data-bulk-result]')).toContainText('2 users deactivated.');
    const inactive = new Set((await apiGet<WireUser[]>(page, '/user/list/inactive')).map((u) => u.uuid));
    for (const u of two) expect(inactive.has(u.uuid), `${u.username} is inactive on the backend`).toBe(true);

    expect(watch.askedTwice(), 'an extension the backend does not offer was asked again').toEqual([]);
    expect(await watch.sawReloadMessage(), `"${globalMessages.reloadPage}" showed`).toBe(false);
    expect(watch.notFound, 'a screen went to the 404 page').toEqual([]);
    await through.context().close();
  } finally {
    await proxy.stop();
  }
});
