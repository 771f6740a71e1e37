import { defineConfig } from 'vitest/config';

// The packages as another team gets them: packed, installed from the tarball in an empty folder,
// run. npm test runs it after the console build (the dev backend's package carries the console);
// alone: `vitest run --config tests/packages/vitest.config.ts`.
export default defineConfig({
  test: {
    name: 'tests/packages',
    environment: 'node',
    root: import.meta.dirname,
    include: ['*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // One file, its steps in order: each Node's folder is installed once and used by the tests after.
    fileParallelism: false,
  },
});
