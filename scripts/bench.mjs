#!/usr/bin/env node
// `npm run bench`: prints the performance figures the issues ask for.
// Parts: server (contract server vs Prism), console (login page weight and
// time to a usable Sign In), users (100000-row list in Chromium), import (the
// longest event-loop stall during a 50,000-row import), signins (heap after
// 20,000 unfinished sign-ins), visibility (the 5000-cluster tree in Chromium),
// slowloris (sockets trickling a request body, cut by the request timeout),
// history (heap kept per change of the largest record), proxy (throughput
// through the validating proxy with and without the check), hostile (peak
// memory of the check against a 1 GiB answer and of the proxy against a 256 MiB
// one, and gzip bombs of those sizes), storage (start
// from a DATA_DIR of 100,000 users, its size, durable writes beside in-memory
// ones, an import's stall while it is written), access (who holds a role of
// 30,000 of 100,000 users, server and painted; a check-access answer), bulk
// (select about 50,000 of 100,000 users in Chromium and deactivate them: time to the result, the
// stall of other requests, memory), bulk-spec-only (the same with EXTENSIONS=off: 1,000 users deactivated
// through the single-user calls, 4 in flight; time, progress, the stall of other requests), writes (at
// 100,000 users: the users list right after a one-user save, one inactivate and a burst of them with the
// slowest other request meanwhile, Who Has It after a write, a save's own time).
// activity (1,000,000 events at 100,000 users: first and filtered pages, the 10,000th page, the streamed
// export's memory, a one-user save with its event).
// `npm run bench -- server` runs one part.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildConsole, ensureChromium, installPackages } from './setup.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const parts = [
  { name: 'server', script: 'scripts/bench-server.mjs' },
  { name: 'console', script: 'scripts/bench-console.mjs', browser: true },
  { name: 'users', script: 'scripts/bench-users.mjs', browser: true },
  { name: 'import', script: 'scripts/bench-import.mjs' },
  { name: 'signins', script: 'scripts/bench-signins.mjs' },
  { name: 'visibility', script: 'scripts/bench-visibility.mjs', browser: true },
  { name: 'slowloris', script: 'scripts/bench-slowloris.mjs' },
  { name: 'history', script: 'scripts/bench-history.mjs' },
  { name: 'proxy', script: 'scripts/bench-proxy.mjs' },
  { name: 'hostile', script: 'scripts/bench-hostile.mjs', browser: true },
  { name: 'storage', script: 'scripts/bench-storage.mjs' },
  { name: 'access', script: 'scripts/bench-access.mjs', browser: true },
  { name: 'bulk', script: 'scripts/bench-bulk.mjs', browser: true },
  { name: 'lists', script: 'scripts/bench-lists.mjs', browser: true },
  { name: 'bulk-spec-only', script: 'scripts/bench-bulk-spec-only.mjs', browser: true },
  { name: 'writes', script: 'scripts/bench-writes.mjs' },
  { name: 'packages', script: 'scripts/bench-packages.mjs' },
  { name: 'activity', script: 'scripts/bench-activity.mjs' },
];
const wanted = process.argv.slice(2);
const selected = parts.filter((p) => wanted.length === 0 || wanted.includes(p.name));

installPackages();
if (selected.some((p) => p.browser)) {
  ensureChromium();
  buildConsole();
}
let failed = false;
for (const part of selected) {
  console.log(`\n##### bench: ${part.name}`);
  if (!existsSync(join(root, part.script))) {
    console.log(`(${part.script} is not there yet)`);
    failed = true;
    continue;
  }
  const r = spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), part.script], {
    stdio: 'inherit',
    cwd: root,
  });
  failed ||= r.status !== 0;
}
process.exit(failed ? 1 : 0);
