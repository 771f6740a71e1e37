import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/contract', 'packages/contract-server', 'packages/web', 'tests/contract'],
  },
});
