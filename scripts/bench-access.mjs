#!/usr/bin/env node
// Access part of `npm run bench`, on a server seeded with 100,000
// users (BENCH_ACCESS_USERS), as provider.admin:
//   - who has it: the role held by the number of users closest to 30,000,
//     its first page (GET /app/{uuid}/holders) worked out afresh after a write
//     (median of 10), the next page (kept from the first), a new filter (?q=);
//   - check access: GET /access/check for 50 users picked across the list,
//     median and slowest;
//   - the console: from a click on that role's "Who has it" on the
//     application editor to the first page of holders painted, in headless
//     Chromium, median of 5 (after a first visit that loads the screen's code).
// Server times are answers on loopback (HTTP included), so a little above the
// server's own time. Goals: who has it <= 100 ms, painted <= 300 ms, check <= 20 ms.
// Then the console on a spec-only server of the same seed (EXTENSIONS=off) beside the console on
// the first: Check Access and Effective Access to painted (derived goal <= 50 ms each), Who Has It to its
// first page painted (derived goal <= 3 s). BENCH_ACCESS_DERIVED=off leaves it out.
import { performance } from 'node:perf_hooks';
import { launchChromium, loadAverage, median, signIn, startServer, xsrfHeaders } from './lib/bench-util.mjs';

const USERS = Number(process.env.BENCH_ACCESS_USERS) || 100_000;
const TARGET = Math.round(USERS * 0.3);
const API = '/userprofile/api/v1';
const PASSWORD = process.env.SEED_PASSWORD ?? 'Passw0rd!';
const GOALS = { holders: 100, painted: 300, check: 20, derivedCheck: 50, derivedEffective: 50, derivedHolders: 3000 };

