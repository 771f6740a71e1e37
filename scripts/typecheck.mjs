#!/usr/bin/env node
// `npm run typecheck` and npm test's type check: `tsc -p` of every package and
// of the tests, as many at a time as there are cores, the longest first. One
// tsc uses one core: on 2 cores the five took 35 s one after another, 27 s two at a time.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = join(root, 'node_modules/typescript/bin/tsc');
// Longest first (seconds alone on this machine: 15, 9, 6, 3, 2), so the short ones fill in around them.
const PROJECTS = [
  'packages/web',
  'packages/contract-server',
  'tests',
  'packages/contract',
  'packages/dev-backend',
  'packages/shared',
];

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(`Usage: node scripts/typecheck.mjs

Type-checks ${PROJECTS.join(', ')} with tsc -p, ${availableParallelism()} at a time.
Prints a line per project as it ends and tsc's errors of those that fail.
Exit code: 0 when every project checks, 1 when one has type errors, 2 when tsc cannot run.`);
  process.exit(0);
}

function check(project) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', (error) => resolve({ project, code: -1, output: `${error.message}\n`, started }));
    child.on('close', (code) => resolve({ project, code: code ?? -1, output, started }));
  });
}

const queue = [...PROJECTS];
const results = [];
async function lane() {
  for (let project = queue.shift(); project; project = queue.shift()) {
    const r = await check(project);
    const seconds = ((Date.now() - r.started) / 1000).toFixed(1);
    console.log(`tsc -p ${project}: ${r.code === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
    if (r.code !== 0) process.stdout.write(r.output);
    results.push(r);
  }
}
await Promise.all(Array.from({ length: Math.min(availableParallelism(), PROJECTS.length) }, lane));
const failed = results.filter((r) => r.code !== 0);
if (failed.length > 0) {
  console.error(`type check failed in ${failed.map((r) => r.project).join(', ')}`);
  process.exit(failed.some((r) => r.code === -1) ? 2 : 1);
}
