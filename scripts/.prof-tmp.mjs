import { launchChromium, startServer } from './lib/bench-util.mjs';
const server = await startServer({ port: 8213, env: { SEED_USERS: '100000' } });
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${server.origin}/userprofile/`);
  await page.getByLabel('Username', { exact: true }).fill('provider.admin');
  await page.getByLabel('Password', { exact: true }).fill('Passw0rd!');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/userprofile/user/list', { timeout: 120000 });
  await page.waitForFunction(() => performance.getEntriesByName('users:sort-orders-ready').length > 0, null, { timeout: 120000 });
  await page.waitForTimeout(1000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await page.focus('input[aria-label="Filter by Username"]');
  for (const key of ['e', 'x']) {
    await cdp.send('Profiler.start');
    const t0 = Date.now();
    await page.keyboard.press(key);
    await page.waitForFunction((k) => document.querySelector('[data-users-table]').getAttribute('data-filter-username').endsWith(k), key);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    console.log('elapsed', Date.now() - t0);
    const { profile } = await cdp.send('Profiler.stop');
    const self = new Map();
    const dt = profile.timeDeltas; const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    profile.samples.forEach((id, i) => { const n = byId.get(id); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`; self.set(k, (self.get(k) ?? 0) + (dt[i] ?? 0) / 1000); });
    console.log([...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${v.toFixed(1).padStart(7)} ms ${k}`).join('\n'));
  }
} finally { await browser.close(); await server.stop(); }
