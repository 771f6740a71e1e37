import { describe, expect, it, vi } from 'vitest';
import {
  BASE,
  CLONE_SUFFIX,
  canSee,
  DEFAULT_MINIMUM_ROLE,
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  DEFAULT_TREE_CATEGORY,
  GENERATED_SECRET_LENGTH,
  generateClientSecret,
  highestRole,
  isRole,
  LAYOUT,
  LAYOUT_CODES,
  LOGOUT_REDIRECT_DELAY_MS,
  MAX_CLIENT_SECRET,
  MAX_DESCRIPTION,
  MAX_TEXT,
  MIN_PASSWORD,
  NO_SELECTION,
  PAGE_LINKS,
  prefixedStorageKey,
  ROLES,
  roleRank,
  SNMP_MANAGER_APPLICATION,
  STORAGE_KEYS,
  STORAGE_PREFIX,
  sharedRecordReadOnly,
  TOAST,
  VISIBILITY_SYNC_KINDS,
  visibilitySyncKindsFor,
} from './constants.ts';

describe('spec §9 constants', () => {
  it('holds the limits and defaults the spec fixes', () => {
    expect([MAX_TEXT, MAX_DESCRIPTION, MAX_CLIENT_SECRET, GENERATED_SECRET_LENGTH, MIN_PASSWORD]).toEqual([
      255, 1023, 64, 32, 8,
    ]);
    expect(DEFAULT_MINIMUM_ROLE).toBe('ADMIN');
    expect(NO_SELECTION).toBe('---');
    expect(LOGOUT_REDIRECT_DELAY_MS).toBe(3000);
    expect([PAGE_LINKS, DEFAULT_PAGE, DEFAULT_PAGE_SIZE]).toEqual([7, 1, 10]);
    expect(TOAST).toEqual({ timeOut: 5000, extendedTimeOut: 1000, easeTime: 300, position: 'top-right' });
    expect(LAYOUT).toEqual({ headerOffset: 83, contentHeader: 128, cardHeader: 52.8 });
    expect(BASE).toBe('userprofile');
    expect(SNMP_MANAGER_APPLICATION).toBe('Snmp Manager');
    expect(DEFAULT_TREE_CATEGORY).toBe('NOVA_NOVA_TREE');
    expect(CLONE_SUFFIX).toBe('_clone');
    expect(Object.values(LAYOUT_CODES)).toEqual(['NEA', 'VEN', 'SCO']);
  });

  it('prefixes every storage key of spec §3, and the login state, with user-profile.', () => {
    expect(STORAGE_PREFIX).toBe('user-profile.');
    expect(Object.values(STORAGE_KEYS).map(prefixedStorageKey)).toEqual([
      'user-profile.access_token',
      'user-profile.token_expires_at',
      'user-profile.menu_expanded',
      'user-profile.ticket',
      'user-profile.searchCriteria',
      'user-profile.code_verifier',
      'user-profile.state',
    ]);
  });
});

describe('roles', () => {
  it('ranks ERRIGAL_ADMIN above ADMIN above SCO_ADMIN, and anything else at 0', () => {
    expect(ROLES.map(roleRank)).toEqual([3, 2, 1]);
    expect(roleRank('USER')).toBe(0);
    expect(roleRank(null)).toBe(0);
    expect(roleRank(undefined)).toBe(0);
    expect(roleRank('toString')).toBe(0);
    expect(isRole('toString')).toBe(false);
  });

  it('finds the highest console role among an account roles', () => {
    expect(highestRole(['SCO_ADMIN', 'ERRIGAL_ADMIN', 'ADMIN'])).toBe('ERRIGAL_ADMIN');
    expect(highestRole(['REPORTS', 'SCO_ADMIN'])).toBe('SCO_ADMIN');
    expect(highestRole(['REPORTS'])).toBeNull();
    expect(highestRole([])).toBeNull();
  });
});

describe('sharedRecordReadOnly: a record without a company changes only by ERRIGAL_ADMIN', () => {
  it('is read-only to a customer admin, not to the provider admin, and a company record is not', () => {
    expect(sharedRecordReadOnly('ADMIN', { errigalCustomerCompany: null })).toBe(true);
    expect(sharedRecordReadOnly('ADMIN', { errigalCustomerCompany: { uuid: '' } })).toBe(true);
    expect(sharedRecordReadOnly('ERRIGAL_ADMIN', { errigalCustomerCompany: null })).toBe(false);
    expect(sharedRecordReadOnly('ADMIN', { errigalCustomerCompany: { uuid: 'acme' } })).toBe(false);
  });
});

