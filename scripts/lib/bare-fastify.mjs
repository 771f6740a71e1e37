// The yardstick of `npm run bench -- server`: a bare Fastify 5 (the contract
// server's own copy) with one GET route per recorded answer, each sending the
// recorded headers and body as they are. No hooks, no schema, no auth: what
// that answer costs in Node and Fastify alone.
// Usage: node bare-fastify.mjs <port> <answers.json>, where answers.json is
// [{ "path": "/bare/...", "headers": { "content-type": "...", ... }, "body": "..." }].
// Prints "listening" once it listens.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from './bench-util.mjs';

const require = createRequire(join(root, 'packages/contract-server/package.json'));
const Fastify = require('fastify');

const [port, answersFile] = process.argv.slice(2);
const answers = JSON.parse(readFileSync(answersFile, 'utf8'));
const app = Fastify({ logger: false });
for (const answer of answers) {
  const body = Buffer.from(answer.body);
  app.get(answer.path, (_request, reply) => reply.headers(answer.headers).send(body));
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('listening');
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.close().then(() => process.exit(0)));
