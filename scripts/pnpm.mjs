#!/usr/bin/env node
// Runs the pinned pnpm, installing it through npm into .tools/ on first use:
// only Node 20 and npm are assumed (corepack's signature check fails here).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];
const tools = join(root, '.tools');
const bin = join(tools, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');

export function ensurePnpm() {
  const installed = existsSync(bin)
    ? JSON.parse(readFileSync(join(tools, 'node_modules', 'pnpm', 'package.json'), 'utf8')).version
    : null;
  if (installed === version) return bin;
  console.log(`Installing pnpm ${version} into .tools/ ...`);
  const r = spawnSync(
    'npm',
    ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', tools, `pnpm@${version}`],
    {
      stdio: 'inherit',
      cwd: root,
    },
  );
  if (r.status !== 0) throw new Error('could not install pnpm through npm');
  return bin;
}

export function pnpm(args, options = {}) {
  const r = spawnSync(process.execPath, [ensurePnpm(), ...args], { stdio: 'inherit', cwd: root, ...options });
  return r.status ?? 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(pnpm(process.argv.slice(2)));
}
