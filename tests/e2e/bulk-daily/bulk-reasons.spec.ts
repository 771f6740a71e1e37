// A bulk action's refusals name what is missing or not allowed, in the
// words a spec-only backend's path gives too (./bulk-reasons-spec-only.spec.ts).
import { ACCOUNTS, test } from '../fixtures.ts';
import { refusalsInSharedWords } from './bulk-steps.ts';

test('through POST /user/bulk: no business profile and your own account, in the shared words', async ({
  page,
  signedInAs,
}) => {
  await signedInAs(ACCOUNTS.provider);
  await refusalsInSharedWords(page);
});
