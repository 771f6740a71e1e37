// What the command prints once it is up: where the console is, how long the
// start took, where the data is, how to sign in, the mock control API, and a
// warning when it can be reached from other machines.
import { isLoopback, MOCK_TOKEN_HEADER } from '@userprofile/contract-server/mock/guard';
import { SEEDED_ACCOUNTS } from '@userprofile/contract-server/seed/seed';
import type { Started } from './start.ts';
import type { DevBackendOptions } from './types.ts';

export function printStartBlock(
  backend: Started,
  options: DevBackendOptions,
  { quiet, startedMs }: { quiet: boolean; startedMs: number },
): void {
  const { app, origin } = backend;
  const exposed = app.server.address();
  if (exposed && typeof exposed !== 'string' && !isLoopback(exposed.address)) {
    const where =
      exposed.family === 'IPv6' ? `[${exposed.address}]:${exposed.port}` : `${exposed.address}:${exposed.port}`;
    process.stderr.write(
      `WARNING: listening on ${where}, beyond this machine (--host ${options.host}). This is a dev backend: whoever can reach it can sign in as the seeded accounts with their published password. Listen on 127.0.0.1 (the default) unless you mean it.\n`,
    );
  }
  if (quiet) return;
  const cpu = process.cpuUsage();
  const lines = [
    `User Profile console: ${backend.url}  (ready in ${Math.round(performance.now() - startedMs)} ms, ${Math.round((cpu.user + cpu.system) / 1000)} ms CPU, ${Math.round(process.memoryUsage().rss / 2 ** 20)} MiB RSS)`,
  ];
  if (options.backend) {
    lines.push(`Proxy mode: /userprofile/api and /userprofile/login go to ${options.backend}`);
    // The console signs in through the backend's own client (GET /auth/frontendconfig names it), returning here.
    lines.push(
      `Sign-in: the backend's console client must allow the redirect URI ${origin}/userprofile/selfcallback (and, for Enterprise SSO, ${origin}/userprofile/callback); README "Pointing it at a real backend"`,
    );
  } else {
    lines.push(
      `Data: ${options.dataDir === ':memory:' ? 'in memory, kept nowhere' : options.dataDir} (${app.storage?.started})`,
    );
    if (options.fixtures !== undefined)
      lines.push(`Fixtures: ${typeof options.fixtures === 'string' ? options.fixtures : 'given as an object'}`);
    lines.push(
      `Users: ${app.store?.users.size}. Seeded accounts (password ${process.env.SEED_PASSWORD ? 'from SEED_PASSWORD' : "'Passw0rd!'"}):`,
    );
    for (const a of SEEDED_ACCOUNTS)
      lines.push(`  ${a.username.padEnd(16)} ${a.role.padEnd(14)} layout codes: ${a.layoutCodes.join(', ') || 'none'}`);
    lines.push(
      options.mockApi === false
        ? 'Mock control API and fault injection: off (--mock-api off)'
        : `Mock control API: ${origin}/__mock/{reset,faults,outbox,snapshot,ready} (callers on this machine naming it 127.0.0.1 or localhost; from elsewhere with the header ${MOCK_TOKEN_HEADER}: ${options.mockToken}; --mock-api off switches it off)`,
    );
    if (options.extensions === false)
      lines.push('Extensions: off (--extensions off): spec §7 calls only, every x-extension call answers 404');
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}
