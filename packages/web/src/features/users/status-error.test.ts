import { userMessages } from '@userprofile/shared/messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/errors.ts';
import { statusChangeErrorMessage } from './status-error.ts';

const failure = (status: number, body: unknown = null) =>
  new ApiError(status, 'POST', '/userprofile/api/v1/user/activate', body, new Headers());

describe('activate/inactivate failure messages (spec §8)', () => {
  it.each([
    [504, userMessages.updateTimedOut],
    [408, userMessages.updateTimedOut],
    [401, userMessages.notAuthorized],
    [444, userMessages.noResponseFromSync],
  ])('%i', (status, message) => {
    expect(statusChangeErrorMessage(failure(status), 'ann')).toBe(message);
  });
  it('names the user and the server reason otherwise', () => {
    expect(statusChangeErrorMessage(failure(500, { message: 'Directory offline' }), 'ann')).toBe(
      'Failed To Activate/Inactivate ann Due To Directory offline',
    );
  });
});
