import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/errors.ts';
import {
  afterStep,
  factorTexts,
  firstMethod,
  groupedKey,
  recoveryCode,
  recoveryCodesFile,
  secondFactorOf,
  stepFailure,
  totpCode,
} from './second-factor.ts';

const UNKNOWN = 'Login failed due to an unknown reason';
const refused = (status: number, body: unknown = null, headers: Record<string, string> = {}) =>
  new ApiError(status, 'POST', '/userprofile/api/v1/auth/factor/verify', body, new Headers(headers));

const STEP = {
  ticket: 'a'.repeat(43),
  methods: ['totp', 'recovery'],
  enrol: false,
  requiredBy: null,
  expiresIn: 300,
};

describe('an answer of login, authorize or the session check', () => {
  it('is a step only when it carries one', () => {
    expect(secondFactorOf({ secondFactor: STEP })).toEqual(STEP);
    expect(secondFactorOf({ success: true })).toBeNull();
    expect(secondFactorOf({ redirectUrl: 'https://app.example/cb?code=x' })).toBeNull();
    expect(secondFactorOf(undefined)).toBeNull();
    expect(secondFactorOf({ secondFactor: { methods: ['totp'] } })).toBeNull();
  });
});

describe('a refused step', () => {
  it("says a wrong code in the server's words, else in ours", () => {
    expect(stepFailure(refused(401, { message: 'The code is not valid or was already used.' }), UNKNOWN)).toEqual({
      text: 'The code is not valid or was already used.',
      restart: false,
    });
    expect(stepFailure(refused(401), UNKNOWN)).toEqual({ text: factorTexts.wrongCode, restart: false });
  });

  it('says how long to wait after too many wrong codes, from Retry-After', () => {
    expect(stepFailure(refused(429, null, { 'Retry-After': '30' }), UNKNOWN).text).toBe(
      'Too many wrong codes. Please wait 30 seconds and try again.',
    );
    expect(stepFailure(refused(429, null, { 'Retry-After': '1' }), UNKNOWN).text).toBe(
      'Too many wrong codes. Please wait 1 second and try again.',
    );
    expect(stepFailure(refused(429), UNKNOWN).text).toBe('Too many wrong codes. Please wait a moment and try again.');
  });

  it('starts the sign-in again when the ticket is spent or expired', () => {
    expect(stepFailure(refused(400, { message: 'ticket expired' }), UNKNOWN)).toEqual({
      text: factorTexts.expired,
      restart: true,
    });
    expect(stepFailure(refused(403), UNKNOWN).restart).toBe(true);
  });

  it("is spec §8's unknown reason otherwise", () => {
    expect(stepFailure(refused(500), UNKNOWN)).toEqual({ text: UNKNOWN, restart: false });
    expect(stepFailure(new TypeError('Failed to fetch'), UNKNOWN)).toEqual({ text: UNKNOWN, restart: false });
  });
});

describe('what is typed', () => {
  it('takes a TOTP code of 6 digits, grouped or not', () => {
    expect(totpCode('123456')).toBe('123456');
    expect(totpCode(' 123 456 ')).toBe('123456');
    expect(totpCode('123-456')).toBe('123456');
    expect(totpCode('12345')).toBeNull();
    expect(totpCode('12345a')).toBeNull();
    expect(totpCode('1234567')).toBeNull();
  });

  it('takes a recovery code without its spaces', () => {
    expect(recoveryCode(' abcd-efgh ')).toBe('abcd-efgh');
    expect(recoveryCode('   ')).toBeNull();
  });
});

describe('the enrolment and its codes', () => {
  it('shows the key in groups of four', () => {
    expect(groupedKey('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupedKey('JBSWY3DPEH')).toBe('JBSW Y3DP EH');
  });

  it('writes the codes one a line under what they are', () => {
    expect(recoveryCodesFile(['one', 'two'], 'alice', 'http://localhost:8080')).toBe(
      'Recovery codes for alice at http://localhost:8080. Each signs you in once.\n\none\ntwo\n',
    );
    expect(recoveryCodesFile(['one'], '', 'http://localhost:8080').startsWith('Recovery codes for http://')).toBe(true);
  });
});

describe('the step', () => {
  it('offers the authenticator app first, then a passkey this browser can use, then a recovery code', () => {
    expect(firstMethod(['passkey', 'totp', 'recovery'], true)).toBe('totp');
    expect(firstMethod(['passkey', 'recovery'], true)).toBe('passkey');
    expect(firstMethod(['passkey', 'recovery'], false)).toBe('recovery');
    expect(firstMethod(['passkey'], false)).toBeNull();
  });

  it('goes on as the password sign-in would have', () => {
    expect(afterStep({ redirectUrl: 'https://app.example/cb?code=x' })).toEqual({
      follow: 'https://app.example/cb?code=x',
    });
    expect(afterStep({ success: true, recoveryCodes: ['a'] })).toEqual({ signedIn: true });
    expect(() => afterStep({})).toThrow(/neither/);
  });
});
