// Application profiles: the roles and elements of one application a business
// profile grants. Deleting them takes them out of every business profile
// (removeAppProfiles, also the cascade of deleting an application).
import { randomUUID } from 'node:crypto';
import { validateAppProfile } from '@userprofile/shared/validation';
import { type Caller, canSee, namesClash, requireArea } from './access.ts';
import { ConflictError, InvalidError } from './errors.ts';
import type { ChangeSource, PendingChange } from './history.ts';
import { emptyImpact, impact, type ProfileImpact, requireProfileChange, scopeFor } from './profile-rules.ts';
import { byName, type StoreState, visibleByName, visibleOne } from './store-state.ts';
import type { AppProfileRecord, AppRow, BusinessProfileRecord } from './types.ts';
import { FieldErrors, wireScope } from './validate.ts';

export type AppProfileInput = Omit<AppProfileRecord, 'uuid'> & { uuid?: string | null };

/** How refusals name a record. */
const appProfileLabel = (p: AppProfileRecord) => `Application profile '${p.name}'`;

export function listAppProfiles(state: StoreState, caller: Caller): AppProfileRecord[] {
  requireArea(caller, 'users');
  return visibleByName(state.appProfiles, caller);
}

export function getAppProfile(state: StoreState, caller: Caller, uuid: string): AppProfileRecord {
  requireArea(caller, 'users');
  return visibleOne(state.appProfiles, caller, uuid, 'Application profile');
}

/** The record a save of `input` would write (every rule checked, nothing changed), and the one it replaces. */
function prepareAppProfile(
  state: StoreState,
  caller: Caller,
  input: AppProfileInput,
): { existing: AppProfileRecord | undefined; record: AppProfileRecord } {
  requireArea(caller, 'profiles');
  const existing = input.uuid ? getAppProfile(state, caller, input.uuid) : undefined;
  if (existing) requireProfileChange(state, caller, 'app', existing, appProfileLabel(existing));
  const errors = new FieldErrors('body.');
  const scope = scopeFor(state, caller, input, errors);
  errors.addAll(validateAppProfile({ ...input, ...wireScope(scope), application: { uuid: input.applicationUuid } }));
  const app = state.applications.get(input.applicationUuid);
  if (!app) errors.add('application', 'Please select an application');
  else if (existing && existing.applicationUuid !== app.uuid)
    errors.add('application', 'The application of a saved profile cannot change');
  if (app) {
    const roles = new Map(app.roles.map((r) => [r.uuid, r]));
    const elements = new Map(app.elements.map((r) => [r.uuid, r]));
    input.roles.forEach((id, i) => {
      const row = roles.get(id);
      if (!row || !canSee(caller, row)) errors.add(`roles.${i}`, 'The application has no such role');
    });
    input.elements.forEach((id, i) => {
      const row = elements.get(id);
      if (!row || !canSee(caller, row)) errors.add(`elements.${i}`, 'The application has no such element');
    });
  }
  // Rows the caller cannot see: its answers leave them out, so its save cannot send them back; kept.
  const kept = (ids: string[] | undefined, sent: string[], rows: AppRow[] | undefined) =>
    (ids ?? []).filter((id) => {
      const row = rows?.find((r) => r.uuid === id);
      return row !== undefined && !canSee(caller, row) && !sent.includes(id);
    });
  if (errors.list.length > 0) throw new InvalidError('The application profile is not valid', errors.list);
  if (state.appProfiles.nameTaken(input.name, existing?.uuid, (other) => namesClash(scope, other))) {
    throw new ConflictError('An Application Profile with this name already exists');
  }
  const record: AppProfileRecord = {
    uuid: existing?.uuid ?? randomUUID(),
    name: input.name,
    description: input.description ?? '',
    applicationUuid: input.applicationUuid,
    ...scope,
    roles: [...new Set([...input.roles, ...kept(existing?.roles, input.roles, app?.roles)])],
    elements: [...new Set([...input.elements, ...kept(existing?.elements, input.elements, app?.elements)])],
  };
  return { existing, record };
}

export function saveAppProfile(state: StoreState, caller: Caller, input: AppProfileInput): AppProfileRecord {
  const { existing, record } = prepareAppProfile(state, caller, input);
  return state.saveNamed('appProfile', state.appProfiles, caller, existing, record);
}

/**
 * The impact preview of an application profile save: the users of the
 * business profiles that use it (as far as the caller sees them) and what
 * they gain or lose. Checked like the save; changes nothing.
 */
export function previewAppProfile(state: StoreState, caller: Caller, input: AppProfileInput): ProfileImpact {
  const { existing, record } = prepareAppProfile(state, caller, input);
  if (!existing) return emptyImpact();
  const through = new Set<string>();
  for (const bp of state.businessProfiles.values()) if (bp.appProfiles.includes(existing.uuid)) through.add(bp.uuid);
  return impact(
    state,
    caller,
    through,
    (id) => (id === existing.uuid ? existing : state.appProfiles.get(id)),
    (id) => (id === record.uuid ? record : state.appProfiles.get(id)),
    (bp) => bp.appProfiles,
    (bp) => bp.appProfiles,
  );
}

export function deleteAppProfile(state: StoreState, caller: Caller, uuid: string): void {
  requireArea(caller, 'profiles');
  const p = getAppProfile(state, caller, uuid);
  requireProfileChange(state, caller, 'app', p, appProfileLabel(p));
  removeAppProfiles(state, new Set([uuid]), state.sourceOf(caller));
}

/** Deletes application profiles and takes them out of every business profile (both recorded). */
export function removeAppProfiles(state: StoreState, uuids: Set<string>, source: ChangeSource): void {
  if (uuids.size === 0) return;
  // The holders' views are taken while the profiles they name still exist.
  const holders = [...state.businessProfiles.values()].filter((bp) => bp.appProfiles.some((id) => uuids.has(id)));
  const held = holders.map((bp) => state.history.begin('businessProfile', bp));
  for (const id of uuids) {
    const pending = state.history.begin('appProfile', state.appProfiles.get(id));
    state.appProfiles.delete(id);
    state.history.commit(pending, 'delete', undefined, source);
  }
  holders.forEach((bp, i) => {
    bp.appProfiles = bp.appProfiles.filter((id) => !uuids.has(id));
    state.history.commit(held[i] as PendingChange<'businessProfile'>, 'update', bp, source);
  });
  state.touch();
}

/** Business profiles (visible to the caller) that use the application profile. */
export function appProfileBusinessProfiles(state: StoreState, caller: Caller, uuid: string): BusinessProfileRecord[] {
  requireArea(caller, 'profiles');
  getAppProfile(state, caller, uuid);
  return [...state.businessProfiles.values()]
    .filter((bp) => bp.appProfiles.includes(uuid) && canSee(caller, bp))
    .sort(byName);
}
