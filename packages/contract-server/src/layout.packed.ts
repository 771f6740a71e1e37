// The installed package's layout (scripts/pack.mjs bundles this module in place
// of layout.ts): the bundles in dist/ beside the built console in console/.
// Its state is kept in the folder it is started from unless told otherwise.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const WEB_DIST = fileURLToPath(new URL('../console', import.meta.url));
export const defaultDataDir = (): string => path.resolve('.userprofile-dev-backend');
export const COMMAND = 'userprofile-dev-backend';
/**
 * On Node 20 the package's install script (install.cjs) builds better-sqlite3 into sqlite-binding/,
 * a folder npm does not prune as it would an undeclared package in node_modules/.
 */
export const SQLITE_BINDING_FROM = fileURLToPath(new URL('../sqlite-binding/package.json', import.meta.url));
export const SQLITE_BINDING_HINT =
  'its install script builds it on Node 20; if scripts were skipped (an npm that asks first, --ignore-scripts, pnpm), run `npm install-scripts approve @userprofile/dev-backend` where npm asks, then `npm rebuild @userprofile/dev-backend`; or use Node 22.13 or later.';
