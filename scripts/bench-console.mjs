#!/usr/bin/env node
// Console part of `npm run bench` (issue 5): gzip size of the JavaScript the
// login page loads and of the whole build, and the time from navigation to a
// usable Sign In button in headless Chromium (median of 5 cold loads).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { kb, launchChromium, median, root, startServer } from './lib/bench-util.mjs';

const RUNS = 5;
const LOGIN_BUDGET = 200 * 1024;
const dist = join(root, 'packages/web/dist');

function jsFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.js'))
    .map((e) => join(e.parentPath, e.name));
}
const buildGzip = jsFiles(dist).reduce((sum, f) => sum + gzipSync(readFileSync(f)).length, 0);

const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 8190) });
const browser = await launchChromium();
const times = [];
let loginScripts = new Map();
try {
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Map();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => null);
      if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body).length);
    });
    const started = Date.now();
    await page.goto(`${server.origin}/userprofile/`);
    const signIn = page.getByRole('button', { name: 'Sign In' });
    await signIn.waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForFunction(() =>
      [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Sign In' && !b.disabled),
    );
    times.push(Date.now() - started);
    await page.waitForLoadState('networkidle');
    loginScripts = scripts;
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

const loginGzip = [...loginScripts.values()].reduce((a, b) => a + b, 0);
console.log(`Console build: all JavaScript ${kb(buildGzip)} gzip (${jsFiles(dist).length} files)`);
console.log(`Login page JavaScript: ${kb(loginGzip)} gzip in ${loginScripts.size} files (budget ${kb(LOGIN_BUDGET)})`);
for (const [path, size] of [...loginScripts].sort((a, b) => b[1] - a[1]))
  console.log(`  ${kb(size).padStart(9)}  ${path}`);
console.log(
  `Navigation to a usable Sign In button: median ${median(times)} ms of ${RUNS} (${times.join(', ')} ms), from /userprofile/ through the sign-in redirect`,
);
console.log(`Login page JavaScript within budget: ${loginGzip <= LOGIN_BUDGET ? 'yes' : 'NO'}`);
