#!/usr/bin/env node
// Writes part of `npm run bench` (a write costs what it
// changes, not what the store holds), on a server seeded with 100,000 users
// (SEED_USERS, default 100000), as provider.admin, median of 20 (BENCH_RUNS):
//   - a save's own time (POST /user/update of one user's desk phone);
//   - the active users list (GET /user/list/active) right after a one-user
//     save, to the last byte, as JSON and gzipped;
//   - one POST /user/inactivate (answered with the inactive users list);
//   - 1,000 of them (each a different user) with 4 in flight: the total time
//     and the slowest other request meanwhile (GET /user/{uuid}, one after
//     the other, for the whole burst);
//   - Who Has It's first page (GET /app/{uuid}/holders) right after a write.
// Every figure is printed with the load average when it was taken (the
// machine is shared). Times are answers on loopback, HTTP included.
import { performance } from 'node:perf_hooks';
import {
  loadAverage,
  median,
  rawRequest,
  signIn,
  spread,
  startProbe,
  startServer,
  xsrfHeaders,
} from './lib/bench-util.mjs';

const USERS = Number(process.env.SEED_USERS) || 100_000;
const RUNS = Number(process.env.BENCH_RUNS) || 20;
/** BENCH_PARTS=list,inactivate,burst,holders: some of them only (all by default). */
const PARTS = (process.env.BENCH_PARTS ?? 'list,inactivate,burst,holders').split(',');
const BURST = Number(process.env.BENCH_BURST) || 1000;
const IN_FLIGHT = 4;
const API = '/userprofile/api/v1';
const GOALS = { list: 250, inactivate: 100, stall: 100, holders: 100 };

console.log(`Starting the contract server with ${USERS} users (${loadAverage()})...`);
const server = await startServer({ env: { SEED_USERS: String(USERS) }, startTimeoutMs: 600_000 });
let failed = false;
const line = (text) => console.log(`${text}  [${loadAverage()}]`);
try {
  const token = await signIn(server.origin, 'provider.admin');
  const xsrf = await xsrfHeaders(server.origin);
  const headers = { authorization: `Bearer ${token}`, algorithm: 'RSA256' };
  const post = { ...headers, ...xsrf, 'content-type': 'application/json' };
  /** ms to the last byte of the answer. */
  const timed = async (url, init = {}, mayFail = false) => {
    const res = await rawRequest(`${server.origin}${API}${url}`, { ...init, headers: { ...headers, ...init.headers } });
    if (!res.ok && !mayFail) throw new Error(`${url}: ${res.status} ${res.body.toString().slice(0, 200)}`);
    return { ms: res.ms, body: res.body, res };
  };
  const json = async (url) => JSON.parse((await timed(url)).body.toString());

  const active = await json('/user/list/active');
  console.log(`Active users: ${active.length}; inactive: ${(await json('/user/list/inactive')).length}`);
  const changeable = active.filter((u) => !u.readOnlyReason && u.businessProfile);
  if (changeable.length < BURST + RUNS + 2) throw new Error(`only ${changeable.length} users to change`);
  const saved = await json(`/user/${changeable[0].uuid}`);
  let phone = 0;
  const save = async () => {
    phone++;
    return timed('/user/update', {
      method: 'POST',
      headers: post,
      body: JSON.stringify({ user: { ...saved, deskPhone: `+353 1 555 ${String(1000 + (phone % 9000))}` } }),
    });
  };
  // Warm up (the first answers compile code and build what is kept).
  await save();
  await timed('/user/list/active');
  await timed('/user/list/active', { headers: { 'accept-encoding': 'gzip' } });

  const saves = [];
  const lists = [];
  const gzips = [];
  for (let i = 0; i < (PARTS.includes('list') ? RUNS : 0); i++) {
    saves.push((await save()).ms);
    lists.push((await timed('/user/list/active')).ms);
    await save();
    const g = await timed('/user/list/active', { headers: { 'accept-encoding': 'gzip' } });
    if (g.res.headers['content-encoding'] !== 'gzip') throw new Error('the list was not gzipped');
    gzips.push(g.ms);
  }
  const report = (name, list, goal) => {
    if (list.length === 0) return;
    const m = median(list);
    const verdict = goal === undefined ? '' : m <= goal ? ` OK (goal <= ${goal} ms)` : ` MISS (goal <= ${goal} ms)`;
    line(`${name}: median ${m.toFixed(1)} ms, slowest ${Math.max(...list).toFixed(1)} ms of ${list.length}${verdict}`);
    if (goal !== undefined) failed ||= m > goal;
  };
  report("a one-user save's own time", saves);
  report('users list GET after a one-user save, to the last byte', lists, GOALS.list);
  report('the same, gzipped', gzips, GOALS.list);

  // One inactivate at a time, each a different user.
  const next = changeable.slice(1);
  const inactivate = (u, discard = false) =>
    timed('/user/inactivate', { method: 'POST', headers: post, body: JSON.stringify(u), discard });
  const singles = [];
  for (let i = 0; i < (PARTS.includes('inactivate') ? RUNS : 0); i++) singles.push((await inactivate(next.shift())).ms);
  report('one POST /user/inactivate', singles, GOALS.inactivate);

  // A burst with 4 in flight, and another request meanwhile, one after the other.
  const burst = next.splice(0, PARTS.includes('burst') ? BURST : 0);
  // The other requests are made from a thread of their own: this thread's event loop, busy taking in the
  // burst's answers, would otherwise delay them and count its own delay as the server's.
  const probe = await startProbe(`${server.origin}${API}/user/${saved.uuid}`, { headers });
  const start = performance.now();
  let taken = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (taken < burst.length) await inactivate(burst[taken++], true);
    }),
  );
  const total = performance.now() - start;
  const { times: others, refused } = await probe.stop();
  const slowest = Math.max(...others);
  if (burst.length > 0)
    line(
      `${burst.length} POST /user/inactivate, ${IN_FLIGHT} in flight: ${(total / 1000).toFixed(2)} s in all ` +
        `(${(total / burst.length).toFixed(1)} ms each); the slowest of ${others.length} other requests meanwhile ` +
        `${slowest.toFixed(1)} ms (${spread(others)})` +
        `${refused ? ` (${refused} of them timed out or cut)` : ''}` +
        `${slowest <= GOALS.stall ? ' OK' : ' MISS'} (goal <= ${GOALS.stall} ms)`,
    );
  if (burst.length > 0) failed ||= slowest > GOALS.stall;

  // Who Has It: the role held by the most users, its first page right after a write.
  let pick = null;
  for (const app of PARTS.includes('holders') ? await json('/app/list') : []) {
    for (const role of app.roles) {
      const { total: held } = await json(`/app/${app.uuid}/holders?role=${role.uuid}&size=1`);
      if (!pick || held > pick.held) pick = { app, role, held };
    }
  }
  const holdersUrl = pick && `/app/${pick.app.uuid}/holders?role=${pick.role.uuid}`;
  const holders = [];
  for (let i = 0; i < (pick ? RUNS : 0); i++) {
    await save();
    holders.push((await timed(holdersUrl)).ms);
  }
  if (pick)
    report(`Who Has It's first page (${pick.role.name}, ${pick.held} holders) after a write`, holders, GOALS.holders);
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
