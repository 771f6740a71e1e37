// `npm run screenshots`: the README's pictures of the console, made again
// whenever a screen changes. Builds the console when it has not been built,
// starts the dev backend on a spare port with a data folder of its own (seeded
// afresh), signs in through the real flow as provider.admin and writes PNGs
// of its screens, light and dark, at 1280x800 (the activity log, the account
// page, a user's second factors and the second factor's sign-in step and
// enrolment at 390x844 too) into docs/screenshots/.
// Any failure ends the run with one line on stderr and exit code 1.
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import UPNG from 'upng-js';
import { kb, launchChromium, root, startServer } from './lib/bench-util.mjs';

const OUT = join(root, 'docs/screenshots');
const VIEWPORT = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const PASSWORD = process.env.SEED_PASSWORD ?? 'Passw0rd!';
// A small seed: the pictures show a first page of users, and the server starts fast.
const SEED_USERS = '60';
const STEP_TIMEOUT = 15_000;
// A palette of this many colours keeps text and borders crisp and a picture near 40 KB (a full-colour one is ~100 KB).
const COLOURS = 128;

/** The screens, in the README's order; each opens its screen on `page` and waits until it has settled. */
const SHOTS = [
  {
    name: 'users',
    async open(page, { base }) {
      await page.goto(`${base}/user/list`);
      await heading(page, 'Users');
      await page.getByRole('table').locator('tbody tr').first().waitFor();
    },
  },
  {
    name: 'effective-access',
    async open(page, { base }) {
      await page.goto(`${base}/user/list`);
      await heading(page, 'Users');
      await page.getByRole('table').locator('tbody tr').first().getByRole('link').first().click();
      await heading(page, 'Editing User');
      await page.getByRole('tab', { name: 'Effective Access' }).click();
      await page.getByRole('tabpanel', { name: 'Effective Access' }).getByRole('table').first().waitFor();
    },
  },
  {
    name: 'business-profile',
    async open(page, { base }) {
      await page.goto(`${base}/profile/business/list`);
      await page.getByRole('table').locator('tbody tr').first().getByRole('link').first().click();
      await heading(page, 'Editing Business Profile');
      await page.getByRole('combobox').first().waitFor();
    },
  },
  {
    name: 'cluster-tree',
    async open(page, { base, api }) {
      // The visibility profile with the most clusters makes the fullest tree.
      const profiles = await api('/profile/visibility/list');
      const count = (forest) => forest.reduce((n, c) => n + 1 + count(c.children ?? []), 0);
      const richest = profiles.reduce((a, b) => (count(b.clusters ?? []) > count(a.clusters ?? []) ? b : a));
      await page.goto(`${base}/profile/visibility/edit/${richest.uuid}`);
      await heading(page, 'Editing Visibility');
      await page.getByRole('tab', { name: 'Cluster', exact: true }).click();
      await page.getByRole('tree', { name: 'Clusters' }).getByRole('treeitem').first().waitFor();
    },
  },
  {
    name: 'activity',
    async open(page, { base }) {
      await openActivity(page, base, true);
    },
  },
  {
    // The same screen at phone width: each event a card.
    name: 'activity-phone',
    viewport: PHONE,
    async open(page, { base }) {
      await openActivity(page, base);
    },
  },
  {
    name: 'sign-in',
    signedOut: true,
    async open(page, { base }) {
      await page.goto(`${base}/`);
      await page.getByLabel('Username', { exact: true }).waitFor();
    },
  },
  // The account page (provider.admin's: its authenticator app and the rule for administrators) and a user's
  // factors on the user screen (sco.admin's), at both sizes.
  ...[VIEWPORT, PHONE].flatMap((viewport) => {
    const phone = viewport === PHONE ? '-phone' : '';
    return [
      {
        name: `account${phone}`,
        viewport,
        async open(page, { base }) {
          await page.goto(`${base}/account`);
          await heading(page, 'Your Account');
          await page.locator('[data-factor="Work phone"]').waitFor();
          await page.locator('[data-own-sessions]').waitFor();
          await page.locator('[data-section="access"] [data-effective-access]').waitFor();
        },
      },
      {
        name: `user-factors${phone}`,
        viewport,
        async open(page, { base, api }) {
          const sco = await api('/user/username/sco.admin');
          await page.goto(`${base}/user/edit/${sco.uuid}`);
          await heading(page, 'Editing User');
          await page.getByRole('tab', { name: 'Second Factor' }).click();
          await page.locator('[data-user-factors] [data-factor="Phone"]').waitFor();
        },
      },
    ];
  }),
  // The second factor at sign-in (seedSecondFactor): sco.admin has an authenticator app, and every
  // administrator must have a factor, so customer.admin, who has none, enrols one.
  ...[VIEWPORT, PHONE].flatMap((viewport) => {
    const phone = viewport === PHONE ? '-phone' : '';
    return [
      {
        name: `sign-in-second-factor${phone}`,
        signedOut: true,
        viewport,
        async open(page, { base }) {
          await passwordOf(page, base, 'sco.admin');
          await page.getByLabel('Authentication code').waitFor({ timeout: 60_000 });
        },
      },
      {
        name: `sign-in-enrolment${phone}`,
        signedOut: true,
        viewport,
        // The enrolment is taller than a laptop's screen: the picture shows all of it.
        fullPage: true,
        async open(page, { base }) {
          await passwordOf(page, base, 'customer.admin');
          await page.getByRole('img', { name: 'QR code of the key for your authenticator app' }).waitFor({
            timeout: 60_000,
          });
        },
      },
    ];
  }),
];

