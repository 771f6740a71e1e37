// Loaded into a dev backend the end-to-end tests start (backend.ts): it ends
// when the process that started it is gone (its stdin closes), even when that
// process was killed before it could stop it, so no server outlives its tests;
// a temporary DATA_DIR of its own (E2E_TEMPORARY_DATA_DIR=1) goes with it.
import { rmSync } from 'node:fs';

process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'));
process.stdin.resume();
if (process.env.E2E_TEMPORARY_DATA_DIR === '1' && process.env.DATA_DIR) {
  const dataDir = process.env.DATA_DIR;
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}
