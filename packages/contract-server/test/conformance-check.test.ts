// `npm run contract`: the check against the dev backend, read-only
// and with --allow-writes, conforms and covers the document; against a backend
// that drifts it reports each breakage with its reason and nothing else; the
// command's exit codes 0, 1 and 2, through the real command.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CheckOptions, type Report, runCheck } from '@userprofile/contract/check';
import { loadContract } from '@userprofile/contract/document';
import { createValidator } from '@userprofile/contract/validate';
import { EXTENSIONS } from '@userprofile/shared/generated/extensions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Backend, DRIFTS, devBackend, driftingBackend, PASSWORD, USERNAME } from './conformance-backends.ts';
import { type ForeignBackend, startForeignBackend } from './foreign-backend.ts';
import { freePort } from './free-port.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const contract = loadContract();
const validator = createValidator(contract);
// A sign-in costs a scrypt hash: on a loaded shared machine it takes more than the command's default 10 s at times.
const check = (target: string, options: Partial<CheckOptions> = {}) =>
  runCheck(contract, validator, { target, username: USERNAME, password: PASSWORD, timeoutMs: 60_000, ...options });

/** The real command, as `npm run contract -- ...` runs it. */
function command(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [join(root, 'node_modules/tsx/dist/cli.mjs'), 'packages/contract/src/cli.ts', ...args],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d;
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d;
  });
  return new Promise((done) => child.on('close', (code) => done({ code, stdout, stderr, ms: Date.now() - started })));
}

/** The failing operations, spec and extensions alike, with their reasons. */
const failing = (r: Report) =>
  Object.fromEntries(
    [...r.operations, ...r.extensions]
      .filter((o) => o.outcome === 'fail')
      .map((o) => [
        o.operationId,
        o.violations.filter((v) => v.severity === 'error' || r.strict).map((v) => `${v.pointer}: ${v.reason}`),
      ]),
  );

/** Record counts of every list, read with the dev backend's own token. */
async function listCounts(b: Backend): Promise<Record<string, number>> {
  const token = await b.app.auth.issueTokenFor(USERNAME);
  const out: Record<string, number> = {};
  for (const op of contract.operations.filter((o) => o.method === 'GET' && o.params === 0 && !o.unsafe)) {
    const res = await b.app.inject({ method: 'GET', url: op.path, headers: { authorization: `Bearer ${token}` } });
    const body = res.headers['content-type']?.toString().includes('json') ? res.json() : undefined;
    if (Array.isArray(body)) out[op.operationId] = body.length;
  }
  return out;
}

let dev: Backend;
beforeAll(async () => {
  dev = await devBackend();
});
afterAll(async () => {
  await dev?.close();
});

