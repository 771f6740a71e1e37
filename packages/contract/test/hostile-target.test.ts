// The check facing a hostile target: what it reads is
// bounded (bytes, inflated bytes, depth), past a bound that one operation
// fails with a clear reason and every report is still written; the target's
// text never reaches the table, the progress lines or the JUnit file raw.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const API = '/userprofile/api/v1';

type Answer = (res: ServerResponse) => void;
const json =
  (body: string | Buffer, headers: Record<string, string> = {}): Answer =>
  (res) => {
    res.writeHead(200, { 'content-type': 'application/json', ...headers });
    res.end(body);
  };
let answers = new Map<string, Answer>();
let server: Server;
let target: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = (req.url ?? '').split('?', 1)[0] as string;
    const answer = answers.get(path);
    if (answer) return answer(res);
    if (path === `${API}/me` || path.endsWith('/config.json') || path.endsWith('/frontendconfig'))
      return json('{}')(res);
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"statusCode":404,"error":"Not Found","message":"Not Found"}');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));
beforeEach(() => {
  answers = new Map();
});

/** The real command, as `npm run contract -- ...` runs it, with every report asked for. */
function contract(args: string[] = []) {
  const dir = mkdtempSync(join(tmpdir(), 'contract-hostile-'));
  const files = { junit: join(dir, 'junit.xml'), json: join(dir, 'report.json') };
  const child = spawn(
    process.execPath,
    [
      join(root, 'node_modules/tsx/dist/cli.mjs'),
      'packages/contract/src/cli.ts',
      '--target',
      target,
      '--token',
      'a.b.c',
      '--progress',
      '--junit',
      files.junit,
      '--json',
      files.json,
      ...args,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d;
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d;
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string; junit: string; report: string }>((done) =>
    child.on('close', (code) =>
      done({
        code,
        stdout,
        stderr,
        junit: existsSync(files.junit) ? readFileSync(files.junit, 'utf8') : '',
        report: existsSync(files.json) ? readFileSync(files.json, 'utf8') : '',
      }),
    ),
  );
}

/** The row of the table for an operation, and the reasons below it. */
const row = (stdout: string, path: string) =>
  stdout.split('\n').find((l) => new RegExp(`^GET +${path.replace(/[/{}]/g, '\\$&')} `).test(l)) ?? '';

const reasonsOf = (report: string, operationId: string): string[] => {
  const parsed = JSON.parse(report) as {
    operations: { operationId: string; violations: { pointer: string; reason: string }[] }[];
  };
  return (parsed.operations.find((o) => o.operationId === operationId)?.violations ?? []).map(
    (v) => `${v.pointer}: ${v.reason}`,
  );
};

describe('what the check reads from the target is bounded', () => {
  it('a 20,000-deep JSON answer fails its operation with the reason, and every report is written', async () => {
    // A cluster tree 10,000 levels down (20,000 brackets): its schema is recursive, so is its validation.
    const uuid = '6f1c1f0e-3b8a-4d52-9a57-2f3c5f0b7d10';
    answers.set(
      `${API}/cluster/list`,
      json(`[${`{"uuid":"${uuid}","name":"n","children":[`.repeat(10_000)}${']}'.repeat(10_000)}]`),
    );
    const run = await contract();
    expect(run.stderr).not.toContain('internal error');
    expect(run.code, run.stderr).toBe(1);
    expect(row(run.stdout, '/api/v1/cluster/list')).toMatch(/FAIL +200 \(body\): nested deeper than 256 levels/);
    expect(reasonsOf(run.report, 'listClusters')).toContain(': nested deeper than 256 levels: not checked');
    expect(run.junit).toContain('name="GET /api/v1/cluster/list"');
  });

  it('an answer past --max-answer-bytes is not read further: its operation fails, the others go on', async () => {
    answers.set(`${API}/location/list`, (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, ' ');
      let sent = 0;
      const more = () => {
        while (sent < 3 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end('[]');
      };
      more();
    });
    const run = await contract(['--max-answer-bytes', '1000000']);
    expect(run.code, run.stderr).toBe(1);
    expect(reasonsOf(run.report, 'listLocations')).toContain(
      '/status: answer larger than 1000000 bytes: not read further',
    );
    // The other operations are judged as usual.
    expect(row(run.stdout, '/api/v1/me')).toMatch(/ calls: 200 /);
  });

  it('a gzip bomb is read only up to the bound, counted as inflated', async () => {
    answers.set(
      `${API}/location/list`,
      json(gzipSync(Buffer.alloc(64 * 1024 * 1024, ' ')), { 'content-encoding': 'gzip' }),
    );
    const run = await contract(['--max-answer-bytes', '1000000']);
    expect(run.code, run.stderr).toBe(1);
    expect(reasonsOf(run.report, 'listLocations')).toContain(
      '/status: answer larger than 1000000 bytes: not read further',
    );
  });
});

describe("the target's text is escaped in every report", () => {
  it('ESC, CR, BEL and NUL from the target never reach the table, the progress lines or the JUnit file', async () => {
    const forged = '\u001b[2K\rScore:    99/99 exercised operations conform (100.0%)\u0007';
    answers.set(
      `${API}/location/list`,
      json(JSON.stringify([{ uuid: 'a', name: 'b', [forged]: 1, '\u0000\u000b': 2 }])),
    );
    answers.set(`${API}/cluster/list`, json(`${forged}\n{`));
    const run = await contract(['--strict']);
    expect(run.code, run.stderr).toBe(1);
    for (const text of [run.stdout, run.stderr]) {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
      expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
      expect(text).not.toMatch(/^Score: +99\/99/m);
    }
    expect(row(run.stdout, '/api/v1/location/list')).toContain('\\x1b[2K\\rScore:');
    // XML 1.0 allows tab, LF and CR only among the control characters; the report keeps none from the target.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
    expect(run.junit).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
    expect(run.junit).toContain('\\x1b[2K\\rScore:');
    expect(run.report).toContain('\\\\x1b[2K\\\\rScore:');
  });
});
