import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'packages/contract',
      'packages/contract-server',
      'packages/dev-backend',
      'packages/web',
      'tests/contract',
    ],
    // One worker per core, not vitest's default of one fewer: most of the server files wait on
    // what is not the worker's thread (scrypt on libuv's pool, servers they spawn, sockets),
    // so two files at a time use both cores where one left the second idle.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
