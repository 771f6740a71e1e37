// Shared pieces of the benchmark scripts: a contract server on a spare port,
// Chromium through Playwright, and small statistics.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function launchChromium() {
  const { chromium } = await import('@playwright/test');
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** Starts the contract server (seeded with `env`) and resolves when it answers. */
export async function startServer({ port, env = {} }) {
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'packages/contract-server/src/server.ts')],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_ORIGIN: origin, ...env },
    },
  );
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${origin}/userprofile/config.json`);
      if (r.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('server did not start in time');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    origin,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
