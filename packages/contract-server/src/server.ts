// Listens, prints where and how to sign in, and shuts down cleanly.
import { buildApp, defaultPublicOrigin } from './app.ts';
import { SEEDED_ACCOUNTS } from './seed/seed.ts';

const port = Number(process.env.PORT) || 8080;
const host = process.env.HOST || '127.0.0.1';
const started = performance.now();
const app = await buildApp({ logger: process.env.LOG_REQUESTS === 'true' });
await app.listen({ port, host });

const origin = defaultPublicOrigin();
const backend = process.env.USERPROFILE_BACKEND;
const cpu = process.cpuUsage();
console.log(
  `User Profile console: ${origin}/userprofile/  (ready in ${Math.round(performance.now() - started)} ms, ${Math.round((cpu.user + cpu.system) / 1000)} ms CPU, ${Math.round(process.memoryUsage().rss / 2 ** 20)} MiB RSS)`,
);
if (backend) {
  console.log(`Proxy mode: /userprofile/api and /userprofile/login go to ${backend}`);
} else {
  console.log(
    `Seeded users: ${app.store?.users.size}. Accounts (password ${process.env.SEED_PASSWORD ? 'from SEED_PASSWORD' : "'Passw0rd!'"}):`,
  );
  for (const a of SEEDED_ACCOUNTS)
    console.log(`  ${a.username.padEnd(16)} ${a.role.padEnd(14)} layout codes: ${a.layoutCodes.join(', ') || 'none'}`);
  console.log(`Mock control API: ${origin}/__mock/{reset,faults,outbox}`);
}

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
