#!/usr/bin/env node
// Server part of `npm run bench`, two measurements on loopback:
//
// 1. Authenticated small GETs beside a bare Fastify route: requests
//    per second of GET /location/list, /errigalCustomerCompany/list and /me
//    with a bearer token, as the console sends them, and of a public GET
//    (/auth/jwks), each next to a bare Fastify route (scripts/lib/bare-fastify.mjs)
//    that gets the same request (token, cookie) and writes the same answer:
//    the same body and the same headers (security headers included), so the
//    difference is what the server does per request, not what it sends.
//    Measured with wrk (installed when missing, else autocannon), the same
//    settings for both, BENCH_ROUNDS rounds (default 3) of BENCH_WRK_SECONDS
//    (default 5) per call; prints the medians (of the rates, and of each
//    round's back-to-back ratio) and the machine's load average.
//    Goal: at least half the bare route's rate.
// 2. The contract server against Prism (a mock of the same document): requests per second
//    and p99 latency, with autocannon, of
//      GET  /userprofile/api/v1/user/list/active  with 1000 and 100000 seeded users,
//      POST /userprofile/api/v1/user/update       (an unchanged save of one user),
//    against the contract server and, in the same run, Stoplight Prism mocking
//    the same OpenAPI document with the same calls. Prints the ratio (goal: 10×).
//    BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 10) tune it.
//
// BENCH_SERVER=auth or BENCH_SERVER=prism runs only one of them.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import {
  freePort,
  load,
  loadAverage,
  loadTool,
  median,
  root,
  signIn,
  startServer,
  xsrfHeaders,
} from './lib/bench-util.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS) || 10;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS) || 10;

