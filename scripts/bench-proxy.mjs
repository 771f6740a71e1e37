#!/usr/bin/env node
// Proxy part of `npm run bench`: what the validating proxy costs.
// The dev backend runs as the "real" backend; two `npm start` servers proxy to
// it (USERPROFILE_BACKEND): with CONTRACT_VALIDATION=off, with the check as
// `npm start` runs it (an answer identical to the operation's previous one
// keeps its verdict), and with CONTRACT_VALIDATION=full (every answer decoded,
// parsed and validated: the cost when every answer is new). Requests per
// second and p99 latency of authenticated GETs through each, as the console
// sends them: a small answer (/location/list), a large one (/user/list/active,
// the seed's 300 users, about 100 KB) and the same gzip-compressed (decoded for
// the check only). Rounds alternate the proxies (BENCH_ROUNDS, default 3, of
// BENCH_WRK_SECONDS, default 5, per call); prints the medians and the cost
// against no validation, and the proxy's CPU time per request (steadier than
// the rate on a loaded machine). Goal: validation costs at most 10% of the
// throughput.
//
// BENCH_PROXY_BEFORE=<another checkout of this repository, installed> adds
// that checkout's proxies (validation on, and full) to the same rounds, against
// the same backend, so a change is measured before and after under the same
// load (bounding the check must not cost more than 5%): the rows
// "before" and the change of rate and CPU per request.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { load, loadAverage, loadTool, median, signIn, startServer } from './lib/bench-util.mjs';

/**
 * CPU seconds a process and its descendants have used (Linux /proc; tsx runs
 * the server in a child): on a loaded machine the CPU a request costs is a
 * steadier figure than the rate, which other processes' load moves.
 */
function cpuSeconds(pid) {
  let ticks = 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks = Number(fields[11]) + Number(fields[12]);
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return ticks / 100 + children.reduce((sum, child) => sum + cpuSeconds(Number(child)), 0);
  } catch {
    return ticks / 100;
  }
}

const ROUNDS = Number(process.env.BENCH_ROUNDS) || 3;
const SECONDS = Number(process.env.BENCH_WRK_SECONDS) || 5;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS) || 10;

const CALLS = [
  { label: 'GET /location/list', path: '/userprofile/api/v1/location/list' },
  { label: 'GET /user/list/active', path: '/userprofile/api/v1/user/list/active' },
  { label: 'GET /user/list/active (gzip)', path: '/userprofile/api/v1/user/list/active', gzip: true },
];

const BEFORE = process.env.BENCH_PROXY_BEFORE ? resolve(process.env.BENCH_PROXY_BEFORE) : null;
if (BEFORE && !existsSync(resolve(BEFORE, 'node_modules/tsx/dist/cli.mjs'))) {
  console.error(`BENCH_PROXY_BEFORE=${BEFORE}: not an installed checkout (run node scripts/setup.mjs there)`);
  process.exit(2);
}

const tool = loadTool();
const backend = await startServer();
const proxy = (env, checkout) =>
  startServer({ env: { USERPROFILE_BACKEND: backend.origin, ...env }, ...(checkout ? { checkout } : {}) });
const checked = await proxy({});
const plain = await proxy({ CONTRACT_VALIDATION: 'off' });
const full = await proxy({ CONTRACT_VALIDATION: 'full' });
const before = BEFORE
  ? { on: await proxy({}, BEFORE), full: await proxy({ CONTRACT_VALIDATION: 'full' }, BEFORE) }
  : null;
const servers = [
  ['off', plain],
  ['on', checked],
  ['full', full],
  ...(before
    ? [
        ['on before', before.on],
        ['full before', before.full],
      ]
    : []),
];
try {
  const token = await signIn(backend.origin, 'provider.admin');
  const auth = { authorization: `Bearer ${token}`, algorithm: 'RSA256' };
  // The checking proxy must really check: a conforming answer carries no violations header.
  const probe = await fetch(`${checked.origin}${CALLS[1].path}`, { headers: auth });
  if (!probe.ok || probe.headers.has('x-contract-violations'))
    throw new Error(`probe through the checking proxy: ${probe.status} ${probe.headers.get('x-contract-violations')}`);
  console.log(
    `${tool}, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per call, ${loadAverage()} (before)\n`,
  );
  const width = 42;
  console.log(
    `${'call'.padEnd(30)}  ${'no validation'.padStart(width)}  ${'validation'.padStart(width)}  ${'cost'.padStart(6)}  ${'every answer new (full)'.padStart(width)}  ${'cost'.padStart(6)}`,
  );
  for (const call of CALLS) {
    const headers = { ...auth, ...(call.gzip ? { 'accept-encoding': 'gzip' } : {}) };
    const runs = Object.fromEntries(servers.map(([name]) => [name, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, server] of servers) {
        const cpuBefore = cpuSeconds(server.pid);
        const run = await load(tool, {
          url: server.origin + call.path,
          headers,
          seconds: SECONDS,
          connections: CONNECTIONS,
        });
        runs[name].push({ ...run, cpuMs: ((cpuSeconds(server.pid) - cpuBefore) * 1000) / (run.rps * SECONDS) });
      }
    }
    const rate = (name) => median(runs[name].map((r) => r.rps));
    const p99 = (name) => median(runs[name].map((r) => r.p99));
    const cpu = (name) => median(runs[name].map((r) => r.cpuMs));
    const show = (name) =>
      `${rate(name).toFixed(0)} req/s, p99 ${p99(name).toFixed(0)} ms, ${cpu(name).toFixed(3)} ms CPU`.padStart(width);
    const cost = (name) => `${((1 - rate(name) / rate('off')) * 100).toFixed(1)}%`.padStart(6);
    const cpuCost = (name) => `${((cpu(name) / cpu('off') - 1) * 100).toFixed(1)}%`;
    console.log(
      `${call.label.padEnd(30)}  ${show('off')}  ${show('on')}  ${cost('on')}  ${show('full')}  ${cost('full')}`,
    );
    console.log(
      `${''.padEnd(30)}  CPU per request through the proxy: validation +${cpuCost('on')}, every answer new +${cpuCost('full')}`,
    );
    if (before) {
      const change = (now, then) => {
        const rateChange = (rate(now) / rate(then) - 1) * 100;
        const cpuChange = (cpu(now) / cpu(then) - 1) * 100;
        const sign = (x) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}%`;
        return `${show(then).trim()} before; rate ${sign(rateChange)}, CPU per request ${sign(cpuChange)}`;
      };
      console.log(`${''.padEnd(30)}  validation: ${change('on', 'on before')}`);
      console.log(`${''.padEnd(30)}  every answer new: ${change('full', 'full before')}`);
    }
  }
  console.log(`\n${loadAverage()} (after). Goal: validation costs at most 10% of the throughput.`);
} finally {
  await Promise.all([...servers.map(([, server]) => server.stop()), backend.stop()]);
}
