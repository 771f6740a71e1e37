// Visibility profiles, and the visibility elements they hold (carriers,
// clusters, groups, NE attributes, venues) with their sync from the network
// inventory. Deleting a profile leaves its users without one.
import { randomUUID } from 'node:crypto';
import { type LayoutCode, VISIBILITY_SYNC_KINDS, visibilitySyncKindsFor } from '@userprofile/shared/constants';
import { validateVisibilityProfile } from '@userprofile/shared/validation';
import { type Caller, canSee, hasLayout, namesClash, requireArea } from './access.ts';
import { ConflictError, ForbiddenError, InvalidError } from './errors.ts';
import { requireProfileChange, scopeFor } from './profile-rules.ts';
import { type StoreState, type VisibilityElements, visibleByName, visibleOne } from './store-state.ts';
import type { NamedRecord, UserRecord, VisibilityKind, VisibilityProfileRecord } from './types.ts';
import { FieldErrors, wireScope } from './validate.ts';

export type VisibilityProfileInput = Omit<VisibilityProfileRecord, 'uuid'> & { uuid?: string | null };

const KIND_FIELD: Record<VisibilityKind, keyof VisibilityElements> = {
  carrier: 'carriers',
  cluster: 'clusters',
  clusterGroup: 'clusterGroups',
  networkGroup: 'networkGroups',
  networkElementAttribute: 'neAttributes',
  venue: 'venues',
};

/** The visibility profile fields that only callers with a layout code see and change (spec §6). */
const LAYOUT_FIELDS: readonly { name: 'neAttributes' | 'venues'; layoutCode: LayoutCode }[] = [
  { name: 'neAttributes', layoutCode: 'NEA' },
  { name: 'venues', layoutCode: 'VEN' },
];

function viewVisibilityProfile(caller: Caller, p: VisibilityProfileRecord): VisibilityProfileRecord {
  const hidden = LAYOUT_FIELDS.filter((f) => !hasLayout(caller, f.layoutCode));
  if (hidden.length === 0) return p;
  return { ...p, ...Object.fromEntries(hidden.map((f) => [f.name, []])) };
}

/** How refusals name a record. */
const visibilityProfileLabel = (p: VisibilityProfileRecord) => `Visibility profile '${p.name}'`;

export function listVisibilityProfiles(state: StoreState, caller: Caller): VisibilityProfileRecord[] {
  requireArea(caller, 'users');
  return visibleByName(state.visibilityProfiles, caller).map((p) => viewVisibilityProfile(caller, p));
}

export function getVisibilityProfile(state: StoreState, caller: Caller, uuid: string): VisibilityProfileRecord {
  return viewVisibilityProfile(caller, findVisibilityProfile(state, caller, uuid));
}

function findVisibilityProfile(state: StoreState, caller: Caller, uuid: string): VisibilityProfileRecord {
  requireArea(caller, 'users');
  return visibleOne(state.visibilityProfiles, caller, uuid, 'Visibility profile');
}

