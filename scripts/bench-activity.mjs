#!/usr/bin/env node
// Activity part of `npm run bench`: the activity log at the size a busy suite
// reaches, on a DATA_DIR of 100,000 users (SEED_USERS) holding 1,000,000
// events (BENCH_EVENTS), written straight into the database before the
// server starts (the server's own code writes them: StorageDatabase), spread
// over 80 days across the seed's users, companies, actions and channels.
// Against the server on that folder, medians of BENCH_RUNS (20):
//   - the first page, as provider.admin and as customer.admin (goal <= 100 ms);
//   - filtered pages: one actor, one record, an outcome, a kind and action,
//     a time span and channel, words, and a filter that matches nothing
//     (goal <= 100 ms each);
//   - the 10,000th page, reached by following `next` (500,000 events deep),
//     against the first (goal: as fast, within 2x or 20 ms);
//   - the export of every event as NDJSON, streamed: its time and the
//     server's resident memory growth while it runs (goal <= 100 MiB);
//   - a one-user save at 100,000 users with its event (goal <= 100 ms), and
//     that the event is listed.
// Times are answers on loopback, to the last byte, with the load average.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../packages/contract-server/src/app.ts';
import { StorageDatabase } from '../packages/contract-server/src/storage/database.ts';
import { freePort, loadAverage, median, rawRequest, signIn, startServer, xsrfHeaders } from './lib/bench-util.mjs';

const USERS = Number(process.env.SEED_USERS) || 100_000;
const EVENTS = Number(process.env.BENCH_EVENTS) || 1_000_000;
const RUNS = Number(process.env.BENCH_RUNS) || 20;
const DEEP = Number(process.env.BENCH_DEEP_PAGE) || 10_000;
const API = '/userprofile/api/v1';
const GOAL_MS = 100;
const GOAL_EXPORT_MIB = 100;
const RANKS = { ERRIGAL_ADMIN: 3, ADMIN: 2, SCO_ADMIN: 1 };

let failed = false;
const line = (text) => console.log(`${text}  [${loadAverage()}]`);
const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

/** The resident set of a process and its children (the server may run under tsx's own process), in bytes. */
function treeRss(pid) {
  let total = 0;
  const visit = (p) => {
    try {
      total += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0) * 1024;
      for (const task of readdirSync(`/proc/${p}/task`)) {
        const children = readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').trim();
        for (const child of children ? children.split(' ') : []) visit(child);
      }
    } catch {
      // The process ended meanwhile.
    }
  };
  visit(pid);
  return total;
}

/** A deterministic stream of numbers in [0, 1). */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ACTIONS = [
  ['update', 40],
  ['signIn', 30],
  ['activate', 4],
  ['inactivate', 4],
  ['create', 5],
  ['signOut', 8],
  ['passwordResetMail', 3],
  ['unlock', 1],
  ['delete', 1],
  ['import', 2],
  ['bulk', 1],
  ['sync', 1],
];
const WEIGHT = ACTIONS.reduce((s, [, w]) => s + w, 0);

/** EVENTS events over the last 80 days, oldest first, about the seed's users (as the server would record them). */
function* synthetic(users, admins) {
  const next = random(7);
  const now = Date.now();
  const span = 80 * 86_400_000;
  for (let id = 1; id <= EVENTS; id++) {
    let pick = next() * WEIGHT;
    let action = 'update';
    for (const [name, w] of ACTIONS) {
      pick -= w;
      if (pick < 0) {
        action = name;
        break;
      }
    }
    const target = users[Math.floor(next() * users.length)];
    const actor = action === 'signIn' || action === 'signOut' ? target : admins[Math.floor(next() * admins.length)];
    const refused = action !== 'signIn' && next() < 0.02;
    const failed = action === 'signIn' && next() < 0.1;
    yield {
      id,
      at: now - span + Math.floor((id / EVENTS) * span),
      action,
      outcome: refused ? 'refused' : failed ? 'failed' : 'succeeded',
      channel: action === 'signIn' ? 'signInPage' : action === 'import' ? 'import' : next() < 0.8 ? 'console' : 'api',
      actorUuid: failed ? null : actor.uuid,
      actorName: failed ? null : actor.username,
      actorRole: failed ? null : (actor.role ?? null),
      kind: 'user',
      targetUuid: target.uuid,
      targetName: target.username,
      company: target.companyUuid,
      needRank: Math.max(1, RANKS[target.minimumRole] ?? 1),
      reason: refused ? 'You may only change records of your own company' : failed ? 'Wrong password' : null,
      correlation: null,
      clientId: null,
      address: `10.0.${(id >> 8) & 255}.${id & 255}`,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
      call: action === 'update' ? 'POST /api/v1/user/update' : null,
      counts: null,
      historyId: null,
    };
  }
}

