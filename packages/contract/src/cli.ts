// `npm run contract -- --target URL ...` (`userprofile-contract` once packed):
// checks a backend against openapi/userprofile.yaml. Exit 0 when every exercised spec operation and
// every offered extension conforms, 1 when any fails (or, with
// --require-extensions, an extension is not offered), 2 when the check cannot
// run (bad flags, target unreachable, sign-in refused).
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { printable } from './bounds.ts';
import { CannotRun, runCheck } from './check.ts';
import { DOCUMENT_PATH, loadContract } from './document.ts';
import { MAX_ANSWER_BYTES } from './http.ts';
import { CONTRACT_COMMAND, PROGRAM } from './layout.ts';
import { json, junit, table } from './report.ts';
import { createValidator } from './validate.ts';

const USAGE = `Usage: ${CONTRACT_COMMAND} --target URL [options]

Checks a backend against the OpenAPI document (${DOCUMENT_PATH.replace(`${process.cwd()}/`, '')}):
every GET operation, with path parameters found in the list answers, and for
each operation that needs a token the same call with no token and a tampered
one (both must answer 401). Read-only unless --allow-writes.

The score counts the spec operations only. The extensions (operations marked
x-extension: true: calls spec §7 does not have) are listed apart: offered ones
are checked like the rest in their own section; one that answers only 404, 405
or 501 (401 or 403 to a call without a token, a web page to any) is "not
offered", neither a failure nor a warning (a 404 is then never read as
"authentication ignored"). Read-only runs probe the GET extensions only;
--allow-writes probes the others too.

Options:
  --target URL          the backend, e.g. http://127.0.0.1:8080 (required)
  --username NAME       sign in as the console does (login form, authorize with PKCE, token)
  --password PASSWORD   the account's password (or the env variable CONTRACT_PASSWORD)
  --token TOKEN         use this bearer token instead of signing in
  --allow-writes        also exercise the write operations: bodies that break the
                        schema (400 expected), and create, read, update, read, delete,
                        read (404) on records named contract-check-<run id>, all
                        deleted at the end
  --strict              a property the document does not allow fails (default: warning)
  --require-extensions  an extension the backend does not offer fails (default: listed
                        as not offered)
  --junit FILE          write a JUnit XML report (one testcase per operation exercised)
  --json FILE           write the report as JSON
  --concurrency N       requests in flight at once (default 2)
  --timeout MS          time-out per request (default 10000)
  --max-answer-bytes N  read at most N bytes of one answer, counted inflated (default
                        67108864, 64 MiB); a larger answer fails its operation
  --max-requests N      stop after N requests (default: no limit)
  --time-limit S        stop after S seconds (default 600)
  --progress            progress lines even when stderr is not a terminal
  -q, --quiet           no progress lines
  -h, --help            show this help

Progress goes to stderr, one line per operation, when stderr is a terminal;
the table, score and coverage go to stdout.

Exit status: 0 every exercised spec operation and offered extension conforms,
1 some do not (or --require-extensions and an extension is not offered), 2 the
check cannot run (bad flags, target unreachable, sign-in refused).`;

function die(message: string): never {
  // The message may quote the target's answer (a refused sign-in): one printable line.
  process.stderr.write(`${PROGRAM}: ${printable(message)}\n`);
  process.exit(2);
}

const positive = (flag: string, value: string | undefined, fallback: number): number => {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) die(`--${flag} must be a positive whole number, got ${JSON.stringify(value)}`);
  return n;
};

async function main(argv: string[]): Promise<number> {
  let args: ReturnType<typeof parse>;
  function parse() {
    return parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        target: { type: 'string' },
        username: { type: 'string' },
        password: { type: 'string' },
        token: { type: 'string' },
        'allow-writes': { type: 'boolean' },
        strict: { type: 'boolean' },
        'require-extensions': { type: 'boolean' },
        junit: { type: 'string' },
        json: { type: 'string' },
        concurrency: { type: 'string' },
        timeout: { type: 'string' },
        'max-answer-bytes': { type: 'string' },
        'max-requests': { type: 'string' },
        'time-limit': { type: 'string' },
        progress: { type: 'boolean' },
        quiet: { type: 'boolean', short: 'q' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  }
  try {
    args = parse();
  } catch (error) {
    die(`${(error as Error).message} (see --help)`);
  }
  const o = args.values;
  if (o.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (!o.target) die('--target URL is required (see --help)');
  const password = o.password ?? process.env.CONTRACT_PASSWORD;
  if (o.token && o.username) die('give either --token or --username with --password, not both');
  if (!o.token && !o.username) die('give --username and --password, or --token');
  if (o.username && password === undefined) die('--username needs --password (or CONTRACT_PASSWORD)');
  const showProgress = !o.quiet && (o.progress === true || process.stderr.isTTY === true);
  const contract = loadContract();
  const validator = createValidator(contract);
  try {
    const report = await runCheck(contract, validator, {
      target: o.target,
      ...(o.username ? { username: o.username, password } : {}),
      ...(o.token ? { token: o.token } : {}),
      allowWrites: o['allow-writes'] === true,
      strict: o.strict === true,
      requireExtensions: o['require-extensions'] === true,
      concurrency: positive('concurrency', o.concurrency, 2),
      timeoutMs: positive('timeout', o.timeout, 10_000),
      maxAnswerBytes: positive('max-answer-bytes', o['max-answer-bytes'], MAX_ANSWER_BYTES),
      maxRequests: positive('max-requests', o['max-requests'], Number.MAX_SAFE_INTEGER),
      timeLimitS: positive('time-limit', o['time-limit'], 600),
      progress: showProgress ? (line) => process.stderr.write(`${line}\n`) : undefined,
    });
    process.stdout.write(`${table(report)}\n`);
    if (o.junit) writeFileSync(o.junit, junit(report));
    if (o.json) writeFileSync(o.json, json(report));
    return [...report.operations, ...report.extensions].some((op) => op.outcome === 'fail') ? 1 : 0;
  } catch (error) {
    if (error instanceof CannotRun) die(error.message);
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => die(`internal error: ${(error as Error).stack ?? String(error)}`),
);
