// Applications: their role and element rows, and the sync with what the
// remote application reports. A row that leaves an application leaves its
// profiles and users' element values (pruneRows); deleting an application
// deletes its application profiles too.
import { randomUUID } from 'node:crypto';
import { isBlank, validateApplication } from '@userprofile/shared/validation';
import { type Caller, canSee, requireArea } from './access.ts';
import { removeAppProfiles } from './app-profiles.ts';
import { ConflictError, InvalidError, notFound } from './errors.ts';
import type { ChangeSource } from './history.ts';
import { byName, type StoreState } from './store-state.ts';
import type { ApplicationRecord, AppRow } from './types.ts';
import { FieldErrors, wireScope } from './validate.ts';

export type AppRowInput = Omit<AppRow, 'uuid'> & { uuid?: string | null };

/**
 * An application as a save brings it; apiAuthType is checked by the validator.
 * A password left out of an update keeps the stored one: responses never carry
 * them (docs/wire-and-errors.md "Applications and OAuth2 clients").
 */
export type ApplicationInput = Omit<
  ApplicationRecord,
  'uuid' | 'apiAuthType' | 'dataPassword' | 'apiPassword' | 'roles' | 'elements'
> & {
  uuid?: string | null;
  apiAuthType: string;
  dataPassword?: string | null;
  apiPassword?: string | null;
  roles: AppRowInput[];
  elements: AppRowInput[];
};

/** A new password, or the stored one when the save leaves it out (the validator has checked one exists). */
function keptPassword(given: string | null | undefined, stored: string | undefined): string {
  return isBlank(given) ? (stored ?? '') : (given as string);
}

/** Role and element rows hidden from the caller are left out. */
export function viewApplication(caller: Caller, app: ApplicationRecord): ApplicationRecord {
  if (caller.role === 'ERRIGAL_ADMIN') return app;
  return {
    ...app,
    roles: app.roles.filter((r) => canSee(caller, r)),
    elements: app.elements.filter((r) => canSee(caller, r)),
  };
}

export function listApplications(state: StoreState, caller: Caller): ApplicationRecord[] {
  requireArea(caller, 'users');
  return [...state.applications.values()].sort(byName).map((a) => viewApplication(caller, a));
}

export function getApplication(state: StoreState, caller: Caller, uuid: string): ApplicationRecord {
  requireArea(caller, 'users');
  const app = state.applications.get(uuid);
  if (!app) throw notFound('Application', uuid);
  return viewApplication(caller, app);
}

export function saveApplication(state: StoreState, caller: Caller, input: ApplicationInput): ApplicationRecord {
  requireArea(caller, 'appWrite');
  const existing = input.uuid ? state.applications.get(input.uuid) : undefined;
  if (input.uuid && !existing) throw notFound('Application', input.uuid);
  const errors = new FieldErrors('body.');
  const wireRows = (list: AppRowInput[]) => list.map((r) => ({ ...r, uuid: r.uuid || 'new', ...wireScope(r) }));
  errors.addAll(
    validateApplication(
      { ...input, roles: wireRows(input.roles), elements: wireRows(input.elements) },
      { passwordsStored: existing !== undefined },
    ),
  );
  if (existing && existing.name !== input.name) errors.add('name', 'The name cannot be changed once saved');
  const rowOwners = new Map<string, string>();
  for (const app of state.applications.values())
    for (const r of [...app.roles, ...app.elements]) rowOwners.set(r.uuid, app.uuid);
  const rows = (field: 'roles' | 'elements'): AppRow[] => {
    const seen = new Set<string>();
    return input[field].map((row, i) => {
      if (row.companyUuid && !state.companies.has(row.companyUuid))
        errors.add(`${field}.${i}.errigalCustomerCompany`, 'No such company');
      const uuid = row.uuid || randomUUID();
      const owner = rowOwners.get(uuid);
      if ((owner && owner !== existing?.uuid) || seen.has(uuid))
        errors.add(`${field}.${i}.uuid`, 'This uuid belongs to another row');
      seen.add(uuid);
      return {
        uuid,
        name: row.name,
        externalRole: row.externalRole,
        category: row.category ?? '',
        minimumRole: row.minimumRole,
        companyUuid: row.companyUuid || null,
      };
    });
  };
  const roles = rows('roles');
  const elements = rows('elements');
  if (errors.list.length > 0) throw new InvalidError('The application is not valid', errors.list);
  if (state.applications.nameTaken(input.name, existing?.uuid))
    throw new ConflictError('An Application with this name already exists');
  const record: ApplicationRecord = {
    uuid: existing?.uuid ?? randomUUID(),
    name: input.name,
    dataUrl: input.dataUrl,
    dataDriverName: input.dataDriverName,
    dataUsername: input.dataUsername,
    dataPassword: keptPassword(input.dataPassword, existing?.dataPassword),
    apiHost: input.apiHost,
    apiAuthType: input.apiAuthType as ApplicationRecord['apiAuthType'],
    apiUsername: input.apiUsername,
    apiPassword: keptPassword(input.apiPassword, existing?.apiPassword),
    roles,
    elements,
  };
  const source = state.sourceOf(caller);
  const pending = state.history.begin('application', existing);
  // Before the application changes, so the dependants' views still name the rows that leave.
  if (existing) pruneRows(state, existing, record, source);
  state.applications.set(record);
  if (!existing) state.remoteApps.set(record.uuid, { roles: [], elements: [], release: 0 });
  state.touch();
  state.history.commit(pending, existing ? 'update' : 'create', record, source);
  return record;
}

