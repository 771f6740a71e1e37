#!/usr/bin/env node
// Storage part of `npm run bench` (the SQLite database in DATA_DIR):
//  - the start of `npm start`'s server from a DATA_DIR of 100,000 users (goal <= 3 s),
//    and the database's size on disk;
//  - POST /user/update on a DATA_DIR beside the same server on a database in memory,
//    in the same run (goal: the durable one >= 0.7 of the other);
//  - the longest stall of other requests while a 50,000-row import is written
//    (scripts/bench-import.mjs on a DATA_DIR).
// BENCH_STORAGE_USERS (default 100000) sets the size of the first figure.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../packages/contract-server/src/app.ts';
import { freePort, root } from './lib/bench-util.mjs';

const USERS = Number(process.env.BENCH_STORAGE_USERS) || 100_000;
const dirs = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'userprofile-bench-'));
  dirs.push(dir);
  return dir;
};
const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const folderSize = (dir) => readdirSync(dir).reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);

try {
  // 1. Start from a DATA_DIR of USERS users.
  const big = tempDir();
  let t0 = performance.now();
  const seeding = await buildApp({
    publicOrigin: 'http://127.0.0.1',
    seedUsers: USERS,
    webDist: null,
    storage: { dataDir: big },
  });
  console.log(`seeding ${USERS} users into a new DATA_DIR: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await seeding.close();
  console.log(`database size for ${USERS} users: ${mib(folderSize(big))}`);
  const port = await freePort();
  t0 = performance.now();
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'packages/dev-backend/src/cli.ts')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: big, PORT: String(port), SEED_USERS: String(USERS) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  server.stdout.on('data', (d) => {
    out += d;
  });
  await new Promise((resolve, reject) => {
    const check = () => (out.includes('Mock control API') ? resolve() : setTimeout(check, 20));
    server.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
    check();
  });
  const wall = performance.now() - t0;
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  const ready = out.match(/ready in (\d+) ms/)?.[1];
  const data = out.match(/Data: .*/)?.[0];
  console.log(
    `start from ${USERS} users: ready in ${ready} ms (process start to listening, as it prints), ${wall.toFixed(0)} ms to its last line; ${data}`,
  );

  // 2. POST /user/update, durable beside in memory, same run, same requests.
  const SECONDS = Number(process.env.BENCH_STORAGE_SECONDS) || 8;
  async function updates(storage) {
    const app = await buildApp({ publicOrigin: 'http://127.0.0.1', seedUsers: 300, webDist: null, storage });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${app.server.address().port}`;
    const token = await app.auth.issueTokenFor('provider.admin');
    const xsrf = app.auth.xsrfToken();
    const headers = {
      authorization: `Bearer ${token}`,
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': xsrf,
      'content-type': 'application/json',
    };
    const user = await (await fetch(`${origin}/userprofile/api/v1/user/username/customer.admin`, { headers })).json();
    let done = 0;
    let n = 0;
    const until = performance.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (performance.now() < until) {
          const res = await fetch(`${origin}/userprofile/api/v1/user/update`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ user: { ...user, firstName: `Name ${n++}` } }),
          });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`update: ${res.status}`);
          done++;
        }
      }),
    );
    await app.close();
    return done / SECONDS;
  }
  // Alternated, best of two each: the first rounds also warm the JIT up.
  let memory = 0;
  let durable = 0;
  for (let round = 0; round < 2; round++) {
    memory = Math.max(memory, await updates({ dataDir: null }));
    durable = Math.max(durable, await updates({ dataDir: tempDir() }));
  }
  console.log(
    `POST /user/update, 8 callers, ${SECONDS} s each, best of 2: database in memory ${memory.toFixed(0)}/s, DATA_DIR (durable) ${durable.toFixed(0)}/s: ratio ${(durable / memory).toFixed(2)} (goal >= 0.7)`,
  );

  // 3. The import bench, its users written to a DATA_DIR.
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/bench-import.mjs')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BENCH_IMPORT_DATA_DIR: tempDir() },
  });
  if (r.status !== 0) process.exitCode = 1;
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
