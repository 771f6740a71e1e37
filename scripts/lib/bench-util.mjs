// Shared pieces of the benchmark scripts: a contract server on a spare port,
// Chromium through Playwright, an HTTP load generator (wrk), a console sign-in
// (a bearer token), and small statistics.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { CHROMIUM_LAUNCH } from './chromium.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function launchChromium() {
  const { chromium } = await import('@playwright/test');
  return chromium.launch(CHROMIUM_LAUNCH);
}

/** A TCP port nobody listens on now (several engineers bench on one machine). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the contract server (seeded with `env`; on a free port unless one is given) and resolves when it answers. */
/**
 * The cross-site request token a browser gets with the console's pages
 * (config.json is the first thing the console loads): its cookie and the
 * header a page echoes it in. The server binds it to the browser's sign-in
 * session, so a made-up value is refused.
 */
export async function xsrfHeaders(origin) {
  const r = await fetch(`${origin}/userprofile/config.json`);
  await r.arrayBuffer();
  const value = /XSRF-TOKEN=([^;]+)/.exec(r.headers.getSetCookie().join('\n'))?.[1];
  if (!value) throw new Error('config.json set no XSRF-TOKEN cookie');
  return { cookie: `XSRF-TOKEN=${value}`, 'x-xsrf-token': decodeURIComponent(value) };
}

export async function startServer({ port: wanted, env = {}, startTimeoutMs = 120_000, checkout = root } = {}) {
  const port = wanted ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'userprofile-bench-'));
  const child = spawn(
    process.execPath,
    [
      // BENCH_SERVER_PROF=<folder>: the server's CPU profile is written there when it stops.
      ...(process.env.BENCH_SERVER_PROF
        ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_SERVER_PROF, '--import', 'tsx']
        : [join(checkout, 'node_modules/tsx/dist/cli.mjs')]),
      join(checkout, 'packages/dev-backend/src/cli.ts'),
    ],
    {
      cwd: checkout,
      stdio: ['ignore', 'ignore', 'inherit'],
      // A data folder of its own, seeded afresh (never the repository's .data/).
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_ORIGIN: origin,
        DATA_DIR: dataDir,
        ...env,
      },
    },
  );
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${origin}/userprofile/config.json`);
      if (r.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('server did not start in time');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    origin,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Whether a command is on the PATH. */
function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/**
 * The HTTP load generator: wrk (Debian package `wrk`), installed here when it
 * is missing and we are root; otherwise autocannon (in this process), said so.
 */
export function loadTool() {
  if (onPath('wrk')) return 'wrk';
  if (process.getuid?.() === 0) {
    console.log('wrk is missing: installing the Debian package ...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const install = () => spawnSync('apt-get', ['install', '-y', '-qq', 'wrk'], { stdio: 'inherit', env }).status === 0;
    if (install() || (spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env }).status === 0 && install()))
      if (onPath('wrk')) return 'wrk';
  }
  console.log(
    'Note: wrk is not installed (apt-get install wrk); measuring with autocannon instead, which spends more CPU of its own.',
  );
  return 'autocannon';
}

const WRK_UNITS = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/**
 * Requests per second and p99 latency (ms) of GETs of `url` for `seconds` over
 * `connections` keep-alive connections; throws when any answer is not 2xx.
 */
export async function load(tool, { url, headers = {}, seconds, connections }) {
  if (tool === 'wrk') {
    const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '--timeout', '30s'];
    for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
    const run = spawnSync('wrk', [...args, url], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr}`);
    const out = run.stdout;
    const rps = Number(/Requests\/sec:\s*([\d.]+)/.exec(out)?.[1]);
    const p99 = /^\s*99%\s+([\d.]+)(us|ms|s|m)\s*$/m.exec(out);
    const bad = Number(/Non-2xx or 3xx responses:\s*(\d+)/.exec(out)?.[1] ?? 0);
    const errors = /Socket errors:.*/.exec(out)?.[0];
    if (bad > 0 || errors || !(rps > 0)) throw new Error(`${url}: ${bad} non-2xx answers; ${errors ?? ''}\n${out}`);
    return { rps, p99: p99 ? Number(p99[1]) * WRK_UNITS[p99[2]] : Number.NaN };
  }
  const { default: autocannon } = await import('autocannon');
  const result = await autocannon({ url, headers, connections, duration: seconds, timeout: 30 });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** The load averages over 1, 5 and 15 minutes, as `uptime` shows them, and the number of cores. */
