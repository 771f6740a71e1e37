import { defineConfig } from 'vitest/config';

// Server tests: HTTP contract tests against the app built on a fresh seeded
// store (test/helpers.ts), plus unit tests beside the code. scrypt at
// N=2^17 makes sign-ins slow, hence the generous time-outs.
export default defineConfig({
  test: {
    name: '@userprofile/contract-server',
    environment: 'node',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
