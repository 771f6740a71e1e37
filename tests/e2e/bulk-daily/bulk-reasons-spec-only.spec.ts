// The same selection on a backend that offers spec §7 only (extensions off):
// the console runs the bulk action through the single-user calls and gives
// the same reasons as the bulk call (./bulk-reasons.spec.ts).
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import { refusalsInSharedWords } from './bulk-steps.ts';

test.use({ backendEnv: { EXTENSIONS: 'off' } });

test('through the single-user calls: no business profile and your own account, in the shared words', async ({
  page,
  signedInAs,
}) => {
  // The first sign-in of a worker also starts its backend: part of this test's time on two cores.
  test.setTimeout(90_000);
  const bulkCalls: string[] = [];
  const singleCalls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.endsWith('/api/v1/user/bulk')) bulkCalls.push(path);
    if (path.endsWith('/api/v1/user/update') || path.endsWith('/api/v1/user/inactivate')) singleCalls.push(path);
  });
  await signedInAs(ACCOUNTS.provider);
  await refusalsInSharedWords(page);
  // The backend offers no bulk call: asked once, then the single-user calls did the work.
  expect(bulkCalls.length).toBeLessThanOrEqual(1);
  // Two users given the profile and one deactivated, one call each; the refused asked nothing.
  expect(singleCalls).toHaveLength(3);
});