export function loadAverage() {
  return `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')} on ${cpus().length} cores`;
}

let gc = null;
/** Heap used after a full garbage collection (the memory benches). */
export function heapUsed() {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc');
  }
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

const keepAlive = new Agent({ keepAlive: true });

/**
 * One request through node:http (kept-alive connections), its answer read to
 * the last byte: what a server costs, with a client that costs far less than
 * fetch's (undici spends ~0.5 s of this machine's CPU taking in a 28 MB
 * answer, more than a server that has the answer ready spends sending it).
 * Resolves with the status, headers, body bytes (none with `discard`) and ms to the last byte.
 */
export function rawRequest(url, { method = 'GET', headers = {}, body, discard = false } = {}) {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: keepAlive }, (res) => {
      const chunks = [];
      // discard: the bytes are counted as read, not kept (the body comes back empty).
      res.on('data', (chunk) => discard || chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const ms = performance.now() - start;
        resolve({
          status: res.statusCode,
          ok: res.statusCode < 300,
          headers: res.headers,
          body: Buffer.concat(chunks),
          ms,
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The other caller of a load bench: GET `url`, one after the other (`pauseMs` between), until stopped; posts the times. */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true });
const times = [];
let refused = 0;
let running = true;
parentPort.on('message', () => { running = false; });
const once = () => new Promise((resolve) => {
  const start = performance.now();
  const done = (ok) => { times.push(performance.now() - start); if (!ok) refused++; resolve(); };
  http.get(workerData.url, { headers: workerData.headers, agent }, (res) => {
    res.resume();
    res.on('end', () => done(res.statusCode === 200));
  }).on('error', () => done(false)); // cut (the server's request timeout): as slow as it took to learn that
});
(async () => {
  await once(); // the connection made and the code warm before the load: not a figure
  times.length = 0;
  refused = 0;
  parentPort.postMessage('ready');
  while (running) {
    await once();
    if (workerData.pauseMs) await new Promise((r) => setTimeout(r, workerData.pauseMs));
  }
  parentPort.postMessage({ times, refused });
})();
`;

/**
 * Another caller asking `url` while a bench loads the server, from a thread
 * of its own (the bench's event loop, busy with its load, would otherwise
 * delay it and count its own delay as the server's). Resolves once warm;
 * `stop()` resolves with the times (ms) and how many were refused or cut.
 */
export async function startProbe(url, { headers = {}, pauseMs = 0 } = {}) {
  const worker = new Worker(PROBE, { eval: true, workerData: { url, headers, pauseMs } });
  await new Promise((resolve) => worker.once('message', resolve));
  return {
    async stop() {
      worker.postMessage('stop');
      const result = await new Promise((resolve) => worker.once('message', resolve));
      await worker.terminate();
      return result;
    },
  };
}

/** "median 1.5, 90th 20.7, 99th 37.5; the slowest was number 12" of a list of ms. */
export function spread(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1);
  const slowest = times.indexOf(sorted[sorted.length - 1]) + 1;
  return `median ${at(0.5)}, 90th ${at(0.9)}, 99th ${at(0.99)}; the slowest was number ${slowest}`;
}

export const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const PASSWORD = process.env.SEED_PASSWORD ?? 'Passw0rd!';
const CONSOLE_CLIENT_ID = '6f1c1f0e-3b8a-4d52-9a57-2f3c5f0b7d10';

/** Signs in as a browser would (authorize with credentials, then the PKCE code exchange). */
export async function signIn(origin, username) {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const json = { 'content-type': 'application/json', ...(await xsrfHeaders(origin)) };
  const authorize = await fetch(`${origin}/userprofile/api/v1/auth/authorize`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      credentials: { username, password: PASSWORD },
      authorizeRequest: {
        client_id: CONSOLE_CLIENT_ID,
        redirect_uri: `${origin}/userprofile/selfcallback`,
        response_type: 'code',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: 'bench',
      },
    }),
  });
  if (!authorize.ok) throw new Error(`authorize: ${authorize.status} ${await authorize.text()}`);
  const code = new URL((await authorize.json()).redirectUrl).searchParams.get('code');
  const token = await fetch(`${origin}/userprofile/api/v1/auth/token`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      client_id: CONSOLE_CLIENT_ID,
      code,
      code_verifier: verifier,
      grant_type: 'authorization_code',
    }),
  });
  if (!token.ok) throw new Error(`token: ${token.status} ${await token.text()}`);
  return (await token.json()).access_token;
}
