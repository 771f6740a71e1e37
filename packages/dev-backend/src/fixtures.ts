// Fixtures given to the package: a file's path, read and checked whole, or the
// same shape as an object, checked the same way (as its JSON text, so a
// refusal still names a line). Loaded only when fixtures are given, so a start
// without them does not pay for the YAML reader's positions.
import type { Fixtures } from '@userprofile/contract-server/fixtures/types';
import { DevBackendStartError } from './errors.ts';
import type { DevBackendFixtures } from './types.ts';

/** How a refusal names fixtures given as an object. */
const OBJECT_NAME = 'fixtures (object, as JSON)';

export async function loadFixtures(input: string | DevBackendFixtures): Promise<Fixtures> {
  const [{ parseFixtures, readFixturesFile }, { FixturesError }] = await Promise.all([
    import('@userprofile/contract-server/fixtures/read'),
    import('@userprofile/contract-server/fixtures/types'),
  ]);
  try {
    return typeof input === 'string'
      ? readFixturesFile(input)
      : parseFixtures(JSON.stringify(input, null, 2), OBJECT_NAME);
  } catch (error) {
    if (error instanceof FixturesError) throw new DevBackendStartError(error.message, 'fixtures');
    throw error;
  }
}
