import { defineConfig } from 'vitest/config';

// Unit tests of the console's pure parts (middleware, storage, guards,
// navigation, layout, sign-in helpers) in plain Node; the screens are
// covered end to end by Playwright (tests/e2e).
export default defineConfig({
  test: {
    name: '@userprofile/web',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
