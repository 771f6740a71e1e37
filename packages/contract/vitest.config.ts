import { defineConfig } from 'vitest/config';

// The contract package: the validator on its own, the check against a test
// backend that breaks the document in each way it knows, and the command's exit
// codes (spawned). The check against the dev backend lives in tests/contract.
export default defineConfig({
  test: {
    name: '@userprofile/contract',
    environment: 'node',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
