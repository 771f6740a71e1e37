#!/usr/bin/env node
// Server part of `npm run bench` (issue 3 item 7): requests per second and
// p99 latency, measured with autocannon on loopback, of
//   GET  /userprofile/api/v1/user/list/active  with 1000 and 100000 seeded users,
//   POST /userprofile/api/v1/user/update       (an unchanged save of one user),
// against the contract server and, in the same run, Stoplight Prism mocking
// the same OpenAPI document with the same calls. Prints the ratio (goal: 10×).
// BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 10) tune a run.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { root, startServer } from './lib/bench-util.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS) || 10;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS) || 10;
const PASSWORD = process.env.SEED_PASSWORD ?? 'Passw0rd!';
const CONSOLE_CLIENT_ID = '6f1c1f0e-3b8a-4d52-9a57-2f3c5f0b7d10';
const XSRF = randomBytes(16).toString('hex');
const xsrfHeaders = { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };

/** Signs in as a browser would (authorize with credentials, then the PKCE code exchange). */
async function signIn(origin, username) {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const json = { 'content-type': 'application/json', ...xsrfHeaders };
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
  const server = await startServer({ port: 18180, env: { SEED_USERS: String(users) } });
  try {
    const token = await signIn(server.origin, 'provider.admin');
    const auth = { authorization: `Bearer ${token}`, algorithm: 'RSA256' };
    const out = {};
    for (const call of calls) {
      const setup = call.setup ? await call.setup(server.origin, auth) : {};
      out[call.name] = await measure(`${call.name} (${users} users)`, {
        url: `${server.origin}/userprofile${call.path}`,
        method: call.method,
        // As a browser sends it: the cross-site request cookie always, its header on POST.
        headers: { ...auth, ...xsrfHeaders, ...(call.method === 'POST' ? { 'content-type': 'application/json' } : {}) },
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

console.log(`autocannon: ${CONNECTIONS} connections, ${SECONDS} s per call, loopback\n`);
const small = await benchServer(1000, [LIST, UPDATE]);
const large = await benchServer(100000, [LIST]);

const prism = await startPrism(18190);
let prismList;
let prismUpdate;
try {
  const auth = { authorization: 'Bearer bench' };
  prismList = await measure('Prism list', { url: `${prism.origin}${LIST.path}`, headers: auth });
  // The same body the contract server got (Prism validates it against the document).
  const serverForBody = await startServer({ port: 18181, env: { SEED_USERS: '1000' } });
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
