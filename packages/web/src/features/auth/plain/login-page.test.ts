import { loginMessages } from '@userprofile/shared/messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/errors.ts';
import { failureText } from './login-page.ts';

const refused = (retryAfter: string | null) =>
  new ApiError(429, 'POST', '/userprofile/login', null, new Headers(retryAfter ? { 'Retry-After': retryAfter } : {}));

describe('the login form after a 429', () => {
  it("says how long to wait, from the server's Retry-After", () => {
    expect(failureText(refused('899'))).toBe(
      'Too many failed sign-in attempts. Please wait 899 seconds and try again.',
    );
    expect(failureText(refused('1'))).toBe('Too many failed sign-in attempts. Please wait 1 second and try again.');
    expect(failureText(refused(null))).toBe(loginMessages.lockedOutNoWait);
  });
});
