// Listens, prints where and how to sign in (and a warning when it can be
// reached from other machines), and shuts down cleanly.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, defaultPublicOrigin, extensionsOff, mockApiOff } from './app.ts';
import { oneLine } from './http/one-line.ts';
import { isLoopback, MOCK_TOKEN_HEADER } from './mock/guard.ts';
import { SEEDED_ACCOUNTS } from './seed/seed.ts';
import { StorageRefusedError } from './storage/database.ts';

const port = Number(process.env.PORT) || 8080;
const host = process.env.HOST || '127.0.0.1';
const started = performance.now();
// Callers not on this machine reach the mock control API only with this token.
const mockToken = process.env.MOCK_TOKEN || randomBytes(18).toString('base64url');
const mockOff = mockApiOff();
// The state lives in DATA_DIR (default .data/ at the repository root); --fresh starts it over.
const dataDir = path.resolve(
  process.env.DATA_DIR || path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../.data'),
);
const app = await buildApp({
  logger: process.env.LOG_REQUESTS === 'true',
  mock: mockOff ? false : { token: mockToken },
  storage: { dataDir, fresh: process.argv.includes('--fresh'), seedFrom: process.env.SEED_FROM || null },
}).catch((error: unknown) => {
  if (!(error instanceof StorageRefusedError)) throw error;
  // One line, whatever the message quotes (a file name, a record kind).
  console.error(`Cannot start: ${oneLine(error.message)}`);
  process.exit(1);
});
// Before listening: a stop that comes while it starts (or prints its start block) closes it cleanly
// once the block is out, instead of the default action cutting the output short.
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}
await app.listen({ port, host });

const origin = defaultPublicOrigin();
const backend = process.env.USERPROFILE_BACKEND;
const cpu = process.cpuUsage();
console.log(
  `User Profile console: ${origin}/userprofile/  (ready in ${Math.round(performance.now() - started)} ms, ${Math.round((cpu.user + cpu.system) / 1000)} ms CPU, ${Math.round(process.memoryUsage().rss / 2 ** 20)} MiB RSS)`,
);
if (backend) {
  console.log(`Proxy mode: /userprofile/api and /userprofile/login go to ${backend}`);
  // The console signs in through the backend's own client (GET /auth/frontendconfig names it), returning here.
  console.log(
    `Sign-in: the backend's console client must allow the redirect URI ${origin}/userprofile/selfcallback (and, for Enterprise SSO, ${origin}/userprofile/callback); README "Pointing it at a real backend"`,
  );
} else {
  console.log(`Data: ${dataDir} (${app.storage?.started})`);
  console.log(
    `Users: ${app.store?.users.size}. Seeded accounts (password ${process.env.SEED_PASSWORD ? 'from SEED_PASSWORD' : "'Passw0rd!'"}):`,
  );
  for (const a of SEEDED_ACCOUNTS)
    console.log(`  ${a.username.padEnd(16)} ${a.role.padEnd(14)} layout codes: ${a.layoutCodes.join(', ') || 'none'}`);
  console.log(
    mockOff
      ? 'Mock control API and fault injection: off (MOCK_API=off)'
      : `Mock control API: ${origin}/__mock/{reset,faults,outbox} (callers on this machine naming it 127.0.0.1 or localhost; from elsewhere with the header ${MOCK_TOKEN_HEADER}: ${mockToken}; MOCK_API=off switches it off)`,
  );
  if (extensionsOff())
    console.log('Extensions: off (EXTENSIONS=off): spec §7 calls only, every x-extension call answers 404');
}

const exposed = app
  .addresses()
  .flatMap((a) => (typeof a === 'string' || isLoopback(a.address) ? [] : [a]))
  .map((a) => (a.family === 'IPv6' ? `[${a.address}]:${a.port}` : `${a.address}:${a.port}`));
if (exposed.length > 0) {
  console.warn(
    `WARNING: listening on ${exposed.join(', ')}, beyond this machine (HOST=${host}). This is a dev backend: whoever can reach it can sign in as the seeded accounts with their published password. Listen on 127.0.0.1 (the default) unless you mean it.`,
  );
}
