// Fixtures given to the package: a file's path, read and checked whole, or the
// same shape as an object, checked the same way (as its JSON text, so a
// refusal still names a line). Loaded only when fixtures are given, so a start
// without them does not pay for the YAML reader's positions.
import type { Fixtures } from '@userprofile/contract-server/fixtures/types';
import type { DevBackendFixtures } from './types.ts';

/** How a refusal names fixtures given as an object. */
const OBJECT_NAME = 'fixtures (object, as JSON)';

/** The fixtures checked; a refusal is a FixturesError (start.ts makes it a start error). */
export async function loadFixtures(input: string | DevBackendFixtures): Promise<Fixtures> {
  const { parseFixtures, readFixturesFile } = await import('@userprofile/contract-server/fixtures/read');
  return typeof input === 'string'
    ? readFixturesFile(input)
    : parseFixtures(JSON.stringify(input, null, 2), OBJECT_NAME);
}
