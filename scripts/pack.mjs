#!/usr/bin/env node
// `npm run pack`: builds the two packages other teams install and writes their
// tarballs, printing each tarball's path on a line of its own (progress goes to
// stderr, so `npm run -s pack` gives only the paths):
//
//   @userprofile/dev-backend  bin userprofile-dev-backend: the dev backend, its OAuth2
//                             provider and sign-in pages, the console, the document
//   @userprofile/contract     bin userprofile-contract: the conformance check
//
// Each is compiled JavaScript bundled by esbuild with every dependency inside
// (the pnpm patches applied, nothing to fetch at install), its types (.d.ts),
// the OpenAPI document and that document already parsed (no YAML parse at
// run time). The one native piece, better-sqlite3, is built by the dev
// backend's install script only on Node 20, which lacks node:sqlite.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const USAGE = `Usage: npm run pack [-- options]

Builds @userprofile/dev-backend and @userprofile/contract and writes their
tarballs; prints each tarball's path on a line of its own (progress on stderr).

Options:
  --out DIR          where the tarballs go (default .packs/ at the repository root)
  --only NAME        build one: dev-backend or contract
  --skip-console     use the console already built in packages/web/dist
  -h, --help         show this help

Exit status: 0 both written, 1 a build failed, 2 bad usage.`;

function fail(message, code = 1) {
  process.stderr.write(`pack: ${message}\n`);
  process.exit(code);
}

let args;
try {
  args = parseArgs({
    options: {
      out: { type: 'string' },
      only: { type: 'string' },
      'skip-console': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  }).values;
} catch (error) {
  fail(`${error.message.split(/\.\s/)[0]} (see --help)`, 2);
}
if (args.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (args.only && !['dev-backend', 'contract'].includes(args.only))
  fail(`--only takes dev-backend or contract, got ${JSON.stringify(args.only)} (see --help)`, 2);

const out = args.out ? resolve(args.out) : join(root, '.packs');
const progress = (line) => process.stderr.write(`${line}\n`);
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const DOCUMENT = join(root, 'openapi/userprofile.yaml');
const { build } = await import('esbuild');
const { parse } = await import('yaml');
const ts = (await import('typescript')).default;

/** Every module of this checkout whose packed twin (layout.packed.ts) says where files are in the package. */
const packedLayout = {
  name: 'packed-layout',
  setup(b) {
    b.onResolve({ filter: /(^|\/)layout(\.ts)?$/ }, async (resolveArgs) => {
      if (resolveArgs.pluginData?.packed) return undefined;
      const found = await b.resolve(resolveArgs.path, {
        kind: resolveArgs.kind,
        resolveDir: resolveArgs.resolveDir,
        importer: resolveArgs.importer,
        pluginData: { packed: true },
      });
      if (found.errors.length > 0 || !found.path.endsWith('/layout.ts')) return found;
      const twin = found.path.replace(/layout\.ts$/, 'layout.packed.ts');
      if (!existsSync(twin)) return found;
      return { path: twin };
    });
  },
};

/** Bundles `entries` (name → source) into dir/dist: ESM for Node 20.19+, one shared chunk. */
async function bundle(dir, entries) {
  const result = await build({
    absWorkingDir: root,
    entryPoints: entries,
    outdir: join(dir, 'dist'),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    // Beside the entries, not in a folder below: layout.packed.ts finds the package's files from dist/.
    chunkNames: '[name]-[hash]',
    // The bins run as they are (a hashbang is valid at the top of any module); CommonJS dependencies
    // inside an ES module bundle still call require().
    banner: {
      js: "#!/usr/bin/env node\nimport { createRequire as __packCreateRequire } from 'node:module';\nconst require = __packCreateRequire(import.meta.url);",
    },
    plugins: [packedLayout],
    legalComments: 'linked',
    logLevel: 'warning',
    metafile: true,
  });
  const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
  progress(`  bundled ${Object.keys(entries).join(', ')}: ${(bytes / 2 ** 20).toFixed(1)} MiB`);
}

/**
 * Files a bundled dependency reads from beside its own module at run time, which bundling moves
 * into dist/: the OpenAPI meta-schemas the route glue validates the document with.
 */
function copyFilesDependenciesRead(dir) {
  const glue = realpathSync(join(root, 'packages/contract-server/node_modules/fastify-openapi-glue'));
  cpSync(join(glue, '../@seriousme/openapi-schema-validator/schemas'), join(dir, 'dist/schemas'), { recursive: true });
}

/** The OpenAPI document and its JSON, named by the text's SHA-256 as the document loader looks it up. */
function copyDocument(dir) {
  const text = readFileSync(DOCUMENT, 'utf8');
  mkdirSync(join(dir, 'openapi/parsed'), { recursive: true });
  writeFileSync(join(dir, 'openapi/userprofile.yaml'), text);
  const key = createHash('sha256').update(text).digest('hex');
  writeFileSync(join(dir, 'openapi/parsed', `${key}.json`), JSON.stringify(parse(text)));
  return parse(text).info.version;
}

/** .d.ts of modules whose exports are typed in full (no inference needed), with .js specifiers. */
function declarations(dir, files) {
  for (const file of files) {
    const source = readFileSync(join(root, file), 'utf8');
    const { outputText, diagnostics } = ts.transpileDeclaration(source, {
      fileName: file,
      compilerOptions: { allowImportingTsExtensions: true, module: ts.ModuleKind.ESNext, strict: true },
      reportDiagnostics: true,
    });
    if (diagnostics?.length)
      throw new Error(`${file}: ${ts.flattenDiagnosticMessageText(diagnostics[0].messageText, ' ')}`);
    const name = file.split('/').pop().replace(/\.ts$/, '.d.ts');
    writeFileSync(join(dir, 'dist', name), outputText.replace(/(from '\.\/[^']+)\.ts'/g, "$1.js'"));
  }
}

function npmPack(dir) {
  mkdirSync(out, { recursive: true });
  const r = spawnSync('npm', ['pack', '--json', '--pack-destination', out], { cwd: dir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm pack failed: ${r.stderr.trim().split('\n').pop()}`);
  const [{ filename, size, unpackedSize, entryCount }] = JSON.parse(r.stdout);
  progress(
    `  ${filename}: ${(size / 2 ** 20).toFixed(1)} MiB (${(unpackedSize / 2 ** 20).toFixed(1)} MiB unpacked, ${entryCount} files)`,
  );
  return join(out, filename);
}

