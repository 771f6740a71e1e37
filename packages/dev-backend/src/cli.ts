// `userprofile-dev-backend` (and `npm start` in this repository): starts the
// dev backend, prints where and how to sign in, then the line `ready URL` that
// scripts wait on, and stops cleanly on SIGINT or SIGTERM. Flags win over the
// environment variables the command has always read (PORT, DATA_DIR, ...).
// Exit codes: 0 stopped by a signal, 1 could not start or failed, 2 usage.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseYamlDocument } from '@userprofile/contract/document';
import { DOCUMENT_FILE } from '@userprofile/contract/layout';
import { COMMAND, defaultDataDir } from '@userprofile/contract-server/layout';
import { DevBackendStartError } from './errors.ts';
import { start } from './start.ts';
import { printStartBlock } from './start-block.ts';
import type { DevBackendOptions } from './types.ts';

const NAME = 'userprofile-dev-backend';
const DEFAULT_PORT = 8080;

const USAGE = `Usage: ${COMMAND} [options]

The suite's dev backend: every call of the User Profile API (OpenAPI document
${DOCUMENT_FILE}) with real behaviour and seeded data, its
OAuth2 provider and sign-in pages, and the console under /userprofile/.
Once it answers it prints "ready URL" (the console's URL) on a line of its own;
GET /__mock/ready answers 200 {"ready":true} from then on (503 before).

Options:
  --port N              port to listen on; 0 takes a free one (default ${DEFAULT_PORT}, env PORT)
  --host HOST           address to listen on (default 127.0.0.1, env HOST); any other lets
                        other machines sign in as the seeded accounts
  --public-origin URL   the origin browsers see, when not http://HOST:PORT (env PUBLIC_ORIGIN)
  --data-dir DIR        where the state is kept (default ${defaultDataDir()},
                        env DATA_DIR); ":memory:" keeps nothing
  --fresh               start from the seed (and fixtures) again, whatever DIR holds
  --fixtures FILE       your application, OAuth2 client and users, in YAML or JSON
                        (the format: the package's README and fixtures.schema.json)
  --seed-users N        generated users besides the seeded accounts (default 300, env SEED_USERS)
  --seed-from FILE      a snapshot (GET /__mock/snapshot) to start from instead of the seed
  --extensions on|off   off: offer spec §7 calls only, as a backend without our extensions
                        (default on, env EXTENSIONS)
  --backend URL         proxy mode: the API and sign-in go to this real backend, every answer
                        checked against the document (env USERPROFILE_BACKEND)
  --mock-api on|off     off: no mock control API (/__mock/*) and no fault injection (env MOCK_API)
  --mock-token TOKEN    lets callers on other machines use /__mock/* with the header
                        X-Mock-Token (default: a random one, printed; env MOCK_TOKEN)
  --log-requests        log every request, as JSON lines (env LOG_REQUESTS=true)
  -q, --quiet           print only the ready line (and warnings, errors)
  -v, --version         print the version, the document's and the fixtures format's
  -h, --help            show this help

Environment only: SEED_PASSWORD (the seeded accounts' password, default Passw0rd!),
SSO_ENABLED, SSO_AUTO_REDIRECT, SUPPORT_EMAIL, TOKEN_TTL_SECONDS, HISTORY_LIMIT,
HISTORY_RETENTION_DAYS, ACTIVITY_MAX_EVENTS (default 2000000), ACTIVITY_RETENTION_DAYS
(default 90), CONTRACT_VALIDATION (proxy mode: off or full).

Exit status: 0 stopped by SIGINT or SIGTERM, 1 it could not start (port in use,
data folder refused, fixtures refused) or failed, 2 bad usage.`;

class UsageError extends Error {}

const SWITCH = /^(on|off|true|false|yes|no|1|0)$/i;
const isOn = (value: string) => /^(on|true|yes|1)$/i.test(value);

/** An on/off flag's value, or the environment's (where only off, false, 0 and no switch it off). */
function onOff(flag: string, value: string | undefined, env: string | undefined): boolean | undefined {
  if (value !== undefined) {
    if (!SWITCH.test(value)) throw new UsageError(`--${flag} takes on or off, got ${JSON.stringify(value)}`);
    return isOn(value);
  }
  return env === undefined || env === '' ? undefined : !/^(off|false|0|no)$/i.test(env);
}

function wholeNumber(what: string, value: string | undefined, max: number): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n > max)
    throw new UsageError(`${what} must be a whole number from 0 to ${max}, got ${JSON.stringify(value)}`);
  return n;
}

