#!/usr/bin/env node
// Visibility part of `npm run bench`: the cluster tree of the
// visibility profile editor over 5000 clusters (one root with 1000
// descendants, at most six levels; SEED_CLUSTERS), in headless Chromium,
// median of 5 runs, each on a fresh 'New Visibility' screen:
//   - open: a click on the Cluster tab to the tree painted;
//   - expand all: a click on Expand All to every row listed and painted;
//   - select root: a click on the checkbox of the root with 1000 descendants
//     to the selection (1001 clusters) painted;
//   - keystroke: a key in the tree filter to the filtered tree painted.
// Each is timed from the input event to the frame after the change.
import { createServer } from 'node:net';
import { launchChromium, median, startServer } from './lib/bench-util.mjs';

const RUNS = 5;
const CLUSTERS = 5000;
const ROOT_DESCENDANTS = 1000;
const GOAL_MS = 100;
const PASSWORD = process.env.SEED_PASSWORD ?? 'Passw0rd!';
const KEY = 'e';
const TREE = '[data-cluster-tree]';

/** Resolves with ms from the first `eventType` event to the tree matching `attr=value` (or appearing), painted. */
function measureInPage({ tree, attr, value, eventType }) {
  return new Promise((resolve) => {
    let start = null;
    document.addEventListener(
      eventType,
      () => {
        start ??= performance.now();
      },
      { capture: true, once: true },
    );
    const done = () => {
      const el = document.querySelector(tree);
      return start !== null && el !== null && (attr === null || el.getAttribute(attr) === value);
    };
    const observer = new MutationObserver(() => {
      if (!done()) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    window.__benchReady = true;
  });
}

async function measure(page, { attr = null, value = null, eventType, act }) {
  await page.evaluate(() => {
    window.__benchReady = false;
  });
  const result = page.evaluate(measureInPage, { tree: TREE, attr, value, eventType });
  await page.waitForFunction(() => window.__benchReady === true);
  await act();
  return result;
}

async function run(page, origin, rootName) {
  await page.goto(`${origin}/userprofile/profile/visibility/new`);
  const tab = page.getByRole('tab', { name: 'Cluster', exact: true });
  await tab.waitFor();
  const open = await measure(page, { eventType: 'pointerdown', act: () => tab.click() });

  const expandAll = await measure(page, {
    attr: 'data-rows',
    value: String(CLUSTERS),
    eventType: 'pointerdown',
    act: () => page.getByRole('button', { name: 'Expand All' }).click(),
  });
  await page.getByRole('button', { name: 'Collapse All' }).click();
  await page.waitForSelector(`${TREE}:not([data-rows="${CLUSTERS}"])`);

  // Scroll the big root into view (untimed), then tick it.
  const row = page.getByRole('treeitem', { name: new RegExp(`^${rootName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `) });
  while (!(await row.count())) await page.locator(TREE).evaluate((el) => el.scrollBy(0, 300));
  const selectRoot = await measure(page, {
    attr: 'data-selected',
    value: String(ROOT_DESCENDANTS + 1),
    eventType: 'pointerdown',
    act: () => row.locator('[data-part="select"]').first().click(),
  });

  const filter = page.getByRole('textbox', { name: 'Filter clusters' });
  await filter.focus();
  const keystroke = await measure(page, {
    attr: 'data-filter',
    value: KEY,
    eventType: 'keydown',
    act: () => page.keyboard.press(KEY),
  });
  const matching = await page.locator(TREE).getAttribute('data-rows');
  return { open, expandAll, selectRoot, keystroke, matching: Number(matching) };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

console.log(`Starting the contract server with ${CLUSTERS} clusters...`);
const server = await startServer({
  port: await freePort(),
  env: { SEED_CLUSTERS: String(CLUSTERS), SEED_USERS: '100' },
});
const browser = await launchChromium();
const results = [];
let failed = false;
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${server.origin}/userprofile/`);
  await page.getByLabel('Username', { exact: true }).fill('provider.admin');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/userprofile/user/list', { timeout: 120_000 });
  const { total, rootName } = await page.evaluate(async (descendants) => {
    const token = localStorage.getItem('user-profile.access_token');
    const r = await fetch('/userprofile/api/v1/visibility/set', { headers: { Authorization: `Bearer ${token}` } });
    const set = await r.json();
    const size = (nodes) => nodes.reduce((n, c) => n + 1 + size(c.children), 0);
    return {
      total: size(set.clusters),
      rootName: set.clusters.find((c) => size(c.children) === descendants)?.name,
    };
  }, ROOT_DESCENDANTS);
  console.log(`Clusters in the visibility set: ${total}; root with ${ROOT_DESCENDANTS} descendants: ${rootName}`);
  if (total !== CLUSTERS || !rootName) throw new Error('the bench inventory is not as seeded');

  for (let i = 0; i < RUNS; i++) {
    const r = await run(page, server.origin, rootName);
    results.push(r);
    console.log(
      `  run ${i + 1}: open ${fmt(r.open)}, expand all ${fmt(r.expandAll)}, select root ${fmt(r.selectRoot)}, ` +
        `keystroke ${fmt(r.keystroke)} (${r.matching} rows match '${KEY}')`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}

function fmt(ms) {
  return `${ms.toFixed(1)} ms`;
}

console.log(`\nCluster tree, ${CLUSTERS} clusters, median of ${RUNS} (Chromium headless):`);
for (const [name, key] of [
  ['open the Cluster tab', 'open'],
  ['Expand All', 'expandAll'],
  [`select the root of ${ROOT_DESCENDANTS}`, 'selectRoot'],
  ['keystroke in the tree filter', 'keystroke'],
]) {
  const ms = median(results.map((r) => r[key]));
  const ok = ms <= GOAL_MS;
  failed ||= !ok;
  console.log(`${ok ? 'OK  ' : 'MISS'} ${name.padEnd(32)}${fmt(ms).padStart(10)}  (goal ≤ ${GOAL_MS} ms)`);
}
process.exit(failed ? 1 : 0);