console.log(`Starting the contract server with ${USERS} users (${loadAverage()})...`);
const server = await startServer({ env: { SEED_USERS: String(USERS) } });
const browser = await launchChromium();
let failed = false;
try {
  const token = await signIn(server.origin, 'provider.admin');
  const headers = { authorization: `Bearer ${token}`, algorithm: 'RSA256' };
  const timed = async (url, init = {}) => {
    const start = performance.now();
    const res = await fetch(`${server.origin}${API}${url}`, { ...init, headers: { ...headers, ...init.headers } });
    const body = await res.text();
    const ms = performance.now() - start;
    if (!res.ok) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`);
    return { ms, body };
  };
  const json = async (url) => JSON.parse((await timed(url)).body);

  // The role held by the number of users closest to 30% of them.
  let pick = null;
  for (const app of await json('/app/list')) {
    for (const role of app.roles) {
      const { total } = await json(`/app/${app.uuid}/holders?role=${role.uuid}&size=1`);
      if (!pick || Math.abs(total - TARGET) < Math.abs(pick.total - TARGET)) pick = { app, role, total };
    }
  }
  console.log(`Who has it: ${pick.role.name} of ${pick.app.name}, held by ${pick.total} of ${USERS} users`);
  const holdersUrl = `/app/${pick.app.uuid}/holders?role=${pick.role.uuid}`;

  // Each question's first answer is worked out (later pages come from the answer kept for it); a write
  // (a user's phone changed) makes the next answer start over, with the index rebuilt.
  const xsrf = await xsrfHeaders(server.origin);
  const someone = (await json(`${holdersUrl}&size=1`)).holders[0].user;
  const user = await json(`/user/${someone.uuid}`);
  const write = async (i) => {
    const res = await fetch(`${server.origin}${API}/user/update`, {
      method: 'POST',
      headers: { ...headers, ...xsrf, 'content-type': 'application/json' },
      body: JSON.stringify({ user: { ...user, deskPhone: `+353 1 555 ${String(1000 + i)}` } }),
    });
    if (!res.ok) throw new Error(`user/update: ${res.status} ${await res.text()}`);
  };
  const first = [];
  const filtered = [];
  const later = [];
  for (let i = 0; i < 10; i++) {
    await write(i);
    first.push((await timed(holdersUrl)).ms);
    later.push((await timed(`${holdersUrl}&page=2`)).ms);
    filtered.push((await timed(`${holdersUrl}&q=an${i}`)).ms);
  }
  const holdersMedian = median(first);
  console.log(
    `  first page (50 of ${pick.total}), worked out after a write: median ${holdersMedian.toFixed(1)} ms, slowest ${Math.max(...first).toFixed(1)} ms of 10 (goal <= ${GOALS.holders} ms)`,
  );
  console.log(`  the next page of the same question: median ${median(later).toFixed(1)} ms`);
  console.log(`  a new filter (?q=): median ${median(filtered).toFixed(1)} ms`);
  failed ||= holdersMedian > GOALS.holders;

  // Check access for users across the list.
  const everyone = [...(await json('/user/list/active')), ...(await json('/user/list/inactive'))];
  const checks = [];
  for (let i = 0; i < 50; i++) {
    const u = everyone[Math.floor((i * everyone.length) / 50)];
    checks.push((await timed(`/access/check?user=${u.uuid}&application=${pick.app.uuid}&role=${pick.role.uuid}`)).ms);
  }
  const checkMedian = median(checks);
  console.log(
    `Check access: median ${checkMedian.toFixed(1)} ms, slowest ${Math.max(...checks).toFixed(1)} ms over 50 users (goal <= ${GOALS.check} ms)`,
  );
  failed ||= checkMedian > GOALS.check;

  // The console: a click on "Who has it" to the first page painted.
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${server.origin}/userprofile/`);
  await page.getByLabel('Username', { exact: true }).fill('provider.admin');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/userprofile/user/list', { timeout: 120_000 });
  const painted = [];
  for (let i = 0; i < 6; i++) {
    // Back to the editor the way a user goes back (no page load), after the first visit.
    if (i === 0) await page.goto(`${server.origin}/userprofile/application/edit/${pick.app.uuid}`);
    else await page.getByRole('link', { name: 'Back to Application' }).click();
    await page.getByRole('tab', { name: /^Roles/ }).click();
    const link = page.getByRole('link', { name: `Who has it: ${pick.role.name}` });
    await link.waitFor();
    const result = page.evaluate(
      () =>
        new Promise((resolve) => {
          let start = null;
          document.addEventListener(
            'pointerdown',
            () => {
              start ??= performance.now();
            },
            { capture: true, once: true },
          );
          const observer = new MutationObserver(() => {
            if (start === null || !document.querySelector('[data-holders] tbody tr')) return;
            observer.disconnect();
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
          });
          observer.observe(document.body, { subtree: true, childList: true });
          window.__benchReady = true;
        }),
    );
    await page.waitForFunction(() => window.__benchReady === true);
    await link.click();
    const ms = await result;
    // The first run loads the screen's code: counted apart.
    if (i > 0) painted.push(ms);
    else console.log(`Console, first visit (loads the screen's code): ${ms.toFixed(0)} ms`);
  }
  const paintedMedian = median(painted);
  console.log(
    `Console: click on "Who has it" to the first page painted: median ${paintedMedian.toFixed(0)} ms of 5 (goal <= ${GOALS.painted} ms)`,
  );
  failed ||= paintedMedian > GOALS.painted;

  // The same questions on a spec-only backend (EXTENSIONS=off, same seed), worked out in the
  // console from spec §7 calls, beside the extensions in the console of the first server.
  if (process.env.BENCH_ACCESS_DERIVED !== 'off') {
    console.log(`Starting a spec-only server (EXTENSIONS=off) with ${USERS} users (${loadAverage()})...`);
    const specOnly = await startServer({ env: { SEED_USERS: String(USERS), EXTENSIONS: 'off' } });
    try {
      const sample = [];
      for (let i = 0; i < 10; i++) sample.push(everyone[Math.floor((i * everyone.length) / 10)]);
      for (const [label, origin] of [
        ['extension', server.origin],
        ['derived', specOnly.origin],
      ]) {
        const figures = await consoleFigures(origin, pick, sample);
        console.log(
          `Console (${label}): Check Access to the verdict painted: median ${median(figures.check).toFixed(0)} ms, slowest ${Math.max(...figures.check).toFixed(0)} ms of ${figures.check.length}; ` +
            `Effective Access tab to painted: median ${median(figures.effective).toFixed(0)} ms of ${figures.effective.length}; ` +
            `the answers themselves (painting left out): Check Access median ${median(figures.checkAnswer).toFixed(1)} ms, ` +
            `Effective Access median ${median(figures.effectiveAnswer).toFixed(1)} ms; ` +
            `Who Has It (${pick.total} holders) to the first page painted: median ${median(figures.holders).toFixed(0)} ms of ${figures.holders.length}` +
            `${figures.progress ? ', progress shown while it works' : ''} (${loadAverage()})`,
        );
        if (label === 'derived') {
          // The goal compares with the extension's 6-8 ms call: the derived answer's own time.
          failed ||=
            median(figures.checkAnswer) > GOALS.derivedCheck ||
            median(figures.effectiveAnswer) > GOALS.derivedEffective;
          failed ||= median(figures.holders) > GOALS.derivedHolders;
        }
      }
    } finally {
      await specOnly.stop();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

/** In the console at `origin` as provider.admin: in-app navigation (no page load) to each answer painted. */
async function consoleFigures(origin, pick, sample) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${origin}/userprofile/`);
  await page.getByLabel('Username', { exact: true }).fill('provider.admin');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/userprofile/user/list', { timeout: 120_000 });
  // Navigates inside the console and resolves with the ms until `selector` (holding `text`) is painted.
  const until = (url, selector, text, click) =>
    page.evaluate(
      ({ url, selector, text, click }) =>
        new Promise((resolve) => {
          let progress = false;
          const done = () => {
            if (document.querySelector('[data-deriving]')) progress = true;
            const found = document.querySelector(selector);
            return found && (!text || found.textContent.includes(text));
          };
          const start = performance.now();
          const observer = new MutationObserver(() => {
            if (!done()) return;
            observer.disconnect();
            requestAnimationFrame(() => setTimeout(() => resolve({ ms: performance.now() - start, progress }), 0));
          });
          observer.observe(document.body, { subtree: true, childList: true, characterData: true });
          if (click) document.querySelector(click).click();
          else {
            history.pushState(null, '', url);
            dispatchEvent(new PopStateEvent('popstate'));
          }
        }),
      { url, selector, text, click },
    );
  const go = (url) => until(url, 'main h1', '', null);
  // The console's own time to the answer, painting left out (lib/extensions.ts measures it): the extension's
  // call, or the answer derived from spec calls. What the extension's 6-8 ms measured before compares with.
  const answered = (id) =>
    page.evaluate(
      (id) =>
        performance
          .getEntriesByType('measure')
          .filter((m) => m.name === `${id}: answered` || m.name === `${id}: derived`)
          .at(-1)?.duration ?? Number.NaN,
      id,
    );
  const figures = { check: [], effective: [], holders: [], checkAnswer: [], effectiveAnswer: [], progress: false };
  const base = '/userprofile';
  // The first of each loads the screen's code and the lists: counted apart.
  for (const [i, u] of sample.entries()) {
    const url = `${base}/access/check?user=${u.uuid}&application=${pick.app.uuid}&role=${pick.role.uuid}`;
    const { ms } = await until(url, '[data-verdict]', u.username, null);
    if (i > 0) figures.check.push(ms);
    if (i > 0) figures.checkAnswer.push(await answered('checkAccess'));
    await go(`${base}/user/list`);
  }
  for (const [i, u] of sample.slice(0, 6).entries()) {
    await until(`${base}/user/edit/${u.uuid}`, '[role="tab"][id$="effectiveAccess"]', '', null);
    const { ms } = await until('', '[data-effective-access]', '', '[role="tab"][id$="effectiveAccess"]');
    if (i > 0) figures.effective.push(ms);
    if (i > 0) figures.effectiveAnswer.push(await answered('getEffectiveAccess'));
    await go(`${base}/user/list`);
  }
  for (let i = 0; i < 4; i++) {
    const url = `${base}/application/holders/${pick.app.uuid}?role=${pick.role.uuid}`;
    const { ms, progress } = await until(url, '[data-holders] tbody tr', '', null);
    figures.progress ||= progress;
    if (i > 0) figures.holders.push(ms);
    await go(`${base}/user/list`);
  }
  await page.close();
  return figures;
}
if (failed) console.log('Some goal was missed.');
process.exit(failed ? 1 : 0);
