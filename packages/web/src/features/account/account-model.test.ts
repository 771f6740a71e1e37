import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/errors.ts';
import {
  factorName,
  freshFactorName,
  groupedKey,
  passwordRefusal,
  recoveryCodesFile,
  sessionsInOrder,
  totpCode,
  validateOwnPassword,
  whoRows,
} from './account-model.ts';
import type { Account, SignInSession } from './api.ts';
import { accountTexts } from './texts.ts';

const refusal = (status: number, body: unknown) => new ApiError(status, 'POST', '/x', body, new Headers());

describe('validateOwnPassword', () => {
  it('asks for the current password and holds the new one to the reset rules', () => {
    expect(validateOwnPassword({ currentPassword: '', password: 'Passw0rd!x', rePassword: 'Passw0rd!x' })).toEqual({
      currentPassword: accountTexts.currentRequired,
    });
    expect(validateOwnPassword({ currentPassword: 'old', password: 'short', rePassword: 'short' })).toEqual({
      password: 'Password must be at least 8 characters',
      rePassword: 'Password must be at least 8 characters',
    });
    expect(validateOwnPassword({ currentPassword: 'old', password: 'Passw0rd!x', rePassword: 'Passw0rd!y' })).toEqual({
      rePassword: 'Passwords do not match',
    });
    expect(validateOwnPassword({ currentPassword: 'old', password: 'Passw0rd!x', rePassword: 'Passw0rd!x' })).toEqual(
      {},
    );
  });
});

describe('passwordRefusal', () => {
  it('puts each refusal where it belongs', () => {
    expect(passwordRefusal(refusal(406, { message: 'used' }))).toEqual({
      field: 'password',
      message: accountTexts.passwordUsedBefore,
    });
    expect(passwordRefusal(refusal(403, { message: 'wrong' }))).toEqual({
      field: 'currentPassword',
      message: accountTexts.passwordWrong,
    });
    expect(
      passwordRefusal(refusal(400, { errors: [{ field: 'body.rePassword', reason: 'Passwords do not match' }] })),
    ).toEqual({ field: 'rePassword', message: 'Passwords do not match' });
    expect(passwordRefusal(refusal(400, { message: 'Too common' }))).toEqual({
      field: 'password',
      message: 'Too common',
    });
    expect(passwordRefusal(refusal(503, { message: 'Not saved' })).field).toBeUndefined();
  });
});

describe('codes, names and keys', () => {
  it('reads a TOTP code with spaces or a dash, and nothing else', () => {
    expect(totpCode('123 456')).toBe('123456');
    expect(totpCode(' 123-456 ')).toBe('123456');
    expect(totpCode('12345')).toBeNull();
    expect(totpCode('12345a')).toBeNull();
  });

  it('takes a name of 1 to 60 characters, trimmed', () => {
    expect(factorName('  Phone ')).toBe('Phone');
    expect(factorName('   ')).toBeNull();
    expect(factorName('x'.repeat(61))).toBeNull();
  });

  it('names a new factor apart from the ones there are', () => {
    expect(freshFactorName('Passkey', [])).toBe('Passkey');
    expect(freshFactorName('Passkey', [{ name: 'Passkey' }, { name: 'Passkey 2' }])).toBe('Passkey 3');
  });

  it('groups the key in fours', () => {
    expect(groupedKey('JBSWY3DPEHPK3PXPAB')).toBe('JBSW Y3DP EHPK 3PXP AB');
  });

  it('writes the codes as a file that says whose they are', () => {
    expect(recoveryCodesFile(['a', 'b'], 'alice', 'http://localhost')).toBe(
      'Recovery codes of alice at http://localhost\nEach signs in once.\n\na\nb\n',
    );
  });
});

describe('sessionsInOrder', () => {
  const s = (id: string, lastUsedAt: string): SignInSession => ({
    id,
    startedAt: '2024-01-01T00:00:00Z',
    lastUsedAt,
    address: null,
    method: 'password',
    clients: [],
  });
  it('puts this browser first, then the most recently used', () => {
    const list = [s('a', '2024-01-02T00:00:00Z'), s('b', '2024-01-03T00:00:00Z'), s('c', '2024-01-01T00:00:00Z')];
    expect(sessionsInOrder(list, 'c').map((x) => x.id)).toEqual(['c', 'b', 'a']);
    expect(sessionsInOrder(list, null).map((x) => x.id)).toEqual(['b', 'a', 'c']);
  });
});

describe('whoRows', () => {
  it('shows the account where the backend offers it', () => {
    const account: Account = {
      uuid: '00000000-0000-4000-8000-000000000000',
      username: 'ann',
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      company: null,
      role: null,
      factors: [],
      required: null,
      recoveryCodesLeft: 0,
    };
    expect(whoRows(account, null)).toEqual([
      { label: 'Name', value: 'Ann Lee' },
      { label: 'Username', value: 'ann' },
      { label: 'Email', value: 'ann@example.com' },
      { label: 'Company', value: accountTexts.noCompany },
      { label: 'Console role', value: accountTexts.noRole },
    ]);
  });

  it('falls back to GET /me: the username and the roles', () => {
    expect(whoRows(null, { success: true, username: 'bob', roles: ['ADMIN', 'X'] })).toEqual([
      { label: 'Username', value: 'bob' },
      { label: 'Roles', value: 'ADMIN, X' },
    ]);
    expect(whoRows(null, { success: true, username: 'eve', roles: [] })[1]?.value).toBe(accountTexts.noRole);
  });
});
