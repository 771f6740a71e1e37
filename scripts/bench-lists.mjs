#!/usr/bin/env node
// Lists part of `npm run bench`, on a server
// seeded with 100,000 users (BENCH_LISTS_USERS), as provider.admin in
// headless Chromium at 1280×800, each figure with the load average beside it:
//   - sign-in to the first rows: from the click on Sign In to the first rows
//     of the users list painted (a new browser context each run); the first
//     run, the first sign-in after the server started, is reported apart;
//   - reload to the first rows: from the reload of /user/list to its first rows;
//   - first switch to Inactive: from the click to the inactive list's first rows;
//   - Who Has It, a filter keystroke: ALARM_OPERATOR of Snmp Manager (the role
//     most users hold), from the key pressed in its filter to the table painted
//     with the rows for the new text.
// Times are taken in the page: the first rows painted are marked there (after
// the frame that shows them), and a measure that spans a navigation is read
// against the page's own clock (performance.timeOrigin, wall-clock time like
// this process's Date.now()). Playwright's waits poll with a backoff that
// reaches 500 ms between looks, so the moment a wait returns says when it
// last looked, not when the rows came: the polled figure is printed beside.
import { launchChromium, loadAverage, median, signIn, startServer } from './lib/bench-util.mjs';

const USERS = Number(process.env.BENCH_LISTS_USERS) || 100_000;
const RUNS = Number(process.env.BENCH_LISTS_RUNS) || 3;
const PASSWORD = process.env.SEED_PASSWORD ?? 'Passw0rd!';
const GOALS = { signIn: 1500, reload: 1000, keystroke: 150 };
const ROWS = '[data-users-table] tbody tr a.username';
/** BENCH_LISTS_ONLY=holders: the Who Has It keystroke alone. */
const ONLY_HOLDERS = process.env.BENCH_LISTS_ONLY === 'holders';

const ms = (n) => `${Math.round(n)} ms`;
const PAINTED = 'bench:rows-painted';

/** In every page of the context: the first rows of the users list, marked once the frame showing them is painted. */
function markRowsPainted(selector) {
  const observer = new MutationObserver(() => {
    if (!document.querySelector(selector)) return;
    observer.disconnect();
    // A task queued from an animation frame runs once that frame is painted.
    requestAnimationFrame(() => setTimeout(() => performance.mark('bench:rows-painted'), 0));
  });
  document.addEventListener('DOMContentLoaded', () =>
    observer.observe(document.body, { childList: true, subtree: true }),
  );
}

/** When the page marked its first rows painted, in this process's clock (the page's timeOrigin is wall-clock time). */
async function rowsPaintedAt(page) {
  await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, PAINTED, { polling: 'raf' });
  return page.evaluate((name) => performance.timeOrigin + performance.getEntriesByName(name)[0].startTime, PAINTED);
}
const lines = [];
const report = (text) => {
  const line = `${text}  [${loadAverage()}]`;
  lines.push(line);
  console.log(line);
};