function staging(name) {
  const dir = join(root, '.packs/staging', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

const common = {
  type: 'module',
  engines: rootPackage.engines,
  license: 'UNLICENSED',
  keywords: ['userprofile', 'oauth2', 'openapi', 'dev-backend', 'testing'],
};

async function devBackend() {
  progress('@userprofile/dev-backend');
  const source = JSON.parse(readFileSync(join(root, 'packages/dev-backend/package.json'), 'utf8'));
  const dir = staging('dev-backend');
  await bundle(dir, { index: 'packages/dev-backend/src/index.ts', cli: 'packages/dev-backend/src/cli.ts' });
  declarations(dir, [
    'packages/dev-backend/src/index.ts',
    'packages/dev-backend/src/types.ts',
    'packages/dev-backend/src/errors.ts',
  ]);
  copyFilesDependenciesRead(dir);
  const documentVersion = copyDocument(dir);
  if (!existsSync(join(root, 'packages/web/dist/index.html'))) throw new Error('the console is not built');
  cpSync(join(root, 'packages/web/dist'), join(dir, 'console'), { recursive: true });
  cpSync(join(root, 'packages/contract-server/src/fixtures/schema.json'), join(dir, 'fixtures.schema.json'));
  cpSync(join(root, 'packages/dev-backend/install.cjs'), join(dir, 'install.cjs'));
  cpSync(join(root, 'packages/dev-backend/README.md'), join(dir, 'README.md'));
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify(
      {
        name: '@userprofile/dev-backend',
        version: source.version,
        description:
          "The User Profile suite's dev backend: every API call for real on seeded data, its OAuth2 provider and sign-in pages, and the console; one command or one function, ready signal, fixtures by intent",
        ...common,
        bin: { 'userprofile-dev-backend': 'dist/cli.js' },
        exports: {
          '.': { types: './dist/index.d.ts', default: './dist/index.js' },
          './fixtures.schema.json': './fixtures.schema.json',
          './openapi.yaml': './openapi/userprofile.yaml',
          './package.json': './package.json',
        },
        types: './dist/index.d.ts',
        scripts: { install: 'node install.cjs' },
        userprofile: { openapiVersion: documentVersion, fixturesFormat: 1 },
      },
      null,
      2,
    )}\n`,
  );
  return npmPack(dir);
}

async function contract() {
  progress('@userprofile/contract');
  const source = JSON.parse(readFileSync(join(root, 'packages/contract/package.json'), 'utf8'));
  const dir = staging('contract');
  await bundle(dir, { cli: 'packages/contract/src/cli.ts' });
  const documentVersion = copyDocument(dir);
  cpSync(join(root, 'packages/contract/README.md'), join(dir, 'README.md'));
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify(
      {
        name: '@userprofile/contract',
        version: source.version,
        description:
          'The conformance check of the User Profile API: scores any backend against the OpenAPI document, with table, JUnit and JSON reports',
        ...common,
        bin: { 'userprofile-contract': 'dist/cli.js' },
        exports: { './openapi.yaml': './openapi/userprofile.yaml', './package.json': './package.json' },
        userprofile: { openapiVersion: documentVersion },
      },
      null,
      2,
    )}\n`,
  );
  return npmPack(dir);
}

try {
  if (!args['skip-console'] && args.only !== 'contract') {
    progress('building the console ...');
    const r = spawnSync(
      process.execPath,
      [join(root, 'scripts/pnpm.mjs'), '--filter', '@userprofile/web', 'run', 'build'],
      {
        cwd: root,
        stdio: ['ignore', 2, 2],
      },
    );
    if (r.status !== 0) throw new Error('the console build failed');
  }
  const tarballs = [];
  if (args.only !== 'contract') tarballs.push(await devBackend());
  if (args.only !== 'dev-backend') tarballs.push(await contract());
  for (const tarball of tarballs) process.stdout.write(`${tarball}\n`);
} catch (error) {
  fail(error instanceof Error ? error.message.split('\n')[0] : String(error));
}
