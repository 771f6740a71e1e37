#!/usr/bin/env node
// `npm test`: installs what is needed, then runs every check — lint, the
// OpenAPI document, generated types, type checks, unit and contract tests,
// the console build and the end-to-end tests — and prints the test counts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installNode24InBackground } from './node24.mjs';
import { buildConsole, ensureChromium, installPackages } from './setup.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
// Not test-results/: Playwright empties that folder when it starts.
const results = join(root, '.test-report');

const steps = [];
async function step(name, fn) {
  const started = Date.now();
  console.log(`\n=== ${name}`);
  let ok = false;
  try {
    ok = (await fn()) !== false;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
  }
  steps.push({ name, ok, seconds: (Date.now() - started) / 1000 });
  return ok;
}
function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, env: { ...process.env, ...env } });
  return r.status === 0;
}
function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

await step('install', () => {
  installPackages();
  ensureChromium();
});
// Node 24 is needed only after the lint, the type check and the first vitest run: it downloads meanwhile.
const node24 = installNode24InBackground();
node24.catch(() => undefined);
await step('lint (Biome)', () => run(bin('biome'), ['ci', '.']));
// Comments, test names and the OpenAPI document say why in place, not a work item's number.
await step('lint (no numbered work items)', () => run(process.execPath, ['scripts/check-no-work-items.mjs']));
await step('OpenAPI lint (Redocly)', () => run(bin('redocly'), ['lint', 'openapi/userprofile.yaml']));
await step('generated API types are current', () => run(process.execPath, ['scripts/gen-api.mjs', '--check']));
await step('type check', () => run(process.execPath, ['scripts/typecheck.mjs']));
await step('unit and contract tests (vitest)', () =>
  run(bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(results, 'vitest.json')}`,
  ]),
);
// The project runs on Node 20.19+, 22 and 24 (package.json engines). Every test ran above under
// this Node; under Node 24 (from the npm registry, scripts/node24.mjs) run again the files that
// prove what differs between them (docs/testing.md "What the Node 24 run proves"): the storage
// binding (node:sqlite there, better-sqlite3 on Node 20) with its crash, lock, refusal and reload
// paths, the activity log's SQL (row values, keyset pages, the search span) and `npm start` itself; node:crypto (scrypt, RSA keys, JWKS, signed tokens, PKCE) and
// WebCrypto; Intl's collation (ICU) behind the list order; node:http, zlib and fetch (undici)
// behind the proxy, compressed answers, request time-outs and the conformance command.
const NODE24_FILES = [
  'packages/contract-server/test/storage/',
  'packages/contract-server/test/activity/',
  'packages/contract-server/test/server-start.test.ts',
  'packages/contract-server/test/auth/tokens-and-keys.test.ts',
  'packages/contract-server/test/auth/token.test.ts',
  'packages/contract-server/test/auth/oauth4webapi.test.ts',
  'packages/contract-server/test/auth/login.test.ts',
  'packages/contract-server/test/proxy.test.ts',
  'packages/contract-server/test/proxy-validation.test.ts',
  'packages/contract-server/test/list-encoding.test.ts',
  'packages/contract-server/test/request-timeout.test.ts',
  'packages/contract-server/test/conformance-check.test.ts',
  'packages/shared/src/list.test.ts',
  'packages/shared/src/pkce.test.ts',
];
await step('storage, crypto, collation and HTTP tests under Node 24 (vitest)', async () =>
  run(await node24, [
    join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    ...NODE24_FILES,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(results, 'vitest-node24.json')}`,
  ]),
);
const built = await step('console build', () => buildConsole());
// What other teams install: both packages packed (with the console just built), each tarball
// installed in an empty folder on Node 24 and on this Node, and used as their READMEs say.
if (built) {
  await step('packages: packed, installed in empty folders, run (vitest)', async () => {
    await node24;
    return run(bin('vitest'), [
      'run',
      '--config',
      'tests/packages/vitest.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(results, 'vitest-packages.json')}`,
    ]);
  });
}
if (built) {
  await step('end-to-end tests (Playwright, Chromium)', () =>
    run(bin('playwright'), ['test', '--reporter=list,json'], {
      CI: process.env.CI ?? '1',
      PLAYWRIGHT_JSON_OUTPUT_NAME: join(results, 'e2e.json'),
    }),
  );
}

const counts = { passed: 0, failed: 0, skipped: 0 };
// The three vitest runs, each with its JSON report.
console.log('');
for (const [file, label] of [
  ['vitest.json', 'vitest'],
  ['vitest-node24.json', 'vitest on Node 24'],
  ['vitest-packages.json', 'packages'],
]) {
  const report = readJson(join(results, file));
  if (!report) continue;
  counts.passed += report.numPassedTests;
  counts.failed += report.numFailedTests;
  counts.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  console.log(`${label}: ${report.numPassedTests} passed, ${report.numFailedTests} failed of ${report.numTotalTests}`);
}
const e2e = readJson(join(results, 'e2e.json'));
if (e2e) {
  const s = e2e.stats;
  counts.passed += s.expected;
  counts.failed += s.unexpected + s.flaky;
  counts.skipped += s.skipped;
  console.log(`playwright: ${s.expected} passed, ${s.unexpected} failed, ${s.flaky} flaky, ${s.skipped} skipped`);
}
console.log('\nSteps:');
for (const s of steps) console.log(`  ${s.ok ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds.toFixed(1)} s)`);
const failedSteps = steps.filter((s) => !s.ok).length;
console.log(`\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
// A skipped check proves nothing: it fails the run like a failed one.
process.exit(failedSteps > 0 || counts.failed > 0 || counts.skipped > 0 || counts.passed === 0 ? 1 : 0);
