// The extension POST /user/bulk: one action on many users, in
// pieces. The users list's bulk actions and the business profile's delete
// (which may deactivate the users it leaves without a profile) both run
// through ./bulk-run.ts, which falls back to the single-user calls of spec §7.
import type { components } from '@userprofile/shared/generated/api';
import { api, expectFailure } from '../api/client.ts';
import { callExtension } from '../extensions.ts';

export type BulkAction = components['schemas']['BulkUserBody']['action'];
export type BulkResult = components['schemas']['BulkUserResult'] & {
  /** The activity log's id of each call the action took (one per piece), where the backend gives one. */
  correlations?: string[];
};

/**
 * Users sent per bulk call: half of the most one call takes (openapi:
 * BulkUserBody.uuids maxItems, 20,000), since the one step in which a call
 * puts its users in place grows with them (about 40 ms for 10,000 users here,
 * 80 ms for 20,000: docs/storage.md "A large write").
 */
export const BULK_PIECE = 10_000;

/**
 * One bulk action on many users (the extension POST /user/bulk): a
 * selection above BULK_PIECE goes in pieces, one after the other, and the
 * answers are joined. A failed call (400, 403, 409) is the caller's to show,
 * with what the pieces before it did.
 */
export async function bulkUserAction(
  action: BulkAction,
  uuids: readonly string[],
  value: string | null,
  onProgress: (done: number) => void = () => {},
): Promise<BulkResult> {
  const joined: BulkResult = { done: 0, unchanged: 0, refused: 0, results: [], correlations: [] };
  for (let at = 0; at < uuids.length; at += BULK_PIECE) {
    // An extension: NotOfferedError (from the first piece) when the backend does not offer it.
    const piece = await callExtension('bulkUserAction', async (offer) => {
      const { data } = await api().POST('/api/v1/user/bulk', {
        body: { action, uuids: uuids.slice(at, at + BULK_PIECE), ...(value ? { value } : {}) },
        middleware: [...offer, expectFailure(400, 403, 409)],
      });
      return data as BulkResult;
    });
    joined.done += piece.done;
    joined.unchanged += piece.unchanged;
    joined.refused += piece.refused;
    joined.results.push(...piece.results);
    if (piece.correlation) joined.correlations?.push(piece.correlation);
    onProgress(Math.min(uuids.length, at + BULK_PIECE));
  }
  return joined;
}