/** The login form filled with `username`'s password and sent. */
async function passwordOf(page, base, username) {
  // The sign-in page itself: the console's first page would first say 'Please Login First'.
  await page.goto(`${base}/auth/login/user`);
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The 6-digit code of a base32 key now, as an authenticator app computes it (RFC 6238, HMAC-SHA1, 30 s). */
function totpNow(secret) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...secret.replace(/[\s=]/g, '').toUpperCase()]
    .map((c) => alphabet.indexOf(c).toString(2).padStart(5, '0'))
    .join('');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * For the second factor's pictures: sco.admin adds an authenticator app (the
 * account API, signed in as sco.admin), then every administrator must have a
 * factor (the policy, as provider.admin on `page`). Where the backend offers
 * no second factor the calls fail and so does the run.
 */
async function seedSecondFactor(page, browser, base) {
  const sco = await browser.newContext({ viewport: VIEWPORT });
  const scoPage = await sco.newPage();
  await passwordOf(scoPage, base, 'sco.admin');
  await scoPage.waitForURL('**/user/list');
  const started = await call(scoPage, 'POST', '/account/factors/totp', {});
  if (started.status !== 200) throw new Error(`POST /account/factors/totp answered ${started.status}`);
  const confirmed = await call(scoPage, 'POST', '/account/factors/totp/confirm', {
    enrolment: started.json.enrolment,
    code: totpNow(started.json.secret),
    name: 'Phone',
  });
  if (confirmed.status !== 200) throw new Error(`POST /account/factors/totp/confirm answered ${confirmed.status}`);
  await sco.close();
  // provider.admin, whose account page is shot, has one too (its session, opened before the rule, goes on).
  const own = await call(page, 'POST', '/account/factors/totp', {});
  if (own.status !== 200) throw new Error(`POST /account/factors/totp answered ${own.status}`);
  const added = await call(page, 'POST', '/account/factors/totp/confirm', {
    enrolment: own.json.enrolment,
    code: totpNow(own.json.secret),
    name: 'Work phone',
  });
  if (added.status !== 200) throw new Error(`POST /account/factors/totp/confirm answered ${added.status}`);
  const policy = await call(page, 'POST', '/factorPolicy/update', { scope: 'administrators', required: true });
  if (policy.status !== 200) throw new Error(`POST /factorPolicy/update answered ${policy.status}`);
}

/** The activity log with the events seedActivity made; `details`: its refused write opened to them. */
async function openActivity(page, base, details = false) {
  await page.goto(`${base}/activity`);
  await heading(page, 'Activity');
  const refused = page.locator('[data-event][data-outcome="refused"]').first();
  await refused.waitFor();
  await page.locator('[data-retention]').waitFor();
  if (!details) return;
  await refused.getByRole('button', { name: /^Details of / }).click();
  await page.locator('[data-event-details]').waitFor();
}