describe('canSee: the scoping rule of docs/roles-and-scoping.md', () => {
  const record = (minimumRole: string | null, company: string | null) => ({
    minimumRole: minimumRole === null ? null : { name: minimumRole },
    errigalCustomerCompany: company === null ? null : { uuid: company },
  });

  it('hides a record whose minimum role is above the caller', () => {
    expect(canSee('ADMIN', 'acme', record('ERRIGAL_ADMIN', null))).toBe(false);
    expect(canSee('SCO_ADMIN', 'acme', record('ADMIN', 'acme'))).toBe(false);
    expect(canSee('ADMIN', 'acme', record('ADMIN', null))).toBe(true);
    expect(canSee('ADMIN', 'acme', record('SCO_ADMIN', null))).toBe(true);
  });

  it('limits non-top-level admins to their own company and records without one', () => {
    expect(canSee('ADMIN', 'acme', record('ADMIN', 'acme'))).toBe(true);
    expect(canSee('ADMIN', 'acme', record('ADMIN', 'globex'))).toBe(false);
    expect(canSee('SCO_ADMIN', 'acme', record('SCO_ADMIN', 'globex'))).toBe(false);
    expect(canSee('SCO_ADMIN', null, record('SCO_ADMIN', 'globex'))).toBe(false);
    expect(canSee('SCO_ADMIN', null, record('SCO_ADMIN', null))).toBe(true);
    expect(canSee('ADMIN', 'acme', { minimumRole: { name: 'ADMIN' }, errigalCustomerCompany: { uuid: '' } })).toBe(
      true,
    );
  });

  it('lets ERRIGAL_ADMIN see every company', () => {
    expect(canSee('ERRIGAL_ADMIN', null, record('ERRIGAL_ADMIN', 'globex'))).toBe(true);
    expect(canSee('ERRIGAL_ADMIN', 'acme', record('SCO_ADMIN', 'globex'))).toBe(true);
  });

  it('shows nothing to a caller without a console role', () => {
    expect(canSee(null, 'acme', record(null, null))).toBe(false);
    expect(canSee('REPORTS', 'acme', record('SCO_ADMIN', 'acme'))).toBe(false);
  });

  it('does not limit by role a record without a minimum role', () => {
    expect(canSee('SCO_ADMIN', 'acme', {})).toBe(true);
    expect(canSee('SCO_ADMIN', 'acme', record(null, 'globex'))).toBe(false);
  });
});

describe('visibility sync kinds', () => {
  it('offers NE Attribute only with NEA and Venue only with VEN', () => {
    expect(visibilitySyncKindsFor([]).map((k) => k.label)).toEqual([
      'Carrier',
      'Cluster',
      'Cluster Group',
      'Network Group',
    ]);
    expect(visibilitySyncKindsFor(['NEA', 'VEN', 'SCO']).map((k) => k.kind)).toEqual(
      VISIBILITY_SYNC_KINDS.map((k) => k.kind),
    );
    expect(visibilitySyncKindsFor(['VEN']).map((k) => k.kind)).toContain('venue');
    expect(visibilitySyncKindsFor(['VEN']).map((k) => k.kind)).not.toContain('networkElementAttribute');
  });

  it('uses the path segments of spec §7', () => {
    expect(VISIBILITY_SYNC_KINDS.map((k) => k.kind)).toEqual([
      'carrier',
      'cluster',
      'clusterGroup',
      'networkGroup',
      'networkElementAttribute',
      'venue',
    ]);
  });
});

describe('generateClientSecret', () => {
  it('makes 32 letters and digits', () => {
    const secret = generateClientSecret();
    expect(secret).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it('makes a different secret each time', () => {
    const secrets = new Set(Array.from({ length: 200 }, () => generateClientSecret()));
    expect(secrets.size).toBe(200);
  });

  it('uses every letter and digit, about equally often', () => {
    const counts = new Map<string, number>();
    const draws = 5000;
    for (let i = 0; i < draws; i++) {
      for (const char of generateClientSecret()) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    expect(counts.size).toBe(62);
    // 160000 characters over 62 symbols: about 2581 each, σ ≈ 50. A modulo
    // bias on bytes (256 % 62 = 8 symbols drawn 5/4 as often) would give
    // those eight about 3125, far beyond the 6σ bound.
    const total = draws * GENERATED_SECRET_LENGTH;
    const expected = total / 62;
    const sigma = Math.sqrt(total * (1 / 62) * (61 / 62));
    for (const count of counts.values()) {
      expect(Math.abs(count - expected)).toBeLessThan(6 * sigma);
    }
  });

  it('honours another length', () => {
    expect(generateClientSecret(64)).toMatch(/^[A-Za-z0-9]{64}$/);
  });

  it('draws from the platform CSPRNG and rejects the bytes a modulo would bias', () => {
    // 248..255 would map onto 'A'..'H' a fifth time: they are skipped, not folded.
    const draws = [
      [255, 248, 0, 61, 62, 123, 124, 247],
      [251, 25, 26, 51, 52, 60, 1, 2],
    ];
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation((array: ArrayBufferView) => {
      const bytes = array as Uint8Array;
      bytes.fill(255);
      bytes.set(draws.shift() ?? []);
      return array;
    });
    try {
      expect(generateClientSecret(10)).toBe('A9A9A9Zaz0');
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });
});
