// Fixtures given to the package: a file's path, read and checked whole, or the
// same shape as an object, checked the same way. Loaded only when fixtures are
// given, so a start without them does not pay for the YAML reader's positions.
import type { Fixtures } from '@userprofile/contract-server/fixtures/read';
import { DevBackendStartError } from './errors.ts';
import type { DevBackendFixtures } from './types.ts';

export async function loadFixtures(input: string | DevBackendFixtures): Promise<Fixtures> {
  const { checkFixtures, FixturesError, readFixturesFile } = await import('@userprofile/contract-server/fixtures/read');
  try {
    return typeof input === 'string' ? readFixturesFile(input) : checkFixtures(input, 'fixtures');
  } catch (error) {
    if (error instanceof FixturesError) throw new DevBackendStartError(error.message, 'fixtures');
    throw error;
  }
}
