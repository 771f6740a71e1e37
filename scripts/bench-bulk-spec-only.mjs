#!/usr/bin/env node
// Bulk Deactivate on a spec-only backend: the dev backend with
// EXTENSIONS=off and 100000 users, so POST /user/bulk answers 404 and the
// console deactivates the users one at a time through POST /user/inactivate,
// 4 in flight, with progress. The Users list in headless Chromium is filtered
// to about 1,000 users, "Select all N matching", Bulk action → Deactivate →
// confirm. Figures:
//   - time from the confirming click to the per-user result on screen (goal
//     ≤ 3 min), and how often the progress ("312 of 1,000") moved;
//   - the slowest answer to other requests meanwhile (a second caller asking
//     every 20 ms; goal ≤ 200 ms).
import { performance } from 'node:perf_hooks';
import { freePort, launchChromium, loadAverage, spread, startProbe, startServer } from './lib/bench-util.mjs';

const USERS = process.env.BENCH_BULK_USERS ?? '100000';
const TARGET = Number(process.env.BENCH_BULK_SELECTED ?? 1000);
const GOAL_MS = 3 * 60_000;
const STALL_GOAL_MS = 200;
const PASSWORD = process.env.SEED_PASSWORD ?? 'Passw0rd!';

console.log(`Starting the contract server with ${USERS} users and EXTENSIONS=off...`);
// A 100000-user seed takes minutes on a loaded machine.
const server = await startServer({
  port: await freePort(),
  env: { SEED_USERS: USERS, EXTENSIONS: 'off' },
  startTimeoutMs: 600_000,
});
const browser = await launchChromium();
let failed = false;
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: false });
  const page = await context.newPage();
  let bulkCalls = 0;
  let singleCalls = 0;
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (r.method() === 'POST' && path.endsWith('/api/v1/user/bulk')) bulkCalls++;
    if (r.method() === 'POST' && path.endsWith('/api/v1/user/inactivate')) singleCalls++;
  });
  await page.goto(`${server.origin}/userprofile/`);
  await page.getByLabel('Username', { exact: true }).fill('provider.admin');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/userprofile/user/list**', { timeout: 180_000 });
  await page.locator('[data-users-table] tbody tr').first().waitFor({ timeout: 180_000 });

  // The Email filter text whose matches come closest to TARGET users (never the signed-in admin).
  const { text, count } = await page.evaluate(
    async ({ target }) => {
      const token = localStorage.getItem('user-profile.access_token');
      const r = await fetch('/userprofile/api/v1/user/list/active', { headers: { Authorization: `Bearer ${token}` } });
      const users = await r.json();
      let best = { text: '', count: 0 };
      const letters = 'abcdefghijklmnopqrstuvwxyz';
      for (const a of letters) {
        for (const b of ['', ...letters]) {
          const t = `${a}${b}`;
          const matching = users.filter((u) => u.email.toLowerCase().includes(t));
          if (matching.some((u) => u.username === 'provider.admin')) continue;
          if (Math.abs(matching.length - target) < Math.abs(best.count - target))
            best = { text: t, count: matching.length };
        }
      }
      return best;
    },
    { target: TARGET },
  );
  console.log(`filter Email "${text}": ${count} matching users`);
  await page.getByRole('textbox', { name: 'Filter by Email' }).fill(text);
  await page
    .getByText(`of ${count.toLocaleString('en-US')}`)
    .first()
    .waitFor();
  await page.getByRole('checkbox', { name: 'Select the users of this page' }).check();
  await page.getByRole('button', { name: `Select all ${count.toLocaleString('en-US')} matching` }).click();
  await page.getByText(`${count.toLocaleString('en-US')} selected`).waitFor();
  await page.getByRole('button', { name: 'Bulk action' }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).waitFor();

  const caller = await startProbe(`${server.origin}/userprofile/api/v1/auth/frontendconfig`, { pauseMs: 20 });
  // How the progress moves: its text sampled every 500 ms.
  const progress = new Set();
  const sampler = setInterval(() => {
    page
      .locator('[data-bulk-progress]')
      .textContent({ timeout: 100 })
      .then((t) => t && progress.add(t))
      .catch(() => {});
  }, 500);

  await page.evaluate(() => performance.clearMarks('users:bulk-result'));
  const clickedAt = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const button = [...document.querySelectorAll('[role=alertdialog] button')].find(
          (b) => b.textContent === 'Deactivate',
        );
        button.addEventListener('click', () => resolve(performance.now()), { capture: true, once: true });
        setTimeout(() => button.click(), 0);
      }),
  );
  await page.waitForFunction(() => performance.getEntriesByName('users:bulk-result').length > 0, null, {
    timeout: 3_600_000,
    polling: 1000,
  });
  const ms = await page.evaluate(
    (start) => performance.getEntriesByName('users:bulk-result')[0].startTime - start,
    clickedAt,
  );
  const { times } = await caller.stop();
  const slowest = Math.max(...times);
  clearInterval(sampler);
  const summary = (await page.locator('[data-bulk-result] p').first().textContent()) ?? '';

  console.log(
    `deactivate ${count} users through the single-user calls (${USERS} in the store, EXTENSIONS=off): result on screen ${(ms / 1000).toFixed(1)} s (goal <= ${GOAL_MS / 1000} s)${ms > GOAL_MS ? '  ABOVE GOAL' : ''}`,
  );
  console.log(`  result: ${summary}`);
  console.log(`  calls: POST /user/bulk ${bulkCalls} (refused once), POST /user/inactivate ${singleCalls}`);
  console.log(`  progress seen ${progress.size} times, e.g. ${[...progress].slice(0, 3).join(' | ')}`);
  console.log(
    `slowest of ${times.length} other requests meanwhile: ${slowest.toFixed(0)} ms (${spread(times)}; goal <= ${STALL_GOAL_MS} ms)${slowest > STALL_GOAL_MS ? '  ABOVE GOAL' : ''}`,
  );
  console.log(loadAverage());
  if (!/deactivated/.test(summary) || bulkCalls > 1) failed = true;
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await browser.close();
  await server.stop();
}
process.exit(failed ? 1 : 0);
