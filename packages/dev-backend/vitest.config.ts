import { defineConfig } from 'vitest/config';

// The command and the function other teams use, run from their source: flags, refusals and exit
// codes, the ready signal, startDevBackend. tests/packages runs the packed and installed build.
export default defineConfig({
  test: {
    name: 'packages/dev-backend',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
