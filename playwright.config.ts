import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium.mjs';

// End-to-end tests drive Debian's Chromium (a browser download is impossible
// here) against the contract server serving the built console.
const port = Number(process.env.E2E_PORT ?? 8181);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // One server, reset before each test: tests run one at a time.
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : [['list']],
  use: {
    baseURL,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: {
    // --fresh: each run starts from the seed, in a data folder of its own (never the repository's .data/).
    command: 'node --import tsx packages/contract-server/src/server.ts --fresh',
    url: `${baseURL}/userprofile/config.json`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: baseURL,
      DATA_DIR: join(tmpdir(), `userprofile-e2e-${port}`),
      SEED_USERS: process.env.SEED_USERS ?? '300',
    },
  },
});