export function saveVisibilityProfile(
  state: StoreState,
  caller: Caller,
  input: VisibilityProfileInput,
): VisibilityProfileRecord {
  requireArea(caller, 'profiles');
  const existing = input.uuid ? findVisibilityProfile(state, caller, input.uuid) : undefined;
  if (existing) requireProfileChange(state, caller, 'visibility', existing, visibilityProfileLabel(existing));
  const errors = new FieldErrors('body.');
  const scope = scopeFor(state, caller, input, errors);
  errors.addAll(
    validateVisibilityProfile({
      ...input,
      ...wireScope(scope),
      primaryVisibility: { uuid: input.primaryVisibilityUuid },
      networkGroups: input.networkGroups.map((uuid) => ({ uuid })),
    }),
  );
  const v = state.visibility;
  const check = (field: string, ids: string[], map: Map<string, unknown>) =>
    ids.forEach((id, i) => {
      if (!map.has(id)) errors.add(`${field}.${i}`, 'No such element');
    });
  check('carriers', input.carriers, v.carriers);
  check('clusters', input.clusters, v.clusters);
  check('clusterGroups', input.clusterGroups, v.clusterGroups);
  check('networkGroups', input.networkGroups, v.networkGroups);
  check('neAttributes', input.neAttributes, v.neAttributes);
  check('venues', input.venues, v.venues);
  if (input.primaryVisibilityUuid && !v.clusters.has(input.primaryVisibilityUuid))
    errors.add('primaryVisibility', 'No such cluster');
  if (input.defaultClusterGroupUuid && !v.clusterGroups.has(input.defaultClusterGroupUuid))
    errors.add('defaultClusterGroup', 'No such cluster group');
  // Elements of a layout the caller lacks are neither shown to them nor changed by them.
  for (const field of LAYOUT_FIELDS) {
    if (!hasLayout(caller, field.layoutCode) && input[field.name].length > 0)
      errors.add(field.name, `Needs the layout code ${field.layoutCode}`);
  }
  if (errors.list.length > 0) throw new InvalidError('The visibility profile is not valid', errors.list);
  if (state.visibilityProfiles.nameTaken(input.name, existing?.uuid, (other) => namesClash(scope, other))) {
    throw new ConflictError('A Visibility Profile with this name already exists');
  }
  const uniq = (ids: string[], extra?: string | null) => [...new Set(extra ? [...ids, extra] : ids)];
  const record: VisibilityProfileRecord = {
    uuid: existing?.uuid ?? randomUUID(),
    name: input.name,
    description: input.description ?? '',
    ...scope,
    // The primary visibility is always one of the clusters, the default group one of the groups (spec §4).
    primaryVisibilityUuid: input.primaryVisibilityUuid || null,
    carriers: uniq(input.carriers),
    clusters: uniq(input.clusters, input.primaryVisibilityUuid),
    defaultClusterGroupUuid: input.defaultClusterGroupUuid || null,
    clusterGroups: uniq(input.clusterGroups, input.defaultClusterGroupUuid),
    neAttributes: hasLayout(caller, 'NEA') ? uniq(input.neAttributes) : (existing?.neAttributes ?? []),
    networkGroups: uniq(input.networkGroups),
    venues: hasLayout(caller, 'VEN') ? uniq(input.venues) : (existing?.venues ?? []),
  };
  return state.saveNamed('visibilityProfile', state.visibilityProfiles, caller, existing, record);
}

export function deleteVisibilityProfile(state: StoreState, caller: Caller, uuid: string): void {
  requireArea(caller, 'profiles');
  const p = findVisibilityProfile(state, caller, uuid);
  requireProfileChange(state, caller, 'visibility', p, visibilityProfileLabel(p));
  state.deleteNamedByUsers(
    'visibilityProfile',
    state.visibilityProfiles,
    caller,
    p,
    (u) => u.visibilityProfileUuid === uuid,
    (u) => {
      u.visibilityProfileUuid = null;
    },
  );
}

export function visibilityProfileUsers(state: StoreState, caller: Caller, uuid: string): UserRecord[] {
  requireArea(caller, 'profiles');
  findVisibilityProfile(state, caller, uuid);
  return state.usersSorted().filter((u) => u.visibilityProfileUuid === uuid && canSee(caller, u));
}

// ----------------------------------------------------- visibility elements

/** The elements visibility profiles can hold, less the kinds whose layout code the caller lacks. */
export function visibilitySet(state: StoreState, caller: Caller): VisibilityElements {
  requireArea(caller, 'users');
  const v = state.visibility;
  return {
    ...v,
    neAttributes: hasLayout(caller, 'NEA') ? v.neAttributes : new Map(),
    venues: hasLayout(caller, 'VEN') ? v.venues : new Map(),
  };
}

/** Synchronises one kind of visibility element with the network inventory; answers how many elements it now holds. */
export function syncVisibility(state: StoreState, caller: Caller, kind: VisibilityKind): number {
  requireArea(caller, 'appSync');
  const layoutCode = VISIBILITY_SYNC_KINDS.find((k) => k.kind === kind)?.layoutCode;
  if (layoutCode && !hasLayout(caller, layoutCode))
    throw new ForbiddenError(`Syncing ${kind} needs the layout code ${layoutCode}`);
  const pending = state.pendingVisibility.get(kind) ?? [];
  const map = state.visibility[KIND_FIELD[kind]] as Map<string, NamedRecord>;
  if (pending.length > 0) {
    for (const el of pending) map.set(el.uuid, el);
    state.pendingVisibility.set(kind, []);
    state.touch();
  }
  return map.size;
}

export function syncAllVisibility(state: StoreState, caller: Caller): number {
  requireArea(caller, 'appSync');
  let total = 0;
  for (const { kind } of visibilitySyncKindsFor(caller.layoutCodes)) total += syncVisibility(state, caller, kind);
  return total;
}
