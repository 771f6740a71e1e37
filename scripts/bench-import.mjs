#!/usr/bin/env node
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { buildApp } from '../packages/contract-server/src/app.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS) || 50_000;
const app = await buildApp({
  publicOrigin: 'http://127.0.0.1',
  seedUsers: 300,
  webDist: null,
  storage: { dataDir: process.env.BENCH_IMPORT_DATA_DIR || null },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const origin = `http://127.0.0.1:${app.server.address().port}`;
const token = await app.auth.issueTokenFor('provider.admin');
const xsrf = app.auth.xsrfToken();

const lines = ['username,email,firstName,lastName,active,businessProfile,visibilityProfile,minimumRole'];
for (let i = 0; i < ROWS; i++) {
  lines.push(`bulk.user${i},bulk.user${i}@example.com,Bulk,User ${i},true,Planning Analysts,National Visibility,ADMIN`);
}
const csv = `${lines.join('\r\n')}\r\n`;

async function importOnce() {
  const form = new FormData();
  form.append('users', new Blob([csv], { type: 'text/csv' }), 'users.csv');
  const started = performance.now();
  const res = await fetch(`${origin}/userprofile/api/v1/user/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: form,
  });
  const body = await res.text();
  return { status: res.status, body: body.slice(0, 200), ms: performance.now() - started };
}

// Timer probe: the longest gap between two 5 ms ticks, minus the 5 ms.
let last = performance.now();
let longestGap = 0;
const probe = setInterval(() => {
  const now = performance.now();
  longestGap = Math.max(longestGap, now - last - 5);
  last = now;
}, 5);
const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();
// A second caller over the socket.
let slowest = 0;
let answered = 0;
let asking = true;
const caller = (async () => {
  while (asking) {
    const t0 = performance.now();
    await fetch(`${origin}/userprofile/api/v1/auth/frontendconfig`);
    slowest = Math.max(slowest, performance.now() - t0);
    answered++;
    await new Promise((r) => setTimeout(r, 20));
  }
})();

const result = await importOnce();
asking = false;
await caller;
clearInterval(probe);
histogram.disable();
console.log(`import of ${ROWS} rows: HTTP ${result.status} in ${result.ms.toFixed(0)} ms ${result.body}`);
console.log(`longest event-loop stall (timer probe): ${longestGap.toFixed(0)} ms`);
console.log(`longest event-loop delay (monitorEventLoopDelay max): ${(histogram.max / 1e6).toFixed(0)} ms`);
console.log(`slowest of ${answered} other requests during the import: ${slowest.toFixed(0)} ms`);
await app.close();
