#!/usr/bin/env node
// `npm start`: install, build the console, serve console and dev backend
// (or proxy to USERPROFILE_BACKEND) on http://127.0.0.1:8080/userprofile/.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildConsole, installPackages } from './setup.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
installPackages();
buildConsole();

// tsx as a loader in the server's own process (its CLI would add a process between).
const server = spawn(
  process.execPath,
  ['--import', 'tsx', join(root, 'packages/dev-backend/src/cli.ts'), ...process.argv.slice(2)],
  { stdio: 'inherit', cwd: root, env: { NODE_ENV: 'production', ...process.env } },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
// Killed with SIGKILL, npm leaves this script and the server behind, holding the port and DATA_DIR:
// once our parent is gone, stop the server (its answered writes are all kept).
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) server.kill('SIGTERM');
}, 500).unref();
