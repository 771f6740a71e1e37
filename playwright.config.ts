import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium.mjs';

// End-to-end tests drive Debian's Chromium (a browser download is impossible
// here) against the contract server serving the built console.
const port = Number(process.env.E2E_PORT ?? 8181);
export const baseURL = `http://127.0.0.1:${port}`;

// --- spec-only (issue 32) -------------------------------------------------
// The core tasks against a backend that offers spec §7 only: a second dev
// backend with EXTENSIONS=off on port E2E_PORT+10, its own data folder, used
// by the 'spec-only' project. To move onto the per-worker backend fixture:
// drop specOnlyServer and specOnlyURL and give the project
// `use: { backendEnv: { EXTENSIONS: 'off' } }`.
const specOnlyPort = port + 10;
const specOnlyURL = `http://127.0.0.1:${specOnlyPort}`;
const specOnlyServer = {
  command: 'node --import tsx packages/contract-server/src/server.ts --fresh',
  url: `${specOnlyURL}/userprofile/config.json`,
  reuseExistingServer: !process.env.CI,
  timeout: 60_000,
  env: {
    PORT: String(specOnlyPort),
    HOST: '127.0.0.1',
    PUBLIC_ORIGIN: specOnlyURL,
    DATA_DIR: join(tmpdir(), `userprofile-e2e-${specOnlyPort}`),
    SEED_USERS: process.env.SEED_USERS ?? '300',
    EXTENSIONS: 'off',
  },
};
// ---------------------------------------------------------------------------

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
  projects: [
    { name: 'default', testIgnore: /spec-only\// },
    { name: 'spec-only', testMatch: /spec-only\/.*\.spec\.ts$/, use: { baseURL: specOnlyURL } },
  ],
  webServer: [
    {
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
    specOnlyServer,
  ],
});
