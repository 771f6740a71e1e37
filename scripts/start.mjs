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

const server = spawn(
  process.execPath,
  [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'packages/contract-server/src/server.ts')],
  { stdio: 'inherit', cwd: root, env: { NODE_ENV: 'production', ...process.env } },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