async function startPrism(port) {
  const child = spawn(
    join(root, 'node_modules/.bin/prism'),
    ['mock', join(root, 'openapi/userprofile.yaml'), '-p', String(port), '-h', '127.0.0.1'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Prism did not start in time')), 120_000);
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('Prism is listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`Prism exited with ${code}`)));
  });
  // Prism logs every request; drain it so the pipe never blocks.
  child.stdout.resume();
  return {
    // Prism serves the document's paths without the server URL's /userprofile prefix.
    origin: `http://127.0.0.1:${port}`,
    prefix: '',
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

// Every call asks for what a browser accepts, for both servers alike.
const BROWSER_ACCEPT = { 'accept-encoding': 'gzip, deflate, br, zstd' };

async function measure(label, { url, method = 'GET', headers: callHeaders = {}, body, connections = CONNECTIONS }) {
  const headers = { ...BROWSER_ACCEPT, ...callHeaders };
  // One warm-up call first: the server builds and caches a list on its first request.
  const warm = await fetch(url, { method, headers, body });
  await warm.arrayBuffer();
  const result = await autocannon({ url, method, headers, body, connections, duration: SECONDS, timeout: 60 });
  const ok = result['2xx'];
  if (ok === 0 || result.non2xx > 0)
    throw new Error(`${label}: ${result.non2xx} non-2xx answers of ${ok + result.non2xx}`);
  return { label, rps: result.requests.average, p99: result.latency.p99, bytes: result.throughput.average };
}

function row(name, ours, prism) {
  const ratio = ours.rps / prism.rps;
  return `${name.padEnd(38)} ${ours.rps.toFixed(0).padStart(8)} req/s  p99 ${String(ours.p99).padStart(5)} ms | Prism ${prism.rps
    .toFixed(0)
    .padStart(
      7,
    )} req/s  p99 ${String(prism.p99).padStart(5)} ms | ${ratio.toFixed(1)}× ${ratio >= 10 ? '(goal met)' : '(goal 10×)'}`;
}

async function benchServer(users, calls) {
  const server = await startServer({ env: { SEED_USERS: String(users) } });
  try {
    const token = await signIn(server.origin, 'provider.admin');
    const auth = { authorization: `Bearer ${token}`, algorithm: 'RSA256' };
    const xsrf = await xsrfHeaders(server.origin);
    const out = {};
    for (const call of calls) {
      const setup = call.setup ? await call.setup(server.origin, auth) : {};
      out[call.name] = await measure(`${call.name} (${users} users)`, {
        url: `${server.origin}/userprofile${call.path}`,
        method: call.method,
        // As a browser sends it: the cross-site request cookie always, its header on POST.
        headers: { ...auth, ...xsrf, ...(call.method === 'POST' ? { 'content-type': 'application/json' } : {}) },
        body: setup.body,
        // A 100000-user list is ~70 MB: a few connections saturate loopback already.
        connections: users > 10000 ? 2 : CONNECTIONS,
      });
    }
    return out;
  } finally {
    await server.stop();
  }
}

/** An unchanged save of a seeded user, as the user form sends it. */
async function userUpdateBody(origin, auth) {
  const list = await (await fetch(`${origin}/userprofile/api/v1/user/list/active`, { headers: auth })).json();
  const user = list.find((u) => u.username.includes('.') && !u.username.endsWith('admin') && u.businessProfile);
  const full = await (await fetch(`${origin}/userprofile/api/v1/user/${user.uuid}`, { headers: auth })).json();
  return { body: JSON.stringify({ user: full }) };
}

const LIST = { name: 'GET /user/list/active', path: '/api/v1/user/list/active' };
const UPDATE = { name: 'POST /user/update', path: '/api/v1/user/update', method: 'POST', setup: userUpdateBody };

async function benchAgainstPrism() {
  console.log(
    `\n## The contract server against Prism\nautocannon: ${CONNECTIONS} connections, ${SECONDS} s per call, loopback\n`,
  );
  const small = await benchServer(1000, [LIST, UPDATE]);
  const large = await benchServer(100000, [LIST]);

  const prism = await startPrism(await freePort());
  let prismList;
  let prismUpdate;
  try {
    const auth = { authorization: 'Bearer bench' };
    prismList = await measure('Prism list', { url: `${prism.origin}${LIST.path}`, headers: auth });
    // The same body the contract server got (Prism validates it against the document).
    const serverForBody = await startServer({ env: { SEED_USERS: '1000' } });
    let body;
    try {
      const token = await signIn(serverForBody.origin, 'provider.admin');
      body = (await userUpdateBody(serverForBody.origin, { authorization: `Bearer ${token}` })).body;
    } finally {
      await serverForBody.stop();
    }
    prismUpdate = await measure('Prism update', {
      url: `${prism.origin}${UPDATE.path}`,
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body,
    });
  } finally {
    await prism.stop();
  }

  console.log(row('GET /user/list/active, 1000 users', small[LIST.name], prismList));
  console.log(row('GET /user/list/active, 100000 users', large[LIST.name], prismList));
  console.log(row('POST /user/update, 1000 users', small[UPDATE.name], prismUpdate));
  console.log(
    `\nPrism answers the document's example (one generated user), the contract server the real list (gzip on the wire): ` +
      `${(small[LIST.name].bytes / small[LIST.name].rps / 1024).toFixed(0)} KB per answer with 1000 users, ` +
      `${(large[LIST.name].bytes / large[LIST.name].rps / 1024 / 1024).toFixed(1)} MB with 100000.`,
  );
}

// ------------------------------------------------ authenticated calls vs bare

const ROUNDS = Number(process.env.BENCH_ROUNDS) || 3;
const WRK_SECONDS = Number(process.env.BENCH_WRK_SECONDS) || 5;
/** Small answers, each behind the bearer token, as the console calls them. */
const SMALL_GETS = [
  { name: 'GET /location/list', path: '/api/v1/location/list', auth: true },
  { name: 'GET /errigalCustomerCompany/list', path: '/api/v1/errigalCustomerCompany/list', auth: true },
  { name: 'GET /me', path: '/api/v1/me', auth: true },
  // A bearer-token client that keeps no cookies: it must not be handed a new one each call.
  { name: 'GET /me, no cookie', path: '/api/v1/me', auth: true, cookieless: true },
  { name: 'GET /auth/jwks (public)', path: '/api/v1/auth/jwks', auth: false },
];

/** Headers Node writes for any answer (framing, date, connection): the bare server writes its own. */
const FRAMING_HEADERS = new Set(['content-length', 'transfer-encoding', 'date', 'connection', 'keep-alive']);

/** The headers of an answer of ours that the bare route repeats, so both put the same bytes on the wire. */
function answerHeaders(res) {
  return Object.fromEntries([...res.headers].filter(([name]) => !FRAMING_HEADERS.has(name)));
}

/** Starts scripts/lib/bare-fastify.mjs serving `answers`. */
async function startBare(answers) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-bare-'));
  const file = join(dir, 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'scripts/lib/bare-fastify.mjs'), String(port), file], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`bare Fastify exited with ${code}`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function benchAuthenticatedCalls() {
  const tool = loadTool();
  console.log(
    `\n## Authenticated small GETs beside a bare Fastify route sending the same bytes (body and headers)\n` +
      `${tool}: ${CONNECTIONS} connections, ${WRK_SECONDS} s per call, median of ${ROUNDS} rounds, loopback`,
  );
  const loadBefore = loadAverage();
  const server = await startServer({ env: { SEED_USERS: '1000' } });
  let bare;
  try {
    const token = await signIn(server.origin, 'provider.admin');
    // As the console sends them: its Algorithm header, and the cross-site request cookie it holds.
    const { cookie } = await xsrfHeaders(server.origin);
    const bearer = { authorization: `Bearer ${token}`, algorithm: 'RSA256' };
    const answers = [];
    for (const call of SMALL_GETS) {
      const headers = { ...(call.auth ? bearer : {}), ...(call.cookieless ? {} : { cookie }) };
      // Uncompressed, as wrk asks (fetch would otherwise ask for gzip and unzip it).
      const res = await fetch(`${server.origin}/userprofile${call.path}`, {
        headers: { ...headers, 'accept-encoding': 'identity' },
      });
      if (!res.ok) throw new Error(`${call.name}: ${res.status} ${await res.text()}`);
      call.headers = headers;
      call.bare = `/bare${call.cookieless ? '-cookieless' : ''}${call.path}`;
      answers.push({ path: call.bare, headers: answerHeaders(res), body: await res.text() });
      call.bytes = Buffer.byteLength(answers.at(-1).body);
    }
    bare = await startBare(answers);
    const rates = new Map(SMALL_GETS.map((call) => [call, { ours: [], bare: [] }]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const call of SMALL_GETS) {
        const common = { seconds: WRK_SECONDS, connections: CONNECTIONS };
        const ours = await load(tool, {
          url: `${server.origin}/userprofile${call.path}`,
          headers: call.headers,
          ...common,
        });
        // The same request bytes to both: the bare route reads and ignores the token and cookie.
        const plain = await load(tool, { url: `${bare.origin}${call.bare}`, headers: call.headers, ...common });
        rates.get(call).ours.push(ours.rps);
        rates.get(call).bare.push(plain.rps);
      }
    }
    console.log('');
    for (const call of SMALL_GETS) {
      const { ours, bare: plain } = rates.get(call);
      // Each round measures the two back to back, so its ratio is the fairer figure on a busy machine.
      const ratio = median(ours.map((rate, i) => rate / plain[i]));
      const goal = call.auth ? (ratio >= 0.5 ? ' (goal ≥ 0.50: met)' : ' (goal ≥ 0.50: not met)') : '';
      const rounds = (rates) => rates.map((r) => r.toFixed(0)).join(', ');
      console.log(
        `${call.name.padEnd(34)} ${String(call.bytes).padStart(5)} B ${median(ours).toFixed(0).padStart(6)} req/s | ` +
          `bare Fastify ${median(plain).toFixed(0).padStart(6)} req/s | ${ratio.toFixed(2)} of bare${goal}`,
      );
      console.log(`${''.padEnd(42)}rounds: ${rounds(ours)} | bare: ${rounds(plain)}`);
    }
    console.log(`\nMachine load before: ${loadBefore}; after: ${loadAverage()}`);
  } finally {
    await bare?.stop();
    await server.stop();
  }
}

const which = process.env.BENCH_SERVER;
if (which !== 'prism') await benchAuthenticatedCalls();
if (which !== 'auth') await benchAgainstPrism();
