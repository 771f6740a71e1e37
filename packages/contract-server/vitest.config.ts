import { defineConfig } from 'vitest/config';

// Server tests: HTTP contract tests against the app built on a fresh seeded
// store (test/helpers.ts), plus unit tests beside the code. Passwords are
// hashed at a test cost except where the cost is the subject
// (test/password-cost.ts); servers the tests start run at the real one,
// hence the generous time-outs.
//
// Files share their worker's module graph (isolate: false): each builds its own
// app, store and servers, and no module keeps state a test changes, so
// importing the server afresh for each of 60 files only cost time (190 s of the
// stage's 550 s went to imports; 16 s without).
export default defineConfig({
  test: {
    name: '@userprofile/contract-server',
    environment: 'node',
    isolate: false,
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    setupFiles: ['test/password-cost.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
