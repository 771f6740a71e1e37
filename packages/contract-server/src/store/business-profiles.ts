// Business profiles: the application profiles a user is given, and through
// the application "User Profile" the user's console roles. Deleting one
// leaves its users without one.
import { randomUUID } from 'node:crypto';
import { USER_PROFILE_APPLICATION } from '@userprofile/shared/constants';
import { validateBusinessProfile } from '@userprofile/shared/validation';
import type { ConsoleRole } from '../auth/contract.ts';
import { type Caller, canSee, highestRole, isConsoleRole, namesClash, requireArea, roleRank } from './access.ts';
import { ConflictError, ForbiddenError, InvalidError } from './errors.ts';
import { emptyImpact, impact, type ProfileImpact, requireProfileChange, scopeFor } from './profile-rules.ts';
import { type StoreState, visibleByName, visibleOne } from './store-state.ts';
import type { BusinessProfileRecord, UserRecord } from './types.ts';
import { FieldErrors, wireScope } from './validate.ts';

export type BusinessProfileInput = Omit<BusinessProfileRecord, 'uuid'> & { uuid?: string | null };

/** How refusals name a record. */
const businessProfileLabel = (p: BusinessProfileRecord) => `Business profile '${p.name}'`;

export function listBusinessProfiles(state: StoreState, caller: Caller): BusinessProfileRecord[] {
  requireArea(caller, 'users');
  return visibleByName(state.businessProfiles, caller);
}

export function getBusinessProfile(state: StoreState, caller: Caller, uuid: string): BusinessProfileRecord {
  requireArea(caller, 'users');
  return visibleOne(state.businessProfiles, caller, uuid, 'Business profile');
}

/** The record a save of `input` would write (every rule checked, nothing changed), and the one it replaces. */
function prepareBusinessProfile(
  state: StoreState,
  caller: Caller,
  input: BusinessProfileInput,
): { existing: BusinessProfileRecord | undefined; record: BusinessProfileRecord } {
  requireArea(caller, 'profiles');
  const existing = input.uuid ? getBusinessProfile(state, caller, input.uuid) : undefined;
  if (existing) requireProfileChange(state, caller, 'business', existing, businessProfileLabel(existing));
  const errors = new FieldErrors('body.');
  const scope = scopeFor(state, caller, input, errors);
  const kept = appProfilesWithheld(state, caller, existing, input.appProfiles);
  const appProfiles = [...input.appProfiles, ...kept];
  const rows = appProfiles.map((id, i) => {
    const ap = state.appProfiles.get(id);
    if (!ap || (!canSee(caller, ap) && !kept.includes(id)))
      errors.add(`appProfiles.${i}`, 'No such application profile');
    return { uuid: id, name: ap?.name ?? id, appUUID: ap?.applicationUuid ?? id };
  });
  errors.addAll(validateBusinessProfile({ ...input, ...wireScope(scope), appProfiles: rows }));
  if (errors.list.length > 0) throw new InvalidError('The business profile is not valid', errors.list);
  if (state.businessProfiles.nameTaken(input.name, existing?.uuid, (other) => namesClash(scope, other))) {
    throw new ConflictError('A Business Profile with this name already exists');
  }
  const record: BusinessProfileRecord = {
    uuid: existing?.uuid ?? randomUUID(),
    name: input.name,
    description: input.description ?? '',
    ...scope,
    appProfiles,
  };
  if (roleRank(highestRole(rolesGrantedByAppProfiles(state, record.appProfiles))) > roleRank(caller.role)) {
    throw new ForbiddenError('This business profile would grant a role above your own');
  }
  return { existing, record };
}

/**
 * The application profiles of a saved business profile that the caller cannot
 * see: its answers leave them out, so its save cannot send them
 * back, and keeps them rather than dropping what the caller never saw.
 */
function appProfilesWithheld(
  state: StoreState,
  caller: Caller,
  existing: BusinessProfileRecord | undefined,
  sent: string[],
): string[] {
  if (!existing || caller.role === 'ERRIGAL_ADMIN') return [];
  return existing.appProfiles.filter((id) => {
    const ap = state.appProfiles.get(id);
    return ap !== undefined && !canSee(caller, ap) && !sent.includes(id);
  });
}

/** The console roles the application profiles grant (their roles in the application "User Profile"). */
function rolesGrantedByAppProfiles(state: StoreState, appProfiles: string[]): ConsoleRole[] {
  const roles: ConsoleRole[] = [];
  for (const id of appProfiles) {
    const ap = state.appProfiles.get(id);
    const app = ap && state.applications.get(ap.applicationUuid);
    if (!ap || !app || app.name !== USER_PROFILE_APPLICATION) continue;
    for (const row of app.roles) if (ap.roles.includes(row.uuid) && isConsoleRole(row.name)) roles.push(row.name);
  }
  return roles;
}

export function saveBusinessProfile(
  state: StoreState,
  caller: Caller,
  input: BusinessProfileInput,
): BusinessProfileRecord {
  const { existing, record } = prepareBusinessProfile(state, caller, input);
  return state.saveNamed('businessProfile', state.businessProfiles, caller, existing, record);
}

/**
 * The impact preview of a business profile save: its users (as far as the
 * caller sees them) and the roles and elements they gain or lose through
 * the application profiles chosen. Checked like the save; changes nothing.
 */
export function previewBusinessProfile(state: StoreState, caller: Caller, input: BusinessProfileInput): ProfileImpact {
  const { existing, record } = prepareBusinessProfile(state, caller, input);
  if (!existing) return emptyImpact();
  const lookup = (id: string) => state.appProfiles.get(id);
  return impact(
    state,
    caller,
    new Set([existing.uuid]),
    lookup,
    lookup,
    () => existing.appProfiles,
    () => record.appProfiles,
  );
}

/** Deleting a business profile leaves its users without one (the list then flags them). */
export function deleteBusinessProfile(state: StoreState, caller: Caller, uuid: string): void {
  requireArea(caller, 'profiles');
  const p = getBusinessProfile(state, caller, uuid);
  requireProfileChange(state, caller, 'business', p, businessProfileLabel(p));
  state.deleteNamedByUsers(
    'businessProfile',
    state.businessProfiles,
    caller,
    p,
    (u) => u.businessProfileUuid === uuid,
    (u) => {
      u.businessProfileUuid = null;
      u.elements = [];
    },
  );
}

/** Users visible to the caller whose business profile it is. */
export function businessProfileUsers(state: StoreState, caller: Caller, uuid: string): UserRecord[] {
  requireArea(caller, 'profiles');
  getBusinessProfile(state, caller, uuid);
  return state.usersSorted().filter((u) => u.businessProfileUuid === uuid && canSee(caller, u));
}
