// The message of a failed activate/inactivate call (spec §8 Users).
import { userMessages } from '@userprofile/shared/messages';
import { isApiError } from '../../lib/api/errors.ts';

export function statusChangeErrorMessage(error: unknown, username: string): string {
  if (isApiError(error)) {
    if (error.status === 504 || error.status === 408) return userMessages.updateTimedOut;
    if (error.status === 401) return userMessages.notAuthorized;
    if (error.status === 444) return userMessages.noResponseFromSync;
  }
  const reason = error instanceof Error && error.message ? error.message : String(error);
  return userMessages.activationFailed(username, reason);
}
