// The console through a spec-only backend of another make than our
// own (foreign-backend.ts): discovery refused 401 to an anonymous caller, an
// unknown GET answered with a web app's HTML page, the bulk call and the
// impact preview 405, no ETag. Every core task still works, each extension is
// asked at most once, and nothing shows the reload message or the 404 page.

import { startForeignBackend } from '../../../packages/contract-server/test/foreign-backend.ts';
import { accessTexts } from '../../../packages/shared/src/access-texts.ts';
import { historyTexts, signInTexts } from '../../../packages/shared/src/messages.ts';
import { href, toAccessCheck, toAccessHolders, toUserEdit } from '../../../packages/web/src/lib/paths.ts';
import { startBackend } from '../backend.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import { apiGet, type WireUser } from '../users/users-page.ts';
import { ExtensionWatch } from './extensions-watch.ts';
import { addAppProfileAfterPreview, allowConsoleAt, bulkDeactivateTwo, pageOn } from './spec-only-server.ts';

type Application = { uuid: string; name: string; roles: { uuid: string; name: string }[] };

test('through a spec-only backend of another make: sign-in, access questions, a previewed save, a bulk action', async ({
  page,
  browser,
  backend,
  signedInAs,
}) => {
  test.setTimeout(180_000);
  const front = await startForeignBackend(backend.origin);
  const proxy = await startBackend({ env: { USERPROFILE_BACKEND: front.origin } });
  try {
    // The backend's ERRIGAL_ADMIN lets the console client come back to the proxy's page.
    await signedInAs(ACCOUNTS.provider);
    await allowConsoleAt(page, proxy.origin);

    // Sign-in: discovery answers 401 to the anonymous caller; the console signs in without it.
    const through = await pageOn(browser, ACCOUNTS.provider, proxy.origin);
    await ExtensionWatch.watchReloadMessage(through);
    await through.reload();
    const watch = new ExtensionWatch(through);
    expect(front.answered.some((a) => a.includes('/.well-known/') && a.endsWith(' 401'))).toBe(true);

    // A user's History and Sign-ins (an HTML page, 200) say they are not offered; Effective Access is worked out.
    const customer = (await apiGet<WireUser[]>(through, '/user/list/active')).find(
      (u) => u.username === ACCOUNTS.customer,
    ) as WireUser;
    await through.goto(href(toUserEdit(customer.uuid)));
    await through.getByRole('tab', { name: 'History' }).click();
    await expect(through.getByText(historyTexts.historyNotOffered)).toBeVisible();
    await through.getByRole('tab', { name: 'Sign-ins' }).click();
    await expect(through.getByText(signInTexts.notOffered)).toBeVisible();
    await through.getByRole('tab', { name: historyTexts.effectiveAccessTab }).click();
    await expect(through.locator('[data-effective-access]')).toContainText('Alarm Manager');

    // Check Access and Who Has It, worked out from spec calls.
    const alarm = (await apiGet<Application[]>(through, '/app/list')).find(
      (a) => a.name === 'Alarm Manager',
    ) as Application;
    const role = alarm.roles[0] as Application['roles'][number];
    await through.goto(href(toAccessCheck({ user: customer.uuid, application: alarm.uuid, role: role.uuid })));
    await expect(through.locator('[data-verdict]')).toBeVisible({ timeout: 30_000 });
    await through.goto(href(toAccessHolders(alarm.uuid, { role: role.uuid }, { page: 1 })));
    await expect(through.locator('[data-holders] tbody tr').first()).toBeVisible({ timeout: 30_000 });
    await expect(through.locator('[data-derived]')).toHaveText(accessTexts.derivedHolders);

    // Adding an application profile to a business profile users hold: the preview (405) is worked out, then saved.
    await addAppProfileAfterPreview(through, page);

    // Bulk Deactivate of two users (the bulk call answers 405): both inactive, a result for them.
    await bulkDeactivateTwo(through, page);

    // The front answered each of these in the backend's place, as its make does.
    const answered = front.answered.join('\n');
    expect(answered).toMatch(/^GET \/userprofile\/api\/v1\/history\/user\/\S+ 200$/m);
    expect(answered).toMatch(/^GET \/userprofile\/api\/v1\/user\/\S+\/effectiveAccess 200$/m);
    expect(answered).toMatch(/^POST \/userprofile\/api\/v1\/profile\/business\/impact 405$/m);
    expect(answered).toMatch(/^POST \/userprofile\/api\/v1\/user\/bulk 405$/m);
    await watch.expectQuiet();
    await through.context().close();
  } finally {
    await proxy.stop();
    await front.stop();
  }
});
