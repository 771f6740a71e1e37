// Business constants and limits of spec §9 (and the names spec §3 and §6 fix),
// plus the role ranking and record scoping of docs/roles-and-scoping.md, which the
// server enforces and the console mirrors.

/** Max length of every text field (spec §5, §9). */
export const MAX_TEXT = 255;
/** Max length of a description (spec §5, §9). */
export const MAX_DESCRIPTION = 1023;
/** Max length of an OAuth2 client secret (spec §5, §9). */
export const MAX_CLIENT_SECRET = 64;
/** Length of a generated OAuth2 client secret (spec §5, §9). */
export const GENERATED_SECRET_LENGTH = 32;
/** Minimum password length (spec §5, §9). */
export const MIN_PASSWORD = 8;

/** Default minimum role for a new user and for profiles (spec §9). */
export const DEFAULT_MINIMUM_ROLE = 'ADMIN';
/** The no-selection placeholder for profiles (spec §9). */
export const NO_SELECTION = '---';

/** Logout page: delay before returning to the login area (spec §2, §9). */
export const LOGOUT_REDIRECT_DELAY_MS = 3000;

/** Pagination: at most this many page links, plus Previous/Next (spec §2, §9). */
export const PAGE_LINKS = 7;
/** The shared paging state starts here (spec §9). */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;

/** Toast defaults (spec §9). */
export const TOAST = {
  timeOut: 5000,
  extendedTimeOut: 1000,
  easeTime: 300,
  position: 'top-right',
} as const;

/** Fallback heights in pixels, used until the real header elements exist (spec §9). */
export const LAYOUT = {
  headerOffset: 83,
  contentHeader: 128,
  cardHeader: 52.8,
} as const;

/** Cluster tree nodes deeper than this depth start collapsed (spec §2, §9). */
export const CLUSTER_TREE_EXPANDED_DEPTH = 1;

/** The base URL token (spec §1, §9). */
export const BASE = 'userprofile';

// --- Roles and scoping (spec §6, docs/roles-and-scoping.md) -----------------

export const ROLES = ['ERRIGAL_ADMIN', 'ADMIN', 'SCO_ADMIN'] as const;
export type Role = (typeof ROLES)[number];

const ROLE_RANK: Readonly<Record<Role, number>> = { ERRIGAL_ADMIN: 3, ADMIN: 2, SCO_ADMIN: 1 };

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && Object.hasOwn(ROLE_RANK, value);
}

/**
 * A minimum role in the words of the Visible To selector (spec §2: the
 * provider level, Customer, SCO Customer): what the forms, and so the
 * history, call it. A name this console does not know is shown as it is.
 */
export const VISIBLE_TO_LABELS: Readonly<Record<Role, string>> = {
  ERRIGAL_ADMIN: 'Provider',
  ADMIN: 'Customer',
  SCO_ADMIN: 'SCO Customer',
};

export function visibleToLabel<T extends string | null>(role: T): string | T {
  return isRole(role) ? VISIBLE_TO_LABELS[role] : role;
}

/** ERRIGAL_ADMIN 3 > ADMIN 2 > SCO_ADMIN 1; anything else (no role, roles spec §6 does not show) ranks 0. */
export function roleRank(role: string | null | undefined): number {
  return isRole(role) ? ROLE_RANK[role] : 0;
}

/** The highest console role among `roles`, or null when there is none. */
export function highestRole(roles: readonly string[]): Role | null {
  let best: Role | null = null;
  for (const role of roles) {
    if (isRole(role) && roleRank(role) > roleRank(best)) best = role;
  }
  return best;
}

/** The scoping fields every user, application/business/visibility profile and role/element row carries (spec §3). */
export interface ScopedRecord {
  minimumRole?: { name?: string | null } | null;
  errigalCustomerCompany?: { uuid?: string | null } | null;
}

/**
 * Whether a caller sees a record (docs/roles-and-scoping.md "Roles and who sees what"):
 * the caller's rank reaches the record's minimum role, and the caller is
 * ERRIGAL_ADMIN, or the record has no company, or it is the caller's company.
 * A caller without a console role sees nothing. A record without a minimum
 * role is not limited by role (stores always set one; see DEFAULT_MINIMUM_ROLE).
 */
export function canSee(
  callerRole: string | null | undefined,
  callerCompany: string | null | undefined,
  record: ScopedRecord,
): boolean {
  const callerRank = roleRank(callerRole);
  if (callerRank === 0) return false;
  if (callerRank < roleRank(record.minimumRole?.name)) return false;
  if (callerRole === 'ERRIGAL_ADMIN') return true;
  const company = record.errigalCustomerCompany?.uuid;
  return company == null || company === '' || company === callerCompany;
}

/**
 * A record without a company (provider level) is shared by every company:
 * only ERRIGAL_ADMIN changes or deletes it (docs/roles-and-scoping.md "Writes"); the
 * server refuses anyone else, and the editors say so before a save is tried.
 */
