import { beforeEach, describe, expect, it } from 'vitest';
import { fakeJwt, installMemoryStorage } from './test-support.ts';
import { currentSessionId, currentToken, readExpiry, storeToken, tokenExpiresAt } from './token.ts';

describe('token', () => {
  beforeEach(() => {
    installMemoryStorage();
  });

  it('reads exp from the token payload', () => {
    expect(readExpiry(fakeJwt({ exp: 1_900_000_000 }))).toBe(1_900_000_000);
    expect(readExpiry('not-a-jwt')).toBeNull();
    expect(readExpiry(fakeJwt({ sub: 'x' }))).toBeNull();
  });

  it('stores the token with its expiry in milliseconds, and stops answering it once expired', () => {
    const token = fakeJwt({ exp: 2_000 });
    storeToken(token);
    expect(tokenExpiresAt()).toBe(2_000_000);
    expect(currentToken(1_999_999)).toBe(token);
    expect(currentToken(2_000_000)).toBeNull();
  });

  it('refuses a token without exp', () => {
    expect(() => storeToken(fakeJwt({}))).toThrow(/exp/);
  });

  it('names the session of the stored token (its sid), while the token is good', () => {
    expect(currentSessionId()).toBeNull();
    storeToken(fakeJwt({ exp: Math.floor(Date.now() / 1000) + 600, sid: 'session-1' }));
    expect(currentSessionId()).toBe('session-1');
    storeToken(fakeJwt({ exp: Math.floor(Date.now() / 1000) + 600 }));
    expect(currentSessionId()).toBeNull();
    storeToken(fakeJwt({ exp: 1, sid: 'expired' }));
    expect(currentSessionId()).toBeNull();
  });
});