console.log(`Starting the contract server with ${USERS} users (${loadAverage()})...`);
const server = await startServer({ env: { SEED_USERS: String(USERS) } });
const browser = await launchChromium();
let failed = false;
try {
  // --- sign-in, reload and the first switch to Inactive
  const signIns = [];
  const reloads = [];
  const switches = [];
  for (let i = 0; i < (ONLY_HOLDERS ? 0 : RUNS); i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(markRowsPainted, ROWS);
    const page = await context.newPage();
    await page.goto(`${server.origin}/userprofile/`);
    await page.getByLabel('Username', { exact: true }).fill('provider.admin');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    const started = Date.now();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForSelector(ROWS, { timeout: 120_000 });
    const signInPolled = Date.now() - started;
    signIns.push((await rowsPaintedAt(page)) - started);
    report(`  run ${i + 1}: sign-in to the first rows ${ms(signIns.at(-1))} (a poll saw them at ${ms(signInPolled)})`);
    // Let the rest of the list arrive before the reload.
    await page.waitForSelector('[data-users-complete]', { timeout: 120_000 }).catch(() => undefined);
    await page.waitForTimeout(500);
    const reloaded = Date.now();
    await page.reload({ waitUntil: 'commit' });
    await page.waitForSelector(ROWS, { timeout: 120_000 });
    const reloadPolled = Date.now() - reloaded;
    reloads.push((await rowsPaintedAt(page)) - reloaded);
    report(`  run ${i + 1}: reload to the first rows ${ms(reloads.at(-1))} (a poll saw them at ${ms(reloadPolled)})`);
    await page.waitForSelector('[data-users-complete]', { timeout: 120_000 }).catch(() => undefined);
    await page.waitForTimeout(500);
    const first = await page.locator(ROWS).first().textContent();
    const switched = Date.now();
    await page.getByRole('button', { name: 'Inactive', exact: true }).click();
    await page.waitForFunction(
      ([selector, before]) => {
        const a = document.querySelector(selector);
        return a && a.textContent !== before;
      },
      [ROWS, first],
      { timeout: 120_000, polling: 'raf' },
    );
    switches.push(Date.now() - switched);
    report(`  run ${i + 1}: first switch to Inactive ${ms(switches.at(-1))}`);
    await context.close();
  }

  // --- Who Has It: a keystroke in the filter
  const token = await signIn(server.origin, 'provider.admin');
  const apps = await (
    await fetch(`${server.origin}/userprofile/api/v1/app/list`, {
      headers: { authorization: `Bearer ${token}`, algorithm: 'RSA256' },
    })
  ).json();
  // The worst case of the seed: ALARM_OPERATOR (85,136 of 100,000 users hold it).
  const app = apps.find((a) => a.roles.some((r) => r.name === 'ALARM_OPERATOR')) ?? apps[0];
  const role = app.roles.find((r) => r.name === 'ALARM_OPERATOR') ?? app.roles[0];
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${server.origin}/userprofile/`);
  await page.getByLabel('Username', { exact: true }).fill('provider.admin');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/userprofile/user/list', { timeout: 120_000 });
  const holdersUrl = `${server.origin}/userprofile/application/holders/${app.uuid}?role=${role.uuid}`;
  const keystrokes = [];
  const box = page.getByLabel('Filter by user or profile');
  for (let i = 0; i < RUNS; i++) {
    await page.goto(holdersUrl);
    await page.waitForSelector('[data-holders] tbody tr[data-holder]', { timeout: 120_000 });
    // The whole holder set in the browser; a console without it is measured as it is.
    await page.waitForSelector('[data-holders-complete]', { timeout: 120_000 }).catch(() => undefined);
    await box.focus();
    // Each key of a word: from its keydown to the table showing other rows than before, painted. Not a
    // letter of the company names every profile cell holds ('Communications'): every row would still match,
    // the rows would not change, and the keystroke would read as never answered. 'j', then 'jo', narrow.
    for (const key of ['j', 'o']) {
      const result = page.evaluate(
        () =>
          new Promise((resolve) => {
            const shown = () =>
              [...document.querySelectorAll('[data-holders] tbody tr[data-holder]')]
                .map((r) => r.getAttribute('data-holder'))
                .join(',');
            const before = shown();
            let start = null;
            document.addEventListener(
              'keydown',
              () => {
                start ??= performance.now();
              },
              { capture: true, once: true },
            );
            const observer = new MutationObserver(() => {
              const now = shown();
              if (start === null || now === '' || now === before) return;
              observer.disconnect();
              requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
            });
            observer.observe(document.body, { subtree: true, childList: true, attributes: true });
            // A keystroke that never changes the rows is reported as 120 s rather than waited for.
            setTimeout(() => resolve(120_000), 120_000);
            window.__benchReady = true;
          }),
      );
      await page.waitForFunction(() => window.__benchReady === true);
      await page.evaluate(() => {
        window.__benchReady = false;
      });
      await page.keyboard.press(key);
      keystrokes.push(await result);
      report(`  run ${i + 1}: Who Has It (${role.name}), keystroke '${key}' ${ms(keystrokes.at(-1))}`);
    }
  }
  await context.close();

  console.log(`\nLists, ${USERS} seeded users, median of ${RUNS} (Chromium headless, 1280×800):`);
  const rows = [
    ...(ONLY_HOLDERS
      ? []
      : [
          // The first sign-in after the start apart: the server's first list answer is made then (or ahead of it).
          ['first sign-in after the start, to the first rows', signIns[0], GOALS.signIn],
          ['sign-in to the first rows, later runs', median(signIns.slice(1)), GOALS.signIn],
          ['reload to the first rows', median(reloads), GOALS.reload],
          ['first switch to Inactive', median(switches), null],
        ]),
    [`Who Has It filter keystroke (${role.name} of ${app.name})`, median(keystrokes), GOALS.keystroke],
  ];
  for (const [name, value, goal] of rows) {
    const ok = goal === null || value <= goal;
    failed ||= !ok;
    report(
      `${goal === null ? '    ' : ok ? 'OK  ' : 'MISS'} ${name}: ${ms(value)}${goal ? ` (goal ≤ ${goal} ms)` : ''}`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
process.exit(failed ? 1 : 0);