/** A call of the signed-in console page (its token, its cross-site request cookie). */
function call(page, method, path, body, headers = {}) {
  return page.evaluate(
    async ({ method, path, body, headers }) => {
      const token = localStorage.getItem('user-profile.access_token');
      const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const r = await fetch(`/userprofile/api/v1${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          Algorithm: 'RSA256',
          'Content-Type': 'application/json',
          'X-XSRF-TOKEN': xsrf,
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: r.status, json: r.headers.get('Content-Type')?.includes('json') ? await r.json() : null };
    },
    { method, path, body, headers },
  );
}

/**
 * Events for the activity log's pictures, made once before both modes are
 * shot: two users edited, a save refused as stale, a bulk password reset and a
 * sign-in with a wrong password.
 */
async function seedActivity(page, browser, base) {
  // From the end of the list: the users screen's first page and its first user's editor stay as they were.
  const users = (await call(page, 'GET', '/user/list/active')).json
    .filter((u) => !u.username.endsWith('.admin'))
    .slice(-6);
  const save = async (user, change, headers) => {
    const { json: full } = await call(page, 'GET', `/user/${user.uuid}`);
    const { failedUpdateApps: _f, readOnlyReason: _r, businessProfile, ...rest } = full;
    const profile = businessProfile ? { uuid: businessProfile.uuid, name: businessProfile.name } : null;
    return call(page, 'POST', '/user/update', { user: { ...rest, businessProfile: profile, ...change } }, headers);
  };
  await save(users[0], { deskPhone: '+353 1 555 0100' });
  await save(users[1], { lastName: `${users[1].lastName}-Byrne` });
  await save(users[2], { firstName: 'Stale' }, { 'If-Match': '"0"' });
  await call(page, 'POST', '/user/bulk', { action: 'sendPasswordReset', uuids: [users[3].uuid, users[4].uuid] });
  const visitor = await browser.newContext({ viewport: VIEWPORT });
  const signIn = await visitor.newPage();
  await signIn.goto(`${base}/`);
  await signIn.getByLabel('Username', { exact: true }).fill(users[5].username);
  await signIn.getByLabel('Password', { exact: true }).fill('not-the-password');
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await signIn.getByText('Invalid username or password').waitFor();
  await visitor.close();
}

function heading(page, name) {
  return page.getByRole('heading', { level: 1, name }).waitFor();
}

function fail(message) {
  process.stderr.write(`screenshots: ${message.split('\n')[0]}\n`);
  process.exitCode = 1;
}

/** The screenshot with a palette of COLOURS colours (the README carries ten of them). */
function smaller(png) {
  const image = UPNG.decode(png);
  return Buffer.from(UPNG.encode(UPNG.toRGBA8(image), image.width, image.height, COLOURS));
}

async function signIn(page, base) {
  await page.goto(`${base}/`);
  await page.getByLabel('Username', { exact: true }).fill('provider.admin');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/user/list');
}

/** Toasts come and go with the timing of a run: the pictures leave them out. */
const STEADY_CSS = '[data-scope="toast"][data-part="group"], .si-toasts { display: none !important; }';

async function main() {
  if (!existsSync(join(root, 'packages/web/dist/index.html'))) {
    const build = spawnSync(
      process.execPath,
      [join(root, 'scripts/pnpm.mjs'), '--filter', '@userprofile/web', 'run', 'build'],
      {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    if (build.status !== 0) throw new Error('building the console failed (pnpm --filter @userprofile/web run build)');
  }
  mkdirSync(OUT, { recursive: true });
  const started = Date.now();
  const server = await startServer({ env: { SEED_USERS } });
  let browser = null;
  const written = [];
  try {
    browser = await launchChromium();
    const base = `${server.origin}/userprofile`;
    // One sign-in, its storage reused by both modes, which then run side by side.
    const first = await browser.newContext({ viewport: VIEWPORT });
    first.setDefaultTimeout(STEP_TIMEOUT);
    const signInPage = await first.newPage();
    await signIn(signInPage, base);
    await seedActivity(signInPage, browser, base);
    await seedSecondFactor(signInPage, browser, base);
    const signedIn = await first.storageState();
    const token = await signInPage.evaluate(() => localStorage.getItem('user-profile.access_token'));
    await first.close();
    const api = async (request, path) => {
      const r = await request.get(`${base}/api/v1${path}`, {
        headers: { Authorization: `Bearer ${token}`, Algorithm: 'RSA256' },
      });
      if (!r.ok()) throw new Error(`GET ${path} answered ${r.status()}`);
      return r.json();
    };
    const shootMode = async (colorScheme) => {
      const options = { viewport: VIEWPORT, colorScheme, reducedMotion: 'reduce' };
      const context = await browser.newContext({ ...options, storageState: signedIn });
      context.setDefaultTimeout(STEP_TIMEOUT);
      const page = await context.newPage();
      for (const shot of SHOTS) {
        const target = shot.signedOut ? await (await browser.newContext(options)).newPage() : page;
        target.context().setDefaultTimeout(STEP_TIMEOUT);
        await target.setViewportSize(shot.viewport ?? VIEWPORT);
        try {
          await shot.open(target, { base, api: (path) => api(page.request, path) });
        } catch (error) {
          throw new Error(`${shot.name} (${colorScheme}): ${error.message}`);
        }
        await target.mouse.move(0, (shot.viewport ?? VIEWPORT).height - 1);
        await target.evaluate(() => document.activeElement instanceof HTMLElement && document.activeElement.blur());
        const file = join(OUT, `${shot.name}-${colorScheme}.png`);
        const shotOptions = { animations: 'disabled', style: STEADY_CSS, fullPage: shot.fullPage === true };
        writeFileSync(file, smaller(await target.screenshot(shotOptions)));
        written.push(file);
        if (shot.signedOut) await target.context().close();
      }
      await context.close();
    };
    await Promise.all(['light', 'dark'].map(shootMode));
  } finally {
    await browser?.close();
    await server.stop();
  }
  const total = written.reduce((n, file) => n + statSync(file).size, 0);
  console.log(
    `${written.length} screenshots in docs/screenshots/ (${kb(total)}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
