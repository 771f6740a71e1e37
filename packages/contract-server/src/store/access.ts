// Role and scoping rules of docs/decisions.md "Roles and scoping (spec §6)",
// applied by the store. The ranking itself is shared with the console.
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
 * The scope a caller writes a record with: the minimum role may not exceed the
 * caller's own, and a non-ERRIGAL_ADMIN caller's records get the caller's company.
 */
export function writeScope(caller: Caller, wanted: Scoped): Scoped {
  if (roleRank(wanted.minimumRole) > roleRank(caller.role)) {
    throw new ForbiddenError(`You may not set a minimum role above your own (${caller.role})`);
  }
  const companyUuid = caller.role === 'ERRIGAL_ADMIN' ? wanted.companyUuid : caller.companyUuid;
  return { minimumRole: wanted.minimumRole, companyUuid };
}