export function sharedRecordReadOnly(callerRole: string | null | undefined, record: ScopedRecord): boolean {
  const company = record.errigalCustomerCompany?.uuid;
  return callerRole !== 'ERRIGAL_ADMIN' && (company == null || company === '');
}

/** Name of the application whose roles grant console roles (docs/roles-and-scoping.md "Roles and who sees what"). */
export const USER_PROFILE_APPLICATION = 'User Profile';

// --- Layout codes and features (spec §6) -------------------------------------

export const LAYOUT_CODES = {
  /** Enables network element attributes. */
  NEA: 'NEA',
  /** Enables venues. */
  VEN: 'VEN',
  /** Enables the SCO Customer option of the Visible To selector. */
  SCO: 'SCO',
} as const;
export type LayoutCode = (typeof LAYOUT_CODES)[keyof typeof LAYOUT_CODES];

/** The application whose elements are the user's default tree (spec §4). */
export const SNMP_MANAGER_APPLICATION = 'Snmp Manager';
/** The element category of the default tree (spec §5). */
export const DEFAULT_TREE_CATEGORY = 'NOVA_NOVA_TREE';

/** Values of an application's apiAuthType (spec §3). */
export const API_AUTH_TYPES = ['HTTP_BASIC', 'OAUTH2'] as const;
export type ApiAuthType = (typeof API_AUTH_TYPES)[number];

// --- Visibility sync (spec §2, §7) -------------------------------------------

export type VisibilitySyncKind =
  | 'carrier'
  | 'cluster'
  | 'clusterGroup'
  | 'networkGroup'
  | 'networkElementAttribute'
  | 'venue';

/** The `all` path segment of GET /visibility/sync/all. */
export const VISIBILITY_SYNC_ALL = 'all';

/** Each sync kind with its path segment, its label in the 'Sync Visibility Elements' dropdown, and the layout code it needs. */
export const VISIBILITY_SYNC_KINDS: readonly {
  readonly kind: VisibilitySyncKind;
  readonly label: string;
  readonly layoutCode?: LayoutCode;
}[] = [
  { kind: 'carrier', label: 'Carrier' },
  { kind: 'cluster', label: 'Cluster' },
  { kind: 'clusterGroup', label: 'Cluster Group' },
  { kind: 'networkGroup', label: 'Network Group' },
  { kind: 'networkElementAttribute', label: 'NE Attribute', layoutCode: 'NEA' },
  { kind: 'venue', label: 'Venue', layoutCode: 'VEN' },
];

/** The sync kinds the caller's layout codes allow (NE Attribute needs NEA, Venue needs VEN). */
export function visibilitySyncKindsFor(layoutCodes: readonly string[]): typeof VISIBILITY_SYNC_KINDS {
  return VISIBILITY_SYNC_KINDS.filter((k) => k.layoutCode === undefined || layoutCodes.includes(k.layoutCode));
}

// --- Wire and browser (spec §3, §7, docs/wire-and-errors.md, docs/console.md)

/** Header `Algorithm` carries this label on every call with a token (spec §7, §9). */
export const ALGORITHM_HEADER = 'Algorithm';
export const ALGORITHM_LABEL = 'RSA256';
/** Where the console and its API live on the host (spec §7, §9: {host}/userprofile/...). */
export const BASE_PATH = '/userprofile';
/** Where the dev backend's mock control API lives (reset, faults, outbox, snapshot, ready): beside the console, never under it. */
export const MOCK_PREFIX = '/__mock';
/** Cross-site request token (docs/wire-and-errors.md "The cross-site request token"): the server sets the cookie, the console echoes it in the header. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Prefix of every local storage key (docs/console.md "Browser storage"). */
export const STORAGE_PREFIX = 'user-profile.';

/** Local storage key names of spec §3, plus the login state spec §4 keeps. */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  tokenExpiresAt: 'token_expires_at',
  menuExpanded: 'menu_expanded',
  ticket: 'ticket',
  searchCriteria: 'searchCriteria',
  codeVerifier: 'code_verifier',
  state: 'state',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** The full local storage key: `user-profile.access_token`. */
export function prefixedStorageKey(key: StorageKey): string {
  return STORAGE_PREFIX + key;
}

/** Suffix a cloned user's username gets (spec §4). */
export const CLONE_SUFFIX = '_clone';

// --- Client secret (spec §5, §9) ---------------------------------------------

const SECRET_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
// Bytes at or above the largest multiple of 62 that fits in a byte are
// rejected, so every character is equally likely (no modulo bias).
const UNBIASED_BYTE_LIMIT = 256 - (256 % SECRET_ALPHABET.length);

/** A new OAuth2 client secret: 32 letters and digits from the platform's CSPRNG. */
export function generateClientSecret(length: number = GENERATED_SECRET_LENGTH): string {
  let secret = '';
  const bytes = new Uint8Array(length * 2);
  while (secret.length < length) {
    globalThis.crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte >= UNBIASED_BYTE_LIMIT) continue;
      secret += SECRET_ALPHABET[byte % SECRET_ALPHABET.length];
      if (secret.length === length) break;
    }
  }
  return secret;
}
