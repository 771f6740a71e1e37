// Role and scoping rules of docs/roles-and-scoping.md (spec §6),
// applied by the store. The ranking itself is shared with the console.
import { hiddenProfileReason } from '@userprofile/shared/access/walk';
import { bulkReasons } from '@userprofile/shared/bulk-reasons';
import { highestRole, isRole, roleRank, canSee as sharedCanSee } from '@userprofile/shared/constants';
import type { ConsoleRole, Principal } from '../auth/contract.ts';
import { ForbiddenError } from './errors.ts';
import type { Scoped } from './types.ts';

export { highestRole, roleRank };

export const isConsoleRole: (name: unknown) => name is ConsoleRole = isRole;

/** The caller as the store sees it: their highest console role and company. */
export interface Caller {
  userUuid: string;
  role: ConsoleRole | null;
  companyUuid: string | null;
  layoutCodes: string[];
  /** The call being made, e.g. 'POST /api/v1/user/update', which the record history names. */
  call?: string;
}

export function callerOf(principal: Principal): Caller {
  return {
    userUuid: principal.userUuid,
    role: principal.role,
    companyUuid: principal.companyUuid,
    layoutCodes: principal.layoutCodes,
  };
}

/** A record with minimum role M and company C is visible to X when rank(X) >= rank(M) and (X is ERRIGAL_ADMIN, C is null, or C = X's company). */
export function canSee(caller: Caller, record: Scoped): boolean {
  return sharedCanSee(caller.role, caller.companyUuid, {
    minimumRole: { name: record.minimumRole },
    errigalCustomerCompany: { uuid: record.companyUuid },
  });
}

/**
 * Whether the caller sees every record whatever its scope: ERRIGAL_ADMIN, the
 * top rank, with no company of its own to keep to (canSee holds for every
 * record; a list skips asking it 100,000 times).
 */
export function seesEverything(caller: Caller): boolean {
  return caller.role === 'ERRIGAL_ADMIN';
}

/** Whether the caller's layout codes enable a feature (spec §6: NEA, VEN, SCO). */
export function hasLayout(caller: Caller, code: string): boolean {
  return caller.layoutCodes.includes(code);
}

export type RouteArea = 'users' | 'profiles' | 'appSync' | 'appWrite' | 'clients';

/** Route rules: users – any console role; profiles and application sync – ADMIN+; application writes and OAuth2 clients – ERRIGAL_ADMIN. */
export function requireArea(caller: Caller, area: RouteArea): void {
  const need: ConsoleRole =
    area === 'users' ? 'SCO_ADMIN' : area === 'profiles' || area === 'appSync' ? 'ADMIN' : 'ERRIGAL_ADMIN';
  if (roleRank(caller.role) < roleRank(need)) {
    throw new ForbiddenError(`This call needs the role ${need} or higher`);
  }
}

/**
 * The write rule (docs/roles-and-scoping.md "Writes"): the caller may change or delete
 * a record it can see when it is ERRIGAL_ADMIN, or when the record belongs to
 * the caller's own company. A record without a company (provider level) is
 * shared by every company: only ERRIGAL_ADMIN changes it.
 */
export function canChange(caller: Caller, record: Scoped): boolean {
  if (!canSee(caller, record)) return false;
  if (caller.role === 'ERRIGAL_ADMIN') return true;
  return record.companyUuid !== null && record.companyUuid === caller.companyUuid;
}

/** Why the caller may not change a record it can see (null: it may). */
export function changeRefusal(caller: Caller, record: Scoped, label: string): string | null {
  if (canChange(caller, record)) return null;
  return record.companyUuid === null ? bulkReasons.sharedByEveryCompany(label) : bulkReasons.anotherCompany(label);
}

/** 403 unless the caller may change the record (which the caller can see: invisible records are 404 before this). */
export function requireChange(caller: Caller, record: Scoped, label: string): void {
  const refusal = changeRefusal(caller, record, label);
  if (refusal) throw new ForbiddenError(refusal);
}

/** Why a record may not be written with this scope: a minimum role above the caller's, or another company. */
export function scopeRefusal(
  caller: Caller,
  wanted: Scoped,
): { field: 'minimumRole' | 'errigalCustomerCompany'; reason: string } | null {
  if (roleRank(wanted.minimumRole) > roleRank(caller.role)) {
    return { field: 'minimumRole', reason: `You may not set a minimum role above your own (${caller.role})` };
  }
  if (caller.role === 'ERRIGAL_ADMIN') return null;
  if (caller.companyUuid === null) {
    return {
      field: 'errigalCustomerCompany',
      reason: 'Your account has no company: only ERRIGAL_ADMIN may write records shared by every company',
    };
  }
  if (wanted.companyUuid !== null && wanted.companyUuid !== caller.companyUuid) {
    return { field: 'errigalCustomerCompany', reason: 'You may only write records of your own company' };
  }
  return null;
}