describe('against the dev backend', () => {
  it('read-only through the command: exit 0, every exercised operation conforms, the JUnit and JSON files written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'contract-'));
    const run = await command([
      '--target',
      dev.url,
      '--username',
      USERNAME,
      '--password',
      PASSWORD,
      '--junit',
      join(dir, 'junit.xml'),
      '--json',
      join(dir, 'report.json'),
    ]);
    console.log(`read-only check of the dev backend: ${run.ms} ms`);
    expect(run.stderr).toBe('');
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toMatch(/^Score: {4}(\d+)\/\1 exercised spec operations conform \(100\.0%\)$/m);
    expect(run.stdout).toMatch(/^Coverage: \d+\/\d+ spec operations of the document exercised/m);
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report & { coverage: number };
    const results = [...report.operations, ...report.extensions];
    const reads = contract.operations.filter((o) => o.method === 'GET' && !o.unsafe);
    // Every GET the document has (the ones that change state aside) is exercised, each through its 2xx;
    // the extensions the dev backend offers among them, in their own section (they are not scored).
    for (const op of reads) {
      const result = results.find((o) => o.operationId === op.operationId);
      expect(result?.outcome, op.operationId).toBe('pass');
      expect(report.extensions.some((o) => o.operationId === op.operationId)).toBe(op.extension);
    }
    expect(report.extensionSummary.notOffered).toEqual([]);
    expect(run.stdout).toMatch(
      new RegExp(`^Extensions: \\d+ of ${EXTENSIONS.length} offered, \\d+ of them conform, 0 not offered`, 'm'),
    );
    // Read-only: nothing but the console's sign-in calls anything that writes.
    const signIn = ['startSso', 'checkSession', 'login', 'authorize', 'token'];
    const writes = results.filter(
      (o) =>
        o.calls > 0 && (o.method !== 'GET' || contract.operations.find((c) => c.operationId === o.operationId)?.unsafe),
    );
    expect(writes.map((o) => o.operationId).sort()).toEqual([...signIn].sort());
    const junit = readFileSync(join(dir, 'junit.xml'), 'utf8');
    expect(junit).toContain('<testcase classname="listLocations" name="GET /api/v1/location/list">');
    expect(junit).not.toContain('<failure');
    const extensionsExercised = report.extensions.filter((o) => o.outcome !== 'not exercised').length;
    expect(junit.match(/<testcase /g)).toHaveLength(report.exercised + extensionsExercised);
  });

  it('through the validating proxy in front of it (npm start with USERPROFILE_BACKEND): signs in as the console would there, and conforms', async () => {
    const proxy = await buildApp({ backend: dev.url, webDist: null });
    await proxy.listen({ port: 0, host: '127.0.0.1' });
    try {
      const report = await check(`http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`);
      expect(failing(report)).toEqual({});
      expect(report.conforming).toBe(report.exercised);
      expect(report.operations.find((o) => o.operationId === 'login')?.outcome).toBe('pass');
    } finally {
      await proxy.close();
    }
  });

  it('with --allow-writes: every exercised operation conforms, at least 90% of the document covered, every list count as it was', async () => {
    const before = await listCounts(dev);
    const started = Date.now();
    const report = await check(dev.url, { allowWrites: true });
    console.log(`--allow-writes check of the dev backend: ${Date.now() - started} ms, ${report.requests} requests`);
    expect(failing(report)).toEqual({});
    // Every extension is offered there and checked like the rest, in its own section.
    // Every extension the document marks (the generated list), offered and conforming.
    const all = EXTENSIONS.length;
    expect(report.extensionSummary).toMatchObject({ total: all, offered: all, conforming: all, notOffered: [] });
    expect(report.conforming).toBe(report.exercised);
    expect(report.exercised / report.total).toBeGreaterThanOrEqual(0.9);
    // Each record kind it can create and delete went through the whole round.
    for (const id of [
      'deleteApplicationProfile',
      'deleteBusinessProfile',
      'deleteVisibilityProfile',
      'deleteApplication',
    ])
      expect(report.operations.find((o) => o.operationId === id)?.statuses).toContain(204);
    expect(await listCounts(dev)).toEqual(before);
  });
});