/**
 * Role and element rows of `app` that `kept` lacks leave the application's
 * profiles, and users' element values (each change recorded).
 */
function pruneRows(
  state: StoreState,
  app: ApplicationRecord,
  kept: { roles: AppRow[]; elements: AppRow[] },
  source: ChangeSource,
) {
  const stay = new Set([...kept.roles, ...kept.elements].map((r) => r.uuid));
  const gone = new Set([...app.roles, ...app.elements].map((r) => r.uuid).filter((id) => !stay.has(id)));
  if (gone.size === 0) return;
  for (const ap of state.appProfiles.values()) {
    if (ap.applicationUuid !== app.uuid || ![...ap.roles, ...ap.elements].some((id) => gone.has(id))) continue;
    const pending = state.history.begin('appProfile', ap);
    ap.roles = ap.roles.filter((id) => !gone.has(id));
    ap.elements = ap.elements.filter((id) => !gone.has(id));
    state.history.commit(pending, 'update', ap, source);
  }
  for (const u of state.users.values()) {
    if (!u.elements.some((e) => gone.has(e.uuid))) continue;
    const pending = state.history.begin('user', u);
    u.elements = u.elements.filter((e) => !gone.has(e.uuid));
    state.history.commit(pending, 'update', u, source);
  }
}

/** Deleting an application deletes the application profiles that use it (and takes them out of business profiles). */
export function deleteApplication(state: StoreState, caller: Caller, uuid: string): void {
  requireArea(caller, 'appWrite');
  const app = state.applications.get(uuid);
  if (!app) throw notFound('Application', uuid);
  const source = state.sourceOf(caller);
  // Dependants first, while the application still names their rows.
  const profiles = new Set(
    [...state.appProfiles.values()].filter((p) => p.applicationUuid === uuid).map((p) => p.uuid),
  );
  removeAppProfiles(state, profiles, source);
  pruneRows(state, app, { roles: [], elements: [] }, source);
  const pending = state.history.begin('application', app);
  state.applications.delete(uuid);
  state.remoteApps.delete(uuid);
  state.history.commit(pending, 'delete', undefined, source);
  state.touch();
}

/**
 * Synchronises an application with what the remote application reports: the
 * roles and elements it has that the store lacks are added (roles it reports
 * are external roles), rows already known keep their uuid and visibility,
 * rows defined here stay. The remote application evolves by one release per
 * sync (a new element in its first category), so every sync shows a change,
 * deterministically.
 */
export function syncApplication(state: StoreState, caller: Caller, uuid: string): ApplicationRecord {
  requireArea(caller, 'appSync');
  const app = state.applications.get(uuid);
  if (!app) throw notFound('Application', uuid);
  const pending = state.history.begin('application', app);
  const remote = state.remoteApps.get(uuid) ?? { roles: [], elements: [], release: 0 };
  remote.release++;
  const category =
    remote.elements[0]?.category ??
    app.elements[0]?.category ??
    `${app.name.toUpperCase().replace(/\W+/g, '_')}_ELEMENT`;
  remote.elements.push({ name: `${app.name} Release ${remote.release} Node`, category });
  state.remoteApps.set(uuid, remote);
  const add = (rows: AppRow[], name: string, category: string, externalRole: boolean) => {
    if (rows.some((r) => r.name === name && r.category === category)) return;
    rows.push({ uuid: randomUUID(), name, externalRole, category, minimumRole: 'ADMIN', companyUuid: null });
  };
  for (const r of remote.roles) add(app.roles, r.name, 'ROLE', r.externalRole);
  for (const e of remote.elements) add(app.elements, e.name, e.category, false);
  state.touch();
  state.history.commit(pending, 'sync', app, state.sourceOf(caller));
  return viewApplication(caller, app);
}

export function syncAllApplications(state: StoreState, caller: Caller): ApplicationRecord[] {
  requireArea(caller, 'appSync');
  return [...state.applications.values()].sort(byName).map((a) => syncApplication(state, caller, a.uuid));
}
