import { defineConfig } from 'vitest/config';

// Checks of the OpenAPI document itself: coverage of spec §7, operation metadata,
// and that its schemas compile the way the contract server compiles them; and the
// pattern of the lint stage's check for references to numbered work items.
// Run alone with `vitest run --project tests/contract`.
export default defineConfig({
  test: {
    name: 'tests/contract',
    environment: 'node',
    include: ['*.test.ts'],
  },
});
