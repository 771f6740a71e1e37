// The installed package's layout (scripts/pack.mjs bundles this module in place
// of layout.ts): the bundles in dist/, the document in openapi/, and the
// document already parsed, by its text's hash, in openapi/parsed/, written at
// pack time so that no installed process parses the YAML.
import { fileURLToPath } from 'node:url';

export const DOCUMENT_FILE = fileURLToPath(new URL('../openapi/userprofile.yaml', import.meta.url));
export const PARSED_CACHE = fileURLToPath(new URL('../openapi/parsed/', import.meta.url));
export const CONTRACT_COMMAND = 'userprofile-contract';
export const PROGRAM = 'userprofile-contract';
