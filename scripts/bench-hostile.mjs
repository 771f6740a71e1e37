#!/usr/bin/env node
// Hostile part of `npm run bench`: the peak memory (RSS) of the
// conformance check against a 1 GiB answer and of the validating proxy
// (`npm start` with USERPROFILE_BACKEND) against a 256 MiB answer, each also
// against a gzip bomb of the same inflated size, all served by a local hostile
// server. Goal: at most 300 MiB each. Prints the reason each gives.
//
// Then the console against a backend whose users list carries a first name of
// 24 MiB (BENCH_HOSTILE_NAME_MIB): the dev backend behind a front that writes
// the name into its answer, behind `npm start` in proxy mode (an answer too
// large for the proxy's check goes through unchecked, as it would from a broken
// backend). In Chromium, from Sign In to the users list painted and a second
// after: the longest main-thread task (Long Tasks API). Goal: at most 200 ms.
// BENCH_HOSTILE_ONLY=console runs this part alone.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createConsoleFront, longestTaskAfterSignIn } from './lib/bench-hostile-console.mjs';
import { launchChromium, loadAverage, root, signIn, startServer, xsrfHeaders } from './lib/bench-util.mjs';

const MiB = 1024 * 1024;
const API = '/userprofile/api/v1';

/** The largest resident set (VmHWM) of any process in the tree under pid, in bytes. */
function peakOfTree(pid) {
  let peak = 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    peak = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    for (const child of children) peak = Math.max(peak, peakOfTree(Number(child)));
  } catch {}
  return peak;
}

/** Polls the tree's peak until stopped (VmHWM only grows; the last reading before exit is kept). */
function watch(pid) {
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, peakOfTree(pid));
  }, 50);
  return () => {
    clearInterval(timer);
    return Math.max(peak, peakOfTree(pid));
  };
}

// 1 MiB of list items, sent again and again: a JSON list of the size asked for.
const item = '{"uuid":"6f1c1f0e-3b8a-4d52-9a57-2f3c5f0b7d10","name":"x"},';
const block = Buffer.from(item.repeat(Math.floor(MiB / item.length)));
// A gzip member of 16 MiB of spaces (about 16 KB): members one after another inflate to their sum.
const member = gzipSync(Buffer.alloc(16 * MiB, ' '));

function send(res, total, chunk) {
  let sent = 0;
  const more = () => {
    while (sent < total) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', more);
    }
    res.end();
  };
  res.on('close', () => {
    sent = total;
  });
  more();
}

let size = 0;
const hostile = createServer((req, res) => {
  const path = (req.url ?? '').split('?', 1)[0];
  if (path === `${API}/location/list`) {
    res.writeHead(200, { 'content-type': 'application/json' });
    return send(res, size, block);
  }
  if (path === `${API}/cluster/list`) {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    return send(res, (size / (16 * MiB)) * member.length, member);
  }
  if (path === `${API}/me` || path.endsWith('/config.json') || path.endsWith('/frontendconfig')) {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end('{}');
  }
  res.writeHead(404, { 'content-type': 'application/json' });
  res.end('{"statusCode":404,"error":"Not Found","message":"Not Found"}');
});
await new Promise((done) => hostile.listen(0, '127.0.0.1', done));
const target = `http://127.0.0.1:${hostile.address().port}`;
const mib = (bytes) => `${(bytes / MiB).toFixed(0)} MiB`;

console.log(`${loadAverage()} (before)\n`);
const ONLY = process.env.BENCH_HOSTILE_ONLY;
let failed = false;
if (ONLY !== 'console') await checkAndProxy();
else hostile.close();
if (ONLY === undefined || ONLY === 'console') await theConsole();

