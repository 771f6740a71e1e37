// A business profile's delete may deactivate the active users
// it leaves without a profile, in the same step, so that locking out a
// team never waits for a profile to be granted first. The users go through
// the bulk runner (lib/bulk-users): the extension POST /user/bulk where the
// backend offers it, else POST /user/inactivate per user, four at a time.
// Each user is read again before its call (its profile is gone by then).
import { profileMessages } from '@userprofile/shared/messages';
import { failureReason } from '../../lib/api/errors.ts';
import { runBulk } from '../../lib/bulk-users/bulk-run.ts';
import { notify } from '../../lib/toaster.ts';

const m = profileMessages.business;

/** Deactivates the users (after the profile's delete) and says what came of it in one toast. */
export async function deactivateLeftUsers(uuids: readonly string[]): Promise<void> {
  if (uuids.length === 0) return;
  try {
    const run = await runBulk([{ action: 'deactivate', uuids: [...uuids], profile: null }], new Map(), {
      onProgress: () => {},
      cancelled: () => false,
    });
    const results = run.steps.flatMap((s) => s.result.results);
    const refused = results.filter((r) => r.result === 'refused');
    if (refused.length === 0) {
      notify.success(m.leftDeactivated(results.length));
      return;
    }
    // One line per reason, however many users share it.
    const reasons = [...new Set(refused.map((r) => r.reason ?? 'Refused'))].join('; ');
    notify.error(m.leftRefused(refused.length), reasons);
  } catch (error) {
    notify.error(m.leftFailed(failureReason(error)));
  }
}
