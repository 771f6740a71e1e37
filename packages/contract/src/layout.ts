// Where the package's files are in this checkout. The packed build
// (scripts/pack.mjs) bundles layout.packed.ts in this module's place, so the
// same code finds them in an installed package's own layout.
import { fileURLToPath } from 'node:url';

/** The OpenAPI document every check and every route starts from. */
export const DOCUMENT_FILE = fileURLToPath(new URL('../../../openapi/userprofile.yaml', import.meta.url));
/** Where parsed documents are kept between processes: the checkout's own cache folder. */
export const PARSED_CACHE = fileURLToPath(
  new URL('../../../node_modules/.cache/userprofile-openapi/', import.meta.url),
);
/** How a person runs the conformance check here, for its --help. */
export const CONTRACT_COMMAND = 'npm run contract --';
/** How its one-line errors begin. */
export const PROGRAM = 'contract';