const dir = mkdtempSync(join(tmpdir(), 'userprofile-bench-activity-'));
let server;
try {
  let t0 = performance.now();
  console.log(`Seeding ${USERS} users into a new DATA_DIR (${loadAverage()})...`);
  // Seeded for the origin the server will have: the console's client is registered with its redirect there.
  const port = await freePort();
  const seeding = await buildApp({
    publicOrigin: `http://127.0.0.1:${port}`,
    seedUsers: USERS,
    webDist: null,
    storage: { dataDir: dir },
  });
  await seeding.close();
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  t0 = performance.now();
  const db = StorageDatabase.open(dir);
  const users = [];
  for (const row of db.rows()) if (row.kind === 'user') users.push(JSON.parse(row.body));
  const admins = users.filter((u) => u.username.endsWith('.admin') || users.indexOf(u) % 500 === 0);
  let batch = [];
  for (const event of synthetic(users, admins)) {
    batch.push(event);
    if (batch.length === 50_000) {
      db.write([], {}, false, undefined, undefined, [], { add: batch, purge: null });
      batch = [];
    }
  }
  if (batch.length) db.write([], {}, false, undefined, undefined, [], { add: batch, purge: null });
  console.log(
    `wrote ${db.activity.count()} events in ${((performance.now() - t0) / 1000).toFixed(1)} s; database ${mib(db.size())}`,
  );
  db.close();

  t0 = performance.now();
  server = await startServer({ port, env: { DATA_DIR: dir, SEED_USERS: String(USERS) }, startTimeoutMs: 600_000 });
  console.log(`server started on it in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const tokens = {
    provider: await signIn(server.origin, 'provider.admin'),
    customer: await signIn(server.origin, 'customer.admin'),
  };
  const get = async (who, path) => {
    const res = await rawRequest(`${server.origin}${API}${path}`, {
      headers: { authorization: `Bearer ${tokens[who]}` },
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${res.body.toString().slice(0, 200)}`);
    return { ms: res.ms, body: JSON.parse(res.body.toString()) };
  };
  const page = (who, q, extra = '') => get(who, `/activity?q=${encodeURIComponent(q)}${extra}`);
  const report = (name, times, goal = GOAL_MS, extra = '') => {
    const m = median(times);
    const ok = m <= goal;
    failed ||= !ok;
    line(
      `${name}: median ${m.toFixed(1)} ms, slowest ${Math.max(...times).toFixed(1)} ms of ${times.length}${extra} ${ok ? 'OK' : 'MISS'} (goal <= ${goal} ms)`,
    );
    return m;
  };
  const timesOf = async (fn) => {
    await fn();
    const times = [];
    for (let i = 0; i < RUNS; i++) times.push((await fn()).ms);
    return times;
  };

  const first = await page('provider', '');
  const firstMs = report('first page, provider.admin (50 events)', await timesOf(() => page('provider', '')));
  report('first page, customer.admin', await timesOf(() => page('customer', '')));
  const someone =
    first.body.events.find((e) => e.actor && !('withheld' in e.actor))?.actor.username ?? 'provider.admin';
  const record = first.body.events.find((e) => e.target?.uuid)?.target.uuid;
  const filters = [
    [`one actor (actor:${someone})`, `actor:${someone}`],
    ['one record (target:<uuid>)', `target:${record}`],
    ['outcome:refused', 'outcome:refused'],
    ['kind:user action:delete', 'kind:user action:delete'],
    ['since:7d channel:api', 'since:7d channel:api'],
    ['words ("wrong password")', '"wrong password"'],
    ['a filter that matches nothing (action:unlock outcome:failed)', 'action:unlock outcome:failed'],
  ];
  for (const [name, q] of filters) {
    const sample = await page('customer', q);
    const found = `; ${sample.body.events.length} events on the page${sample.body.searchedTo ? `, searched back to ${sample.body.searchedTo.slice(0, 10)}` : ''}`;
    report(`filtered page, customer.admin, ${name}`, await timesOf(() => page('customer', q)), GOAL_MS, found);
  }

  // The 10,000th page: follow `next` from the first.
  t0 = performance.now();
  let cursor = first.body.next;
  const deepTimes = [];
  for (let n = 2; n <= DEEP && cursor; n++) {
    const p = await get('provider', `/activity?before=${cursor}`);
    if (n > DEEP - RUNS) deepTimes.push(p.ms);
    cursor = p.body.next;
  }
  const walked = ((performance.now() - t0) / 1000).toFixed(1);
  if (deepTimes.length === 0) throw new Error(`fewer than ${DEEP} pages`);
  const deep = median(deepTimes);
  const deepOk = deep <= Math.max(firstMs * 2, firstMs + 20);
  failed ||= !deepOk;
  line(
    `page ${DEEP} (${(DEEP - 1) * 50} events deep, walked in ${walked} s): median ${deep.toFixed(1)} ms of the last ${deepTimes.length} against ${firstMs.toFixed(1)} ms for the first ${deepOk ? 'OK' : 'MISS'} (goal: as fast)`,
  );

  // The export of every event, streamed: time and the server's memory meanwhile.
  const rssBefore = treeRss(server.pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, treeRss(server.pid));
  }, 50);
  t0 = performance.now();
  const res = await fetch(`${server.origin}${API}/activity/export?format=ndjson`, {
    headers: { authorization: `Bearer ${tokens.provider}` },
  });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  clearInterval(sampler);
  const growth = rssPeak - rssBefore;
  const exportOk = growth <= GOAL_EXPORT_MIB * 2 ** 20 && lines >= EVENTS;
  failed ||= !exportOk;
  line(
    `export of all events as NDJSON: ${lines} lines, ${mib(bytes)} in ${((performance.now() - t0) / 1000).toFixed(1)} s; server resident memory ${mib(rssBefore)} before, ${mib(rssPeak)} at the peak (+${mib(growth)}) ${exportOk ? 'OK' : 'MISS'} (goal <= +${GOAL_EXPORT_MIB} MiB)`,
  );

  // A one-user save at 100,000 users, with its event.
  const xsrf = await xsrfHeaders(server.origin);
  const active = (await get('provider', '/user/list/active')).body;
  const target = active.find((u) => !u.readOnlyReason && u.businessProfile && u.username !== 'provider.admin');
  const saved = (await get('provider', `/user/${target.uuid}`)).body;
  let phone = 0;
  const save = async () => {
    phone++;
    const r = await rawRequest(`${server.origin}${API}/user/update`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.provider}`, ...xsrf, 'content-type': 'application/json' },
      body: JSON.stringify({ user: { ...saved, deskPhone: `+353 1 555 ${String(1000 + phone)}` } }),
    });
    if (!r.ok) throw new Error(`save: ${r.status} ${r.body.toString().slice(0, 200)}`);
    return r;
  };
  report(`a one-user save at ${USERS} users with its event`, await timesOf(save));
  const listed = await page('provider', `target:${target.uuid} action:update`);
  const seen = listed.body.events[0]?.changes?.some((c) => c.label === 'Desk Phone');
  failed ||= !seen;
  line(`the save's event is listed with its change: ${seen ? 'yes' : 'NO'}`);
} finally {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