describe('against a spec-only backend (the dev backend with EXTENSIONS=off)', () => {
  let specOnly: Backend;
  beforeAll(async () => {
    specOnly = await devBackend({ extensions: false });
  });
  afterAll(async () => {
    await specOnly?.close();
  });
  // A whole check with scrypt sign-ins on a shared two-core machine: more than the default 30 s at times.
  const SLOW = 180_000;
  const extensionIds = contract.operations.filter((o) => o.extension).map((o) => o.operationId);
  const getExtensions = contract.operations.filter((o) => o.extension && o.method === 'GET').map((o) => o.operationId);

  it(
    'read-only through the command: exit 0, every spec operation conforms, the extensions named as not offered in the table, JSON and JUnit',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'contract-spec-only-'));
      const run = await command([
        '--target',
        specOnly.url,
        '--username',
        USERNAME,
        '--password',
        PASSWORD,
        '--timeout',
        '60000',
        '--junit',
        join(dir, 'junit.xml'),
        '--json',
        join(dir, 'report.json'),
      ]);
      expect(run.stderr).toBe('');
      expect(run.code, run.stdout).toBe(0);
      expect(run.stdout).toMatch(/^Score: {4}(\d+)\/\1 exercised spec operations conform \(100\.0%\)$/m);
      expect(run.stdout).not.toContain('authentication ignored');
      const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report;
      // Every spec GET conforms; the score's operations hold no extension.
      for (const op of contract.operations.filter((o) => o.method === 'GET' && !o.unsafe && !o.extension))
        expect(report.operations.find((o) => o.operationId === op.operationId)?.outcome, op.operationId).toBe('pass');
      expect(report.operations.some((o) => extensionIds.includes(o.operationId))).toBe(false);
      expect(report.extensions.map((o) => o.operationId).sort()).toEqual([...extensionIds].sort());
      // The GET extensions and the SSO start call (part of the sign-in) were asked and are not offered.
      expect([...report.extensionSummary.notOffered].sort()).toEqual([...getExtensions, 'startSso'].sort());
      for (const id of report.extensionSummary.notOffered) {
        const result = report.extensions.find((o) => o.operationId === id);
        expect(result?.outcome, id).toBe('not offered');
        expect(result?.violations, id).toEqual([]);
      }
      expect(run.stdout).toMatch(
        /^GET +\/api\/v1\/user\/\{uuid\}\/signIns +\d+ calls?: 404 +not offered +not offered by the backend \(answered 404\)$/m,
      );
      expect(run.stdout).toMatch(
        new RegExp(
          `^Extensions: 0 of ${EXTENSIONS.length} offered, 0 of them conform, \\d+ not offered, \\d+ not exercised; not offered: `,
          'm',
        ),
      );
      const junit = readFileSync(join(dir, 'junit.xml'), 'utf8');
      expect(junit).not.toContain('<failure');
      expect(junit).toMatch(/<testsuite name="contract extensions http:[^"]+" tests="\d+" failures="0" skipped="\d+"/);
      expect(junit).toContain(
        '<testcase classname="checkAccess" name="GET /api/v1/access/check">\n      <skipped message="not offered by the backend (answered 404)"/>',
      );
    },
    SLOW,
  );

  it(
    'with --allow-writes: every spec operation conforms, every extension is named as not offered, every list count as it was',
    async () => {
      const before = await listCounts(specOnly);
      const report = await check(specOnly.url, { allowWrites: true });
      expect(failing(report)).toEqual({});
      expect(report.conforming).toBe(report.exercised);
      expect(report.exercised / report.total).toBeGreaterThanOrEqual(0.9);
      expect([...report.extensionSummary.notOffered].sort()).toEqual([...extensionIds].sort());
      expect(report.extensions.every((o) => o.outcome === 'not offered')).toBe(true);
      expect(JSON.stringify(report)).not.toContain('authentication ignored');
      expect(await listCounts(specOnly)).toEqual(before);
    },
    SLOW,
  );

  it(
    'with --require-extensions the command exits 1, each missing extension a failure',
    async () => {
      const run = await command([
        '--target',
        specOnly.url,
        '--username',
        USERNAME,
        '--password',
        PASSWORD,
        '--timeout',
        '60000',
        '--require-extensions',
      ]);
      expect(run.code, run.stderr).toBe(1);
      expect(run.stdout).toMatch(
        /^GET +\/api\/v1\/access\/check .* FAIL +404 \/status: not offered \(answered 404\), and --require-extensions asks for it$/m,
      );
      // The spec operations still conform: the score says so.
      expect(run.stdout).toMatch(/^Score: {4}(\d+)\/\1 exercised spec operations conform \(100\.0%\)$/m);
    },
    SLOW,
  );
});

describe('against a spec-only backend of another make (discovery behind a sign-in wall, a web page for an unknown GET, 405)', () => {
  let front: ForeignBackend;
  beforeAll(async () => {
    front = await startForeignBackend(dev.url);
  });
  afterAll(async () => {
    await front?.stop();
  });

  it('with --allow-writes: every spec operation conforms and every extension is named as not offered, none failed', async () => {
    const report = await check(front.origin, { allowWrites: true });
    expect(failing(report)).toEqual({});
    expect(report.conforming).toBe(report.exercised);
    // The extensions that write without a body (unlock, the sign-outs, the start of a factor's
    // enrolment) are asked without a token only (so that nothing can change): behind a wall that
    // refuses every such call, whether they are there cannot be told, and the report says so.
    const bodiless = [
      'unlockUser',
      'logoutUserEverywhere',
      'logoutUserSession',
      'startTotpEnrolment',
      'startPasskeyEnrolment',
      'endOwnSession',
    ];
    const extensionIds = contract.operations
      .filter((o) => o.extension && !bodiless.includes(o.operationId))
      .map((o) => o.operationId);
    expect([...report.extensionSummary.notOffered].sort()).toEqual([...extensionIds].sort());
    for (const id of bodiless)
      expect(
        report.extensions.find((o) => o.operationId === id),
        id,
      ).toMatchObject({
        outcome: 'not exercised',
        note: 'cannot be told without changing a record: the backend answers 401 to a call without a token whatever its path',
      });
    expect(JSON.stringify(report)).not.toContain('authentication ignored');
    // The front answered in the backend's place each way its make does.
    const answered = front.answered.join('\n');
    expect(answered).toMatch(/^GET \/userprofile\/\.well-known\/openid-configuration 401$/m);
    expect(answered).toMatch(/^GET \/userprofile\/api\/v1\/access\/check 200$/m);
    expect(answered).toMatch(/^POST \/userprofile\/api\/v1\/user\/bulk 405$/m);
  }, 180_000);
});

