import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/errors.ts';
import { syncErrorMessage, syncSuccessMessage } from './visibility-sync.ts';

const failure = (status: number) =>
  new ApiError(status, 'GET', '/userprofile/api/v1/visibility/sync/all', null, new Headers());

describe('visibility sync messages (spec §8)', () => {
  it('names the kind, or all kinds, and the count on success', () => {
    expect(syncSuccessMessage('clusterGroup', 12)).toBe('Cluster Group Sync Completed, 12 Elements Synced');
    expect(syncSuccessMessage('networkElementAttribute', 3)).toBe('NE Attribute Sync Completed, 3 Elements Synced');
    expect(syncSuccessMessage('all', 250)).toBe('All Syncs Completed Successfully, 250 Elements Synced');
  });

  it('maps each failure to its message', () => {
    expect(syncErrorMessage(failure(504))).toBe('Syncing Timed Out, Please Try Again Later');
    expect(syncErrorMessage(failure(408))).toBe('Syncing Timed Out, Please Try Again Later');
    expect(syncErrorMessage(failure(401))).toBe('Request Was Not Authorized, Please Try Logging In Again');
    expect(syncErrorMessage(failure(444))).toBe('No Response From The Sync, Please Try Again Later');
    expect(syncErrorMessage(failure(500))).toBe('Error During Syncing');
    expect(syncErrorMessage(new TypeError('Failed to fetch'))).toBe('Error During Syncing');
  });
});
