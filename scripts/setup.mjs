#!/usr/bin/env node
// Installs what the project needs on a machine with only Node 20 and npm:
// the pinned pnpm (through npm), the workspace's packages (better-sqlite3
// built from source among them), and, for the browser tests, Debian's
// chromium-headless-shell when it is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_PATH, HEADLESS_SHELL } from './lib/chromium.mjs';
import { pnpm } from './pnpm.mjs';

export function installPackages() {
  const frozen = process.env.CI ? ['--frozen-lockfile'] : ['--prefer-offline'];
  // better-sqlite3 (the dev backend's database on Node 20) is built here from source, with the
  // headers of the running Node: no prebuilt binary can be downloaded, so none is tried.
  const env = { ...process.env, npm_config_build_from_source: 'true' };
  if (pnpm(['install', ...frozen, '--reporter=append-only'], { env }) !== 0) throw new Error('pnpm install failed');
}

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return r.status === 0;
}

/**
 * The tests' browser: the headless shell (scripts/lib/chromium.mjs says why), installed when
 * missing. A machine where apt cannot install it goes on with the full chromium it already has.
 */
export function ensureChromium() {
  if (process.env.CHROMIUM_PATH ? existsSync(CHROMIUM_PATH) : existsSync(HEADLESS_SHELL)) return;
  if (process.env.CHROMIUM_PATH) throw new Error(`CHROMIUM_PATH names ${CHROMIUM_PATH}, which does not exist`);
  console.log(`${HEADLESS_SHELL} is missing: installing Debian's chromium-headless-shell ...`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (...args) => (sudo.length ? run('sudo', ['apt-get', ...args]) : run('apt-get', args));
  const installed = apt('update', '-qq') && apt('install', '-y', '-qq', 'chromium-headless-shell', 'fonts-liberation');
  if (installed && existsSync(HEADLESS_SHELL)) return;
  if (existsSync(CHROMIUM_PATH)) {
    console.log(`could not install chromium-headless-shell: the tests use ${CHROMIUM_PATH}`);
    return;
  }
  throw new Error("could not install Chromium; install Debian's chromium-headless-shell package or set CHROMIUM_PATH");
}

export function buildConsole() {
  if (pnpm(['--filter', '@userprofile/web', 'run', 'build']) !== 0) throw new Error('console build failed');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  installPackages();
  if (process.argv.includes('--browser')) ensureChromium();
}
