import { defineConfig } from 'vitest/config';

// Unit tests of the console's pure parts (middleware, storage, guards,
// navigation, layout, sign-in helpers) in plain Node; the screens are
// covered end to end by Playwright (tests/e2e).
//
// Files share their worker's modules (isolate: false): importing the console's
// modules afresh for each of 44 files took 27 s of imports for 1.6 s of tests
// (22 s of the stage; 5 s shared). A file that needs a module as a page first
// loads it imports it anew (lib/toaster.test.ts).
export default defineConfig({
  test: {
    name: '@userprofile/web',
    environment: 'node',
    isolate: false,
    include: ['src/**/*.test.ts'],
  },
});
