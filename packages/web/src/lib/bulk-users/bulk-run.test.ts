// The derived path's refusals (a backend without POST /user/bulk): the words
// the server's bulk call gives for the same user (@userprofile/shared/bulk-reasons).
import { bulkReasons } from '@userprofile/shared/bulk-reasons';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { reasonOf, rowRefusal } from './bulk-run.ts';

const bp = { uuid: 'bp', name: 'NOC Operators' };
const vp = { uuid: 'vp', name: 'All Sites' };
const ann = { username: 'ann', businessProfile: bp, visibilityProfile: vp };

describe('rowRefusal', () => {
  it('assigning a visibility profile to a user without a business profile: the spec’s words', () => {
    expect(rowRefusal('assignVisibilityProfile', { ...ann, businessProfile: null }, 'me')).toBe(
      'User does not have a Profile assigned',
    );
  });

  it('assigning a business profile to a user without a visibility profile names the visibility profile', () => {
    expect(rowRefusal('assignBusinessProfile', { ...ann, visibilityProfile: null }, 'me')).toBe(
      'User does not have a Visibility Profile assigned',
    );
  });

  it('the signed-in administrator’s own account: not deactivated, nor given another business profile', () => {
    expect(rowRefusal('deactivate', ann, 'ann')).toBe(bulkReasons.ownAccount);
    expect(rowRefusal('assignBusinessProfile', ann, 'ann')).toBe(bulkReasons.ownAccount);
    expect(rowRefusal('assignVisibilityProfile', ann, 'ann')).toBeNull();
    expect(rowRefusal('deactivate', ann, 'someone.else')).toBeNull();
  });

  it('the server’s reason on the list’s row comes first', () => {
    expect(rowRefusal('activate', { ...ann, businessProfile: null, readOnlyReason: 'R' }, 'me')).toBe('R');
    expect(rowRefusal('activate', { ...ann, businessProfile: null }, 'me')).toBe(bulkReasons.noBusinessProfile);
  });
});

describe('reasonOf', () => {
  const refused = (status: number, body: unknown) => new ApiError(status, 'POST', '/x', body, new Headers());

  it('a save’s field errors as the bulk call words them, not "The user is not valid"', () => {
    const body = {
      message: 'The user is not valid',
      errors: [{ field: 'body.user.email', reason: 'This field is required. (Max 255 Characters)' }],
    };
    expect(reasonOf(refused(400, body))).toBe('Email: This field is required. (Max 255 Characters)');
    const noBp = {
      message: 'The user is not valid',
      errors: [{ field: 'businessProfile', reason: 'This field is required' }],
    };
    expect(reasonOf(refused(400, noBp))).toBe(bulkReasons.noBusinessProfile);
  });

  it('a 404 names nothing; another refusal keeps the server’s sentence', () => {
    expect(reasonOf(refused(404, { message: 'Not Found' }))).toBe('No such user');
    expect(reasonOf(refused(403, { message: "User 'x' belongs to another company" }))).toBe(
      "User 'x' belongs to another company",
    );
  });
});
