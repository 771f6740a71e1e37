// On a backend that offers spec §7 only (the dev backend with
// EXTENSIONS=off, same seed), Effective Access, Check Access and Who Has It
// (counts, paging, export) answer as on the dev backend with its extensions,
// worked out from spec calls; a record hidden from the reader makes the answer
// incomplete on both. sco.admin is told that part is hidden, and Check Access,
// offered in its menu as every route it may open, says why it cannot answer.
import type { Browser, Page } from '@playwright/test';
import { accessTexts } from '../../../packages/shared/src/access-texts.ts';
import { historyTexts } from '../../../packages/shared/src/messages.ts';
import { href, toAccessCheck, toAccessHolders, toUserEdit } from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import { api, apiGet, type Named, type WireAppProfile, type WireUser } from '../profiles/profiles-page.ts';
import { pageOn, resetWithExtensions, startWithExtensions, stopWithExtensions } from './spec-only-server.ts';

test.describe.configure({ timeout: 400_000 });
test.beforeAll(async () => {
  test.setTimeout(300_000);
  await startWithExtensions();
});
let mainURL = '';
let specURL = '';
test.beforeEach(async ({ baseURL }) => {
  // The backend with extensions from the seed, as the worker's own (spec-only) backend is reset.
  mainURL = await resetWithExtensions();
  specURL = baseURL as string;
});
test.afterAll(stopWithExtensions);

type WireApplication = Named & { roles: Named[]; elements: Named[] };
type Holders = { total: number; active: number; inactive: number };

const text = async (page: Page, selector: string) => (await page.locator(selector).first().innerText()).trim();

async function effectiveAccessOf(page: Page, user: string) {
  await page.goto(href(toUserEdit(user)));
  await page.getByRole('tab', { name: historyTexts.effectiveAccessTab }).click();
  await expect(page.locator('[data-effective-access]')).toBeVisible({ timeout: 30_000 });
  return text(page, '[data-effective-access]');
}

async function verdictOf(page: Page, question: { user: string; application: string; role: string }) {
  await page.goto(href(toAccessCheck(question)));
  await expect(page.locator('[data-verdict]')).toBeVisible({ timeout: 30_000 });
  return text(page, '[data-verdict]');
}

async function holdersPage(page: Page, application: string, role: string, pageNo: number) {
  await page.goto(href(toAccessHolders(application, { role }, { page: pageNo })));
  await expect(page.locator('[data-holders] tbody tr').first()).toBeVisible({ timeout: 30_000 });
  const status = await page.getByRole('group', { name: 'Status' }).innerText();
  return { status, table: await text(page, '[data-holders]') };
}

async function exported(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: accessTexts.exportCsv }).click(),
  ]);
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  return { name: download.suggestedFilename(), body: await readFile(path as string, 'utf8') };
}

/** The backend with extensions, signed in the same way as the spec-only one. */
const onMain = (browser: Browser, username: string) => pageOn(browser, username, mainURL);
/** The worker's own backend: in the 'spec-only' project, one that offers spec §7 only. */
const specOnlyPage = (browser: Browser, username: string) => pageOn(browser, username, specURL);

test('Effective Access, Check Access and Who Has It answer on a spec-only backend as with the extensions', async ({
  mock: _reset,
  browser,
}) => {
  const page = await onMain(browser, ACCOUNTS.provider);
  const spec = await specOnlyPage(browser, ACCOUNTS.provider);
  // The spec-only backend has no extension: the console derives (and says so on Who Has It).
  expect((await api(spec, 'GET', '/access/check?user=x&application=y&role=z')).status()).toBe(404);

  const apps = await apiGet<WireApplication[]>(page, '/app/list');
  const alarm = apps.find((a) => a.name === 'Alarm Manager') as WireApplication;
  // The role with the most holders, so that Who Has It has a second page.
  let best: { role: Named; holders: Holders } | null = null;
  for (const role of alarm.roles) {
    const holders = await apiGet<Holders>(page, `/app/${alarm.uuid}/holders?role=${role.uuid}&size=1`);
    if (!best || holders.total > best.holders.total) best = { role, holders };
  }
  const { role, holders } = best as { role: Named; holders: Holders };
  expect(holders.total).toBeGreaterThan(50);

  // Who Has It: counts, the second page, the export.
  const withExtension = await holdersPage(page, alarm.uuid, role.uuid, 2);
  const derived = await holdersPage(spec, alarm.uuid, role.uuid, 2);
  expect(withExtension.status).toContain(`All (${holders.total})`);
  expect(derived.status).toBe(withExtension.status);
  expect(derived.table).toBe(withExtension.table);
  await expect(spec.locator('[data-derived]')).toHaveText(accessTexts.derivedHolders);
  await expect(page.locator('[data-derived]')).toHaveCount(0);
  const [fileA, fileB] = [await exported(page), await exported(spec)];
  expect(fileB.name).toBe(fileA.name);
  expect(fileB.body).toBe(fileA.body);
  expect(fileB.body.split('\r\n').filter(Boolean)).toHaveLength(holders.total + 1);

  // Check Access: a holder (granted, with the path) and a user without it (the missing link).
  const list = await apiGet<{ holders: { user: Named & { username: string } }[] }>(
    page,
    `/app/${alarm.uuid}/holders?role=${role.uuid}&size=1`,
  );
  const holder = list.holders[0]?.user.uuid as string;
  const users = await apiGet<WireUser[]>(page, '/user/list/active');
  const others: string[] = [];
  for (const u of users.slice(0, 40)) {
    const c = await apiGet<{ verdict: string }>(
      page,
      `/access/check?user=${u.uuid}&application=${alarm.uuid}&role=${role.uuid}`,
    );
    if (c.verdict === 'notGranted') others.push(u.uuid);
    if (others.length === 2) break;
  }
  for (const user of [holder, ...others]) {
    const question = { user, application: alarm.uuid, role: role.uuid };
    expect(await verdictOf(spec, question)).toBe(await verdictOf(page, question));
  }
  expect(others.length).toBeGreaterThan(0);

  // Effective Access of the holder and of a user without the role.
  for (const user of [holder, others[0] as string]) {
    expect(await effectiveAccessOf(spec, user)).toBe(await effectiveAccessOf(page, user));
  }
  await spec.context().close();
});