function parse(argv: string[], env: NodeJS.ProcessEnv) {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; strict: true; allowPositionals: false }>>;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false });
  } catch (error) {
    // Node's message ("Unknown option '--prot'. To specify a positional ...") up to its first sentence.
    throw new UsageError((error as Error).message.split(/\.\s/)[0]?.replace(/\.$/, '') ?? 'bad usage');
  }
  const o = parsed.values;
  const options: DevBackendOptions = {
    port: wholeNumber(o.port !== undefined ? '--port' : 'PORT', o.port ?? env.PORT, 65_535) ?? DEFAULT_PORT,
    host: o.host ?? (env.HOST || '127.0.0.1'),
    dataDir: o['data-dir'] ?? (env.DATA_DIR || defaultDataDir()),
    fresh: o.fresh === true,
    mockToken: o['mock-token'] ?? (env.MOCK_TOKEN || randomBytes(18).toString('base64url')),
    logRequests: o['log-requests'] === true || env.LOG_REQUESTS === 'true',
  };
  const seedUsers = wholeNumber(
    o['seed-users'] !== undefined ? '--seed-users' : 'SEED_USERS',
    o['seed-users'] ?? env.SEED_USERS,
    1_000_000,
  );
  if (seedUsers !== undefined) options.seedUsers = seedUsers;
  const publicOrigin = o['public-origin'] ?? env.PUBLIC_ORIGIN;
  if (publicOrigin) {
    if (!/^https?:\/\/[^/]+\/?$/.test(publicOrigin))
      throw new UsageError(
        `--public-origin must be a scheme, host and port, e.g. http://127.0.0.1:8080, got ${JSON.stringify(publicOrigin)}`,
      );
    options.publicOrigin = publicOrigin;
  }
  const backend = o.backend ?? env.USERPROFILE_BACKEND;
  if (backend) {
    if (!/^https?:\/\/[^/]/.test(backend))
      throw new UsageError(`--backend must be an http(s) URL, got ${JSON.stringify(backend)}`);
    options.backend = backend;
  }
  if (o.fixtures !== undefined) options.fixtures = o.fixtures;
  const seedFrom = o['seed-from'] ?? env.SEED_FROM;
  if (seedFrom) options.seedFrom = seedFrom;
  const extensions = onOff('extensions', o.extensions, env.EXTENSIONS);
  if (extensions !== undefined) options.extensions = extensions;
  const mockApi = onOff('mock-api', o['mock-api'], env.MOCK_API);
  if (mockApi !== undefined) options.mockApi = mockApi;
  return { options, help: o.help === true, version: o.version === true, quiet: o.quiet === true };
}

const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  'public-origin': { type: 'string' },
  'data-dir': { type: 'string' },
  fresh: { type: 'boolean' },
  fixtures: { type: 'string' },
  'seed-users': { type: 'string' },
  'seed-from': { type: 'string' },
  extensions: { type: 'string' },
  backend: { type: 'string' },
  'mock-api': { type: 'string' },
  'mock-token': { type: 'string' },
  'log-requests': { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
  version: { type: 'boolean', short: 'v' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The fixtures format's major version: the `version` of fixtures.schema.json's format, changed only by a major release. */
const FIXTURES_FORMAT = 1;

function version(): string {
  const own = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  const document = parseYamlDocument(readFileSync(DOCUMENT_FILE, 'utf8')) as { info?: { version?: string } };
  return `${NAME} ${own.version} (OpenAPI document ${document.info?.version ?? 'unknown'}, fixtures format ${FIXTURES_FORMAT})`;
}

/** One line on stderr, whatever the message quotes (a file name, a record kind). */
function fail(message: string, code: 1 | 2): never {
  process.stderr.write(`${NAME}: ${message.replace(/\s*[\r\n]+\s*/g, ' ')}\n`);
  process.exit(code);
}

async function main(): Promise<void> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(process.argv.slice(2), process.env);
  } catch (error) {
    if (error instanceof UsageError) fail(`${error.message} (see --help)`, 2);
    throw error;
  }
  if (args.help) return void process.stdout.write(`${USAGE}\n`);
  if (args.version) return void process.stdout.write(`${version()}\n`);

  const started = performance.now();
  let backend: Awaited<ReturnType<typeof start>>;
  try {
    backend = await start(args.options, { port: DEFAULT_PORT, dataDir: defaultDataDir() });
  } catch (error) {
    if (error instanceof DevBackendStartError) fail(`cannot start: ${error.message}`, 1);
    throw error;
  }
  // A stop that comes while the start block prints closes it once the block is out.
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) process.exit(1);
      stopping = true;
      backend.stop().then(
        () => process.exit(0),
        (error: unknown) => fail(`stopping failed: ${(error as Error).message}`, 1),
      );
    });
  }
  // npx and npm exec end on SIGTERM without passing it on: once whatever started this process is
  // gone, stop too, rather than hold the port and the data folder with nobody left to stop it.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
  }, 250).unref();
  printStartBlock(backend, args.options, { quiet: args.quiet, startedMs: started });
  process.stdout.write(`ready ${backend.url}\n`);
}

main().catch((error: unknown) => fail(`internal error: ${(error as Error).stack ?? String(error)}`, 1));
