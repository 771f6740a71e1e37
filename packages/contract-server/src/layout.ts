// Where the dev backend's files are in this checkout. The packed build
// (scripts/pack.mjs) bundles layout.packed.ts in this module's place.
import { fileURLToPath } from 'node:url';

/** The built console (`vite build`), served under /userprofile/ when it exists. */
export const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
/** Where `npm start` keeps its state unless told otherwise: .data/ at the repository root. */
export const defaultDataDir = (): string => fileURLToPath(new URL('../../../.data', import.meta.url));
/** How a person starts it here, for its --help. */
export const COMMAND = 'npm start --';
/** Where better-sqlite3 (the database on Node 20, which has no node:sqlite) is looked up from. */
export const SQLITE_BINDING_FROM = import.meta.url;
/** What to do when it is missing. */
export const SQLITE_BINDING_HINT = 'run `npm start` (or scripts/setup.mjs) to install it, or use Node 22.13 or later.';
