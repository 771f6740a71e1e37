import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './scripts/lib/chromium.mjs';
import type { WorkerFixtures } from './tests/e2e/fixtures.ts';

// End-to-end tests drive Debian's Chromium (a browser download is impossible
// here) against the contract server serving the built console. Each worker
// starts a dev backend of its own, on a free port and a temporary DATA_DIR
// (the `backend` fixture in tests/e2e/fixtures.ts), and every test starts from
// its seed: tests run in parallel, files and the tests within them alike.
// A worker is a browser and a server beside it: one per core, at most 4 (E2E_WORKERS or
// --workers overrides). Two on 2 cores: without traces, in the headless shell, the whole run took
// 1,006 s with two (cores 96% busy) where users/ alone took 283 s with one and 225 s with two.
// With traces and the full browser, two had been no faster than one: the screencast kept the
// cores busy (docs/testing.md "The suite's time").
const workers = Number(process.env.E2E_WORKERS) || Math.max(1, Math.min(4, availableParallelism()));

// Files are dispatched in order, and with fullyParallel each test on its own, so the run ends
// with at most one long test still going on one worker if the long ones start first. Playwright
// orders by project, then by path: these files (their tests are the longest, by their own time
// budgets of 90-120 s and by what a run takes) form a project that comes first.
const SLOW_FIRST = [
  '**/storage/restart.spec.ts',
  '**/users/list-scale.spec.ts',
  '**/sign-ins/sign-ins.spec.ts',
  '**/auth/sign-in-messages.spec.ts',
  '**/access/access.spec.ts',
  '**/history/record-history.spec.ts',
  '**/users/user-edit.spec.ts',
];

export default defineConfig<object, WorkerFixtures>({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : [['list']],
  use: {
    // baseURL is the worker's backend (fixtures.ts).
    viewport: { width: 1280, height: 800 },
    // A trace records a screencast of every test, kept or not: with it, users/user-list.spec.ts and
    // profiles/app-profile-edit.spec.ts took 125 s and 194 CPU-seconds (the browser's compositor
    // and encoder mostly); without, 95 s and 113. A failure keeps a screenshot, and its error
    // context (the page's accessibility snapshot); E2E_TRACE=1 records traces to open in
    // `npx playwright show-trace` (docs/testing.md "The suite's time").
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  // A project may give its backends more environment (tests/e2e/fixtures.ts, `backendEnv`). The
  // spec-only project runs the core tasks against backends that offer spec §7 only.
  projects: [
    { name: 'slow first', testMatch: SLOW_FIRST },
    { name: 'spec-only', testMatch: /spec-only\/.*\.spec\.ts$/, use: { backendEnv: { EXTENSIONS: 'off' } } },
    { name: 'e2e', testIgnore: [...SLOW_FIRST, /spec-only\//] },
  ],
});
