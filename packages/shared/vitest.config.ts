import { defineConfig } from 'vitest/config';

// Plain Node: the package runs in the browser and in Node alike, so its tests
// use only what both provide (Web Crypto, TextEncoder, Intl).
export default defineConfig({
  test: {
    name: '@userprofile/shared',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