describe('against a backend that drifted from the document', () => {
  let drift: Backend;
  let report: Report;
  beforeAll(async () => {
    drift = await driftingBackend(dev.app);
    report = await check(drift.url, { allowWrites: true });
  });
  afterAll(async () => {
    await drift?.close();
  });

  it('reports each breakage with its reason', () => {
    const found = failing(report);
    expect(found[DRIFTS.wrongType]).toContain('/0/name: must be string, got integer');
    expect(found[DRIFTS.missingRequired]).toContain('/0/name: required, missing');
    expect(found[DRIFTS.undocumentedStatus]).toEqual([
      expect.stringMatching(/^\/status: status 202 is not documented/),
    ]);
    expect(found[DRIFTS.undocumentedMediaType]).toEqual([
      expect.stringMatching(/^\/content-type: text\/plain is not documented \(documented: application\/json\)/),
    ]);
    expect(found[DRIFTS.serverError]).toContain('/status: server error 500');
    expect(found[DRIFTS.ignoredToken]).toEqual([
      '/status: no token answered 200, expected 401 (authentication ignored)',
      '/status: a tampered token answered 200, expected 401 (authentication ignored)',
    ]);
    expect(found[DRIFTS.stillThereAfterDelete]).toEqual([
      '/status: the record is still there after its delete: 200, expected 404',
    ]);
    expect(found[DRIFTS.badBodyAccepted]).toEqual([
      '/status: a body that breaks the schema answered 200, expected 400',
    ]);
  });

  it('reports nothing for what it left alone; an extra property is a warning that does not fail', () => {
    const expected = Object.values(DRIFTS).filter((id) => id !== DRIFTS.extraProperty);
    expect(Object.keys(failing(report)).sort()).toEqual([...expected].sort());
    const me = report.operations.find((o) => o.operationId === DRIFTS.extraProperty);
    expect(me?.outcome).toBe('pass');
    expect(me?.violations.map((v) => [v.pointer, v.severity])).toEqual([['/tenantId', 'warning']]);
  });

  it('fails the extra property with --strict, and the command exits 1 with the reasons in the table', async () => {
    const run = await command(['--target', drift.url, '--username', USERNAME, '--password', PASSWORD, '--strict']);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(
      /^GET +\/api\/v1\/me .* FAIL +200 \/tenantId: not allowed by the document \(additionalProperties: false\)/m,
    );
    expect(run.stdout).toMatch(/^GET +\/api\/v1\/location\/list .* FAIL +200 \/0\/name: must be string, got integer$/m);
    expect(run.stdout).toMatch(/^Score: {4}\d+\/\d+ exercised spec operations conform/m);
  });
});

describe('when the check cannot run, the command says so in one line and exits 2', () => {
  it('the target is unreachable', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const run = await command(['--target', closed, '--username', USERNAME, '--password', PASSWORD]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`contract: cannot reach ${closed}: GET /userprofile/config.json: ECONNREFUSED\n`);
  });

  it('the sign-in is refused', async () => {
    const run = await command(['--target', dev.url, '--username', USERNAME, '--password', 'wrong-password']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^contract: sign-in refused: POST \/userprofile\/login answered 401 .*\n$/);
  });

  it('the token is refused', async () => {
    const run = await command(['--target', dev.url, '--token', 'not-a-token']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('contract: the token was refused: GET /api/v1/me answered 401\n');
  });

  it('a flag is wrong', async () => {
    const run = await command(['--target', dev.url, '--token', 't', '--concurrency', '0']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('contract: --concurrency must be a positive whole number, got "0"\n');
  });
});