/** Moves a user the customer admin sees onto a business profile only the provider sees (on the page's backend). */
async function hideProfileOf(provider: Page, username: string) {
  const apps = await apiGet<WireApplication[]>(provider, '/app/list');
  const alarm = apps.find((a) => a.name === 'Alarm Manager') as WireApplication;
  const aps = await apiGet<WireAppProfile[]>(provider, '/profile/app/list');
  const supervisor = aps.find((p) => p.name === 'Alarm Manager - Supervisor') as WireAppProfile;
  const created = await api(provider, 'POST', '/profile/business/update', {
    name: 'Provider Escalation Desk',
    description: 'provider only',
    minimumRole: { name: 'ERRIGAL_ADMIN' },
    errigalCustomerCompany: null,
    appProfiles: [{ uuid: supervisor.uuid, name: supervisor.name, application: { uuid: alarm.uuid } }],
  });
  expect(created.status(), await created.text()).toBe(200);
  const bp = (await created.json()) as Named;
  const target = (await apiGet<WireUser[]>(provider, '/user/list/active')).find(
    (u) => u.username === username,
  ) as WireUser;
  const full = await apiGet<Record<string, unknown>>(provider, `/user/${target.uuid}`);
  const moved = await api(provider, 'POST', '/user/update', {
    user: { ...full, businessProfile: { uuid: bp.uuid, name: bp.name }, elements: [] },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  return { user: target.uuid, application: alarm.uuid, role: alarm.roles[0]?.uuid as string };
}

test('a record hidden from the reader makes Check Access incomplete on a spec-only backend too, naming none of it', async ({
  mock: _reset,
  browser,
}) => {
  let page = await onMain(browser, ACCOUNTS.customer);
  // A user the customer admin may change (of its company, none of its profiles hidden): only the move below hides one.
  let username = '';
  for (const u of (await apiGet<WireUser[]>(page, '/user/list/active')).filter((u) => !u.username.includes('admin'))) {
    const read = await apiGet<{ readOnlyReason?: string }>(page, `/user/${u.uuid}`);
    if (!read.readOnlyReason) {
      username = u.username;
      break;
    }
  }
  expect(username).not.toBe('');
  await page.context().close();
  page = await onMain(browser, ACCOUNTS.provider);
  const specProvider = await specOnlyPage(browser, ACCOUNTS.provider);
  const question = await hideProfileOf(page, username);
  expect(await hideProfileOf(specProvider, username)).toEqual(question);
  await specProvider.context().close();
  await page.context().close();

  page = await onMain(browser, ACCOUNTS.customer);
  const spec = await specOnlyPage(browser, ACCOUNTS.customer);
  const derived = await verdictOf(spec, question);
  expect(derived).toContain(accessTexts.incomplete);
  expect(derived).not.toContain('Provider Escalation Desk');
  expect(derived).toBe(await verdictOf(page, question));
  // Effective Access says a profile is withheld, on both.
  expect(await effectiveAccessOf(spec, question.user)).toContain(historyTexts.profileWithheld);
  await spec.context().close();
});

test('sco.admin is told that part of an application is hidden, and why Check Access cannot answer, on both backends', async ({
  mock: _reset,
  browser,
}) => {
  const page = await onMain(browser, ACCOUNTS.sco);
  const spec = await specOnlyPage(browser, ACCOUNTS.sco);
  const user = (await apiGet<(WireUser & { businessProfile?: Named | null })[]>(page, '/user/list/active')).find(
    (u) => u.businessProfile,
  ) as WireUser;
  for (const p of [page, spec]) {
    const nav = p.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Users' })).toBeVisible();
    // The menu offers what the role may open (app/nav-items.ts); the screen says why it cannot answer.
    await nav.getByRole('link', { name: 'Check Access' }).click();
    await expect(p.getByText(accessTexts.nothingToCheck)).toBeVisible();
    const access = await effectiveAccessOf(p, user.uuid);
    expect(access).toContain(historyTexts.partHidden);
  }
  // Opened by its address too.
  await spec.goto(href(toAccessCheck()));
  await expect(spec.getByText(accessTexts.nothingToCheck)).toBeVisible();
  await spec.context().close();
});
