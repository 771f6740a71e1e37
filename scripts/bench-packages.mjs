#!/usr/bin/env node
// Packages part of `npm run bench` (`npm run bench -- packages`): how fast the
// installed dev backend is ready for a team's tests, side by side with
// Stoplight Prism starting on the same document, in one run:
//
//   startDevBackend() to ready, in memory, default seed: the first in a process (cold) and
//     another in the same process (warm); goals 1.5 s and 400 ms
//   reset(): goal 50 ms
//   the installed command with --port 0 to its ready line (a whole process); goal 2 s
//   Prism's `prism mock` on the same document, to "Prism is listening"
//
// The packages are packed (with the console already built) and installed in a temporary folder,
// on Node 24 where it can be had (the install compiles nothing there), as a team would.
// BENCH_ROUNDS (default 5) rounds each; medians, with the minimum and maximum.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort, loadAverage, median, root } from './lib/bench-util.mjs';
import { ensureNode24 } from './node24.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS) || 5;
const work = mkdtempSync(join(tmpdir(), 'userprofile-bench-packages-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

const node = ensureNode24();
const env = { ...process.env, PATH: `${dirname(node)}:${process.env.PATH}`, PORT: '', DATA_DIR: '', PUBLIC_ORIGIN: '' };
const packed = spawnSync(
  process.execPath,
  [
    'scripts/pack.mjs',
    '--only',
    'dev-backend',
    '--out',
    work,
    ...(existsSync(join(root, 'packages/web/dist/index.html')) ? ['--skip-console'] : []),
  ],
  { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
);
if (packed.status !== 0) throw new Error('npm run pack failed');
const tarball = packed.stdout.trim();
writeFileSync(join(work, 'package.json'), '{ "private": true, "type": "module" }\n');
const npmCli = join(dirname(process.execPath), '../lib/node_modules/npm/bin/npm-cli.js');
if (spawnSync(node, [npmCli, 'install', '--no-audit', '--no-fund', tarball], { cwd: work, env }).status !== 0)
  throw new Error('npm install of the tarball failed');

const range = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${Math.round(median(values))} ms (${Math.round(sorted[0])}-${Math.round(sorted.at(-1))})`;
};

// In-process: a cold start, then warm starts and resets, in one process per round.
writeFileSync(
  join(work, 'in-process.mjs'),
  `const t0 = performance.now();
const { startDevBackend } = await import('@userprofile/dev-backend');
const cold = await startDevBackend();
const coldMs = performance.now() - t0;
await cold.stop();
const t1 = performance.now();
const warm = await startDevBackend();
const warmMs = performance.now() - t1;
const resets = [];
for (let i = 0; i < 5; i++) { const t = performance.now(); await warm.reset(); resets.push(performance.now() - t); }
await warm.stop();
console.log(JSON.stringify({ coldMs, warmMs, resets }));
`,
);
const cold = [];
const warm = [];
const resets = [];
for (let round = 0; round < ROUNDS; round++) {
  const r = spawnSync(node, ['in-process.mjs'], { cwd: work, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`in-process round failed: ${r.stderr}`);
  const figures = JSON.parse(r.stdout.trim().split('\n').pop());
  cold.push(figures.coldMs);
  warm.push(figures.warmMs);
  resets.push(median(figures.resets));
}

/** Milliseconds from spawning `command` to the first output line matching `line`, then it is stopped. */
function timeToLine(command, args, line) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: work, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const take = (d) => {
      out += d;
      if (line.test(out)) {
        const ms = performance.now() - started;
        child.kill('SIGTERM');
        child.once('close', () => resolve(ms));
      }
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.once('error', reject);
  });
}

const command = [];
for (let round = 0; round < ROUNDS; round++)
  command.push(
    await timeToLine(
      join(work, 'node_modules/.bin/userprofile-dev-backend'),
      ['--port', '0', '--data-dir', ':memory:', '--quiet'],
      /^ready /m,
    ),
  );
const npx = await timeToLine(
  'npx',
  ['userprofile-dev-backend', '--port', '0', '--data-dir', ':memory:', '--quiet'],
  /^ready /m,
);
const prism = [];
for (let round = 0; round < ROUNDS; round++) {
  const port = await freePort();
  prism.push(
    await timeToLine(
      join(root, 'node_modules/.bin/prism'),
      ['mock', join(root, 'openapi/userprofile.yaml'), '-p', String(port), '-h', '127.0.0.1'],
      /Prism is listening/,
    ),
  );
}

console.log(
  `Packages: the installed dev backend on Node ${spawnSync(node, ['-v'], { encoding: 'utf8' }).stdout.trim()}, ${ROUNDS} rounds (load ${loadAverage()})`,
);
console.log(`  startDevBackend() to ready, cold (first in its process): ${range(cold)}   goal 1500 ms`);
console.log(`  startDevBackend() to ready, warm (second in its process): ${range(warm)}   goal 400 ms`);
console.log(`  reset():                                                  ${range(resets)}   goal 50 ms`);
console.log(`  userprofile-dev-backend --port 0 to its ready line:       ${range(command)}   goal 2000 ms`);
console.log(`  npx userprofile-dev-backend --port 0 to its ready line:   ${Math.round(npx)} ms (once)`);
console.log(`  prism mock (same document) to "Prism is listening":       ${range(prism)}`);
