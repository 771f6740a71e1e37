// The installed package's install script. Node 22.13 and later have SQLite
// built in (node:sqlite): nothing is built, nothing fetched. Node 20 has not:
// better-sqlite3 is installed (and compiled, where no prebuilt binary can be
// had) into sqlite-binding/, beside the bundles, where the backend looks for it.
// Not node_modules/: npm would prune a package there that this one does not declare.
'use strict';
const { spawnSync } = require('node:child_process');
const { existsSync, mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const BINDING = 'better-sqlite3@12.11.1';

if (typeof process.getBuiltinModule === 'function' && process.getBuiltinModule('node:sqlite')) process.exit(0);

const dir = path.join(__dirname, 'sqlite-binding');
if (existsSync(path.join(dir, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'))) process.exit(0);
mkdirSync(dir, { recursive: true });
writeFileSync(
  path.join(dir, 'package.json'),
  `${JSON.stringify({ name: 'userprofile-sqlite-binding', private: true, description: 'better-sqlite3 for Node 20' })}\n`,
);
console.log(`@userprofile/dev-backend: Node ${process.versions.node} has no node:sqlite; installing ${BINDING} ...`);
// npm's own CLI when it runs this script, so the same npm (and its settings, its cache) does the work.
const npmCli =
  process.env.npm_execpath && /npm-cli\.js$/.test(process.env.npm_execpath) ? process.env.npm_execpath : null;
const [command, args] = npmCli ? [process.execPath, [npmCli]] : ['npm', []];
const result = spawnSync(
  command,
  [...args, 'install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--omit=dev', BINDING],
  { cwd: dir, stdio: 'inherit', shell: !npmCli && process.platform === 'win32' },
);
if (result.status !== 0) {
  console.error(
    `@userprofile/dev-backend: could not install ${BINDING} (exit ${result.status}); the backend needs it on Node 20. Use Node 22.13 or later, or install a C++ tool chain and run \`npm rebuild @userprofile/dev-backend\`.`,
  );
  process.exit(1);
}