async function checkAndProxy() {
  // ------------------------------------------------------------------ the check
  size = 1024 * MiB;
  const dir = mkdtempSync(join(tmpdir(), 'bench-hostile-'));
  const started = Date.now();
  const check = spawn(
    process.execPath,
    [
      join(root, 'node_modules/tsx/dist/cli.mjs'),
      'packages/contract/src/cli.ts',
      '--target',
      target,
      '--token',
      'a.b.c',
      '--timeout',
      '600000',
      '-q',
      '--json',
      join(dir, 'report.json'),
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const stopCheck = watch(check.pid);
  const code = await new Promise((done) => check.on('close', done));
  const checkPeak = stopCheck();
  const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
  const reasonOf = (id) =>
    report.operations
      .find((o) => o.operationId === id)
      ?.violations.map((v) => v.reason)
      .join('; ') ?? '(none)';
  console.log(
    `check against a 1 GiB answer and a 1 GiB gzip bomb: exit ${code} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(`  peak RSS ${mib(checkPeak)} (goal <= 300 MiB)`);
  console.log(`  GET /location/list (1 GiB): ${reasonOf('listLocations')}`);
  console.log(`  GET /cluster/list (gzip, 1 GiB inflated): ${reasonOf('listClusters')}\n`);

  // ------------------------------------------------------------------ the proxy
  size = 256 * MiB;
  const proxy = await startServer({ env: { USERPROFILE_BACKEND: target } });
  try {
    const stopProxy = watch(proxy.pid);
    for (const [label, path, headers] of [
      ['256 MiB answer', `${API}/location/list`, {}],
      ['256 MiB gzip bomb', `${API}/cluster/list`, { 'accept-encoding': 'gzip' }],
    ]) {
      const t0 = Date.now();
      const res = await fetch(proxy.origin + path, { headers });
      let firstByte = 0;
      let bytes = 0;
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        firstByte ||= Date.now() - t0;
        bytes += value.length;
      }
      console.log(
        `proxy, ${label}: ${res.status}, ${mib(bytes)} through (as received) in ${((Date.now() - t0) / 1000).toFixed(1)} s, first byte after ${firstByte} ms`,
      );
      console.log(`  x-contract-unchecked: ${res.headers.get('x-contract-unchecked')}`);
    }
    console.log(`  peak RSS of the proxy ${mib(stopProxy())} (goal <= 300 MiB)`);
  } finally {
    await proxy.stop();
    hostile.close();
  }
}

async function theConsole() {
  const nameMiB = Number(process.env.BENCH_HOSTILE_NAME_MIB) || 24;
  const backend = await startServer();
  const front = await createConsoleFront(backend.origin, nameMiB * MiB);
  const proxy = await startServer({ env: { USERPROFILE_BACKEND: front.origin } });
  const browser = await launchChromium();
  try {
    // The backend lets the console client come back to the proxy's page, as its ERRIGAL_ADMIN would.
    const token = await signIn(backend.origin, 'provider.admin');
    const auth = {
      authorization: `Bearer ${token}`,
      algorithm: 'RSA256',
      'content-type': 'application/json',
      ...(await xsrfHeaders(backend.origin)),
    };
    const api = (path, init = {}) => fetch(`${backend.origin}${API}${path}`, { headers: auth, ...init });
    const { clientId } = await (await api('/auth/frontendconfig')).json();
    const client = await (await api(`/authClient/get/${clientId}`)).json();
    const allowed = await api('/authClient/update', {
      method: 'POST',
      body: JSON.stringify({ ...client, allowedRedirectTarget: `${proxy.origin}/userprofile/selfcallback` }),
    });
    if (!allowed.ok) throw new Error(`the console client redirect: ${allowed.status} ${await allowed.text()}`);
    const { longest, tasks, unchecked } = await longestTaskAfterSignIn(browser, proxy.origin);
    const ok = longest <= 200;
    failed ||= !ok;
    console.log(`console, a ${nameMiB} MiB first name in the users list through the proxy:`);
    console.log(`  the proxy's check on that answer: ${unchecked ?? 'checked'}`);
    console.log(
      `  ${ok ? 'OK  ' : 'MISS'} longest main-thread task ${Math.round(longest)} ms (goal <= 200 ms); ${tasks} long tasks`,
    );
  } finally {
    await browser.close();
    await proxy.stop();
    await front.stop();
    await backend.stop();
  }
}
console.log(`\n${loadAverage()} (after)`);
process.exit(failed ? 1 : 0);