/**
 * The scope a record is written with: ERRIGAL_ADMIN's as asked; a tenant
 * admin's always in its own company (no company in the body means "mine":
 * a tenant admin changes only its own company's records, so a save never
 * moves one). 403 for a minimum role above the caller's or another company.
 */
export function writeScope(caller: Caller, wanted: Scoped): Scoped {
  const refusal = scopeRefusal(caller, wanted);
  if (refusal) throw new ForbiddenError(refusal.reason);
  return ownScope(caller, wanted);
}

/** The scope as written, once scopeRefusal had nothing to say. */
export function ownScope(caller: Caller, wanted: Scoped): Scoped {
  const companyUuid = caller.role === 'ERRIGAL_ADMIN' ? wanted.companyUuid : caller.companyUuid;
  return { minimumRole: wanted.minimumRole, companyUuid };
}

/**
 * Whether two records of a kind may not share a name (docs/roles-and-scoping.md
 * "Names reveal nothing"). Names are unique per tenant: two records clash
 * when one tenant administrator could see both (each at most ADMIN, and of
 * the same company or one of them shared by every company), or when both are
 * provider-only (minimum role ERRIGAL_ADMIN) in overlapping companies. A
 * provider-only record never clashes with a tenant's, so a tenant admin's
 * save never meets a name it cannot see, and answers as for a free one.
 */
export function namesClash(a: Scoped, b: Scoped): boolean {
  const companiesMeet = a.companyUuid === null || b.companyUuid === null || a.companyUuid === b.companyUuid;
  const providerOnly = (r: Scoped) => roleRank(r.minimumRole) > roleRank('ADMIN');
  return companiesMeet && providerOnly(a) === providerOnly(b);
}

/** What the user write rule needs to know besides the user record (the store answers it). */
export interface UserDirectory {
  /** The console roles the business profile grants (its roles in the application "User Profile"). */
  rolesGrantedBy(businessProfileUuid: string | null): ConsoleRole[];
  /** Whether the caller sees the profiles the user holds (its business and visibility profile: what a save sends back). */
  seesProfilesOf(caller: Caller, user: UserRecordScope): boolean;
}

/** The fields of a user the rule reads. */
export interface UserRecordScope extends Scoped {
  username: string;
  businessProfileUuid: string | null;
  visibilityProfileUuid: string | null;
}

/**
 * THE rule for every write on a user, one so that no path writes past it (docs/roles-and-scoping.md
 * "Writes" 6): save, activate/inactivate, password reset e-mail, CSV import
 * row, and every later user action (unlock, sign out everywhere). The caller
 * acts only on a user it may change (canChange: visible, and of its own
 * company unless ERRIGAL_ADMIN), whose effective console role is at or below
 * its own, and whose business and visibility profile it sees (a write is a
 * decision about the user's access, which it cannot judge unseen; and a save
 * from the console would send back none for a profile withheld from it). Answers why not (null: it may);
 * the reason names nothing the caller cannot see. Invisible users are 404
 * before this (Store.getUser).
 */
export function userWriteRefusal(caller: Caller, user: UserRecordScope, directory: UserDirectory): string | null {
  const label = `User '${user.username}'`;
  const refusal = changeRefusal(caller, user, label);
  if (refusal) return refusal;
  if (caller.role === 'ERRIGAL_ADMIN') return null;
  // The hidden profile first: the role it grants is not the caller's to learn either.
  if (!directory.seesProfilesOf(caller, user)) {
    return hiddenProfileReason(label);
  }
  if (roleRank(highestRole(directory.rolesGrantedBy(user.businessProfileUuid))) > roleRank(caller.role)) {
    return bulkReasons.roleAbove(label);
  }
  return null;
}

/** userWriteRefusal as a 403, for the calls that act on one user. */
export function requireUserWrite(caller: Caller, user: UserRecordScope, directory: UserDirectory): void {
  const refusal = userWriteRefusal(caller, user, directory);
  if (refusal) throw new ForbiddenError(refusal);
}
