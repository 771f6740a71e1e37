// Store records ⇄ the wire shapes of openapi/userprofile.yaml. Views nest the
// referenced records ({ uuid, name }); inputs keep only the uuids the store needs.
import type { components } from '@userprofile/shared/generated/api';
import { compareValues } from '@userprofile/shared/list';
import type { Caller } from '../store/access.ts';
import type {
  ApplicationInput,
  AppProfileInput,
  AppRowInput,
  BusinessProfileInput,
  ClientInput,
  Store,
  UserInput,
  VisibilityElements,
  VisibilityProfileInput,
} from '../store/store.ts';
import type {
  ApplicationRecord,
  AppProfileRecord,
  AppRow,
  BusinessProfileRecord,
  ClientRecord,
  ClusterRecord,
  ConsoleRole,
  NamedRecord,
  Scoped,
  UserRecord,
  VisibilityProfileRecord,
} from '../store/types.ts';

type S = components['schemas'];

const DEFAULT_ROLE: ConsoleRole = 'ADMIN';

function company(store: Store, uuid: string | null): S['CompanyRef'] {
  if (!uuid) return null;
  const c = store.companies.get(uuid);
  return c ? { uuid: c.uuid, name: c.name } : { uuid };
}

function scoped(store: Store, r: Scoped) {
  return { minimumRole: { name: r.minimumRole }, errigalCustomerCompany: company(store, r.companyUuid) };
}

function ref(r: NamedRecord | undefined): S['NamedRef'] | null {
  return r ? { uuid: r.uuid, name: r.name } : null;
}

function profileItem(row: AppRow): S['ProfileItem'] {
  return { uuid: row.uuid, name: row.name, externalRole: row.externalRole, category: row.category };
}

// ------------------------------------------------------------------ views

export function businessAppProfileView(store: Store, ap: AppProfileRecord): S['BusinessAppProfile'] {
  const app = store.applications.get(ap.applicationUuid);
  const elements = new Set(ap.elements);
  return {
    uuid: ap.uuid,
    name: ap.name,
    application: { uuid: ap.applicationUuid, ...(app ? { name: app.name } : {}) },
    elements: (app?.elements ?? []).filter((e) => elements.has(e.uuid)).map(profileItem),
  };
}

interface Lookups {
  version: number;
  elementRows: Map<string, AppRow>;
  labels: Map<string, string>;
}
const lookupCache = new WeakMap<Store, Lookups>();

/** Element rows by uuid and labels by category, built once per store version (a list view makes 100000 users). */
function lookups(store: Store): Lookups {
  let l = lookupCache.get(store);
  if (!l || l.version !== store.version) {
    const elementRows = new Map<string, AppRow>();
    for (const a of store.applications.values()) for (const e of a.elements) elementRows.set(e.uuid, e);
    l = {
      version: store.version,
      elementRows,
      labels: new Map(store.userElementConfig.map((c) => [c.category, c.label])),
    };
    lookupCache.set(store, l);
  }
  return l;
}

/**
 * A user as the lists carry it: the fields the Users list shows, filters on and
 * sorts by (spec §2), and what activate/inactivate need. `GET /user/{uuid}`
 * answers the whole user (userView).
 */
export function userListView(store: Store, u: UserRecord): S['User'] {
  const bp = u.businessProfileUuid ? store.businessProfiles.get(u.businessProfileUuid) : undefined;
  const vp = u.visibilityProfileUuid ? store.visibilityProfiles.get(u.visibilityProfileUuid) : undefined;
  return {
    uuid: u.uuid,
    username: u.username,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    active: u.active,
    businessProfile: bp ? { uuid: bp.uuid, name: bp.name } : null,
    visibilityProfile: ref(vp),
  };
}

/** The whole user, its business profile with the application profiles (the form's category tabs and default tree). */
export function userView(store: Store, u: UserRecord): S['User'] {
  const location = u.locationUuid ? store.locations.get(u.locationUuid) : undefined;
  const bp = u.businessProfileUuid ? store.businessProfiles.get(u.businessProfileUuid) : undefined;
  const { elementRows, labels } = lookups(store);
  return {
    ...userListView(store, u),
    deskPhone: u.deskPhone,
    mobilePhone: u.mobilePhone,
    location: location
      ? { uuid: location.uuid, name: location.name, latitude: location.latitude, longitude: location.longitude }
      : null,
    businessProfile: bp
      ? {
          uuid: bp.uuid,
          name: bp.name,
          appProfiles: bp.appProfiles.flatMap((id) => {
            const ap = store.appProfiles.get(id);
            return ap ? [businessAppProfileView(store, ap)] : [];
          }),
        }
      : null,
    ...scoped(store, u),
    elements: u.elements.flatMap((e) => {
      const row = elementRows.get(e.uuid);
      return row
        ? [
            {
              uuid: row.uuid,
              name: row.name,
              label: labels.get(row.category) ?? null,
              category: row.category,
              actualValue: e.actualValue,
            },
          ]
        : [];
    }),
  };
}

export function appProfileView(store: Store, p: AppProfileRecord): S['ApplicationProfile'] {
  const app = store.applications.get(p.applicationUuid);
  const pick = (rows: AppRow[] | undefined, ids: string[]) => {
    const set = new Set(ids);
    return (rows ?? []).filter((r) => set.has(r.uuid)).map(profileItem);
  };
  return {
    uuid: p.uuid,
    name: p.name,
    description: p.description,
    application: { uuid: p.applicationUuid, name: app?.name ?? p.applicationUuid },
    ...scoped(store, p),
    roles: pick(app?.roles, p.roles),
    elements: pick(app?.elements, p.elements),
  };
}

export function businessProfileView(store: Store, p: BusinessProfileRecord): S['BusinessProfile'] {
  return {
    uuid: p.uuid,
    name: p.name,
    description: p.description,
    ...scoped(store, p),
    appProfiles: p.appProfiles.flatMap((id) => {
      const ap = store.appProfiles.get(id);
      return ap ? [businessAppProfileView(store, ap)] : [];
    }),
  };
}

/** The clusters whose uuid is in `chosen`, as a forest: a chosen node under its nearest chosen ancestor. */
export function clusterForest(store: Store, chosen: Set<string> | null): S['ClusterNode'][] {
  const all = store.visibility.clusters;
  const nodes = new Map<string, S['ClusterNode']>();
  const included = (c: ClusterRecord) => chosen === null || chosen.has(c.uuid);
  for (const c of all.values()) if (included(c)) nodes.set(c.uuid, { uuid: c.uuid, name: c.name, children: [] });
  const roots: S['ClusterNode'][] = [];
  for (const c of all.values()) {
    const node = nodes.get(c.uuid);
    if (!node) continue;
    let parent = c.parentUuid ? all.get(c.parentUuid) : undefined;
    while (parent && !nodes.has(parent.uuid)) parent = parent.parentUuid ? all.get(parent.parentUuid) : undefined;
    if (parent) nodes.get(parent.uuid)?.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export function visibilityProfileView(store: Store, p: VisibilityProfileRecord): S['VisibilityProfile'] {
  const v = store.visibility;
  const list = (ids: string[], map: Map<string, NamedRecord>) => ids.flatMap((id) => ref(map.get(id)) ?? []);
  return {
    uuid: p.uuid,
    name: p.name,
    description: p.description,
    ...scoped(store, p),
    primaryVisibility: p.primaryVisibilityUuid ? ref(v.clusters.get(p.primaryVisibilityUuid)) : null,
    carriers: list(p.carriers, v.carriers),
    clusters: clusterForest(store, new Set(p.clusters)),
    defaultClusterGroup: p.defaultClusterGroupUuid ? ref(v.clusterGroups.get(p.defaultClusterGroupUuid)) : null,
    clusterGroups: list(p.clusterGroups, v.clusterGroups),
    neAttributes: list(p.neAttributes, v.neAttributes),
    networkGroups: list(p.networkGroups, v.networkGroups),
    venues: list(p.venues, v.venues),
  };
}

export function visibilitySetView(store: Store, v: VisibilityElements): S['VisibilitySet'] {
  const sorted = (map: Map<string, NamedRecord>) =>
    [...map.values()].map((r) => ({ uuid: r.uuid, name: r.name })).sort((a, b) => compareValues(a.name, b.name));
  return {
    carriers: sorted(v.carriers),
    clusters: clusterForest(store, null),
    clusterGroups: sorted(v.clusterGroups),
    neAttributes: sorted(v.neAttributes),
    networkGroups: sorted(v.networkGroups),
    venues: sorted(v.venues),
  };
}

/** The database and REST API settings are present for ERRIGAL_ADMIN callers only; the passwords never leave the server. */
export function applicationView(store: Store, caller: Caller, a: ApplicationRecord): S['Application'] {
  const row = (r: AppRow): S['ApplicationItem'] => ({
    uuid: r.uuid,
    name: r.name,
    externalRole: r.externalRole,
    category: r.category,
    ...scoped(store, r),
  });
  const base = { uuid: a.uuid, name: a.name, roles: a.roles.map(row), elements: a.elements.map(row) };
  if (caller.role !== 'ERRIGAL_ADMIN') return base;
  return {
    ...base,
    dataUrl: a.dataUrl,
    dataDriverName: a.dataDriverName,
    dataUsername: a.dataUsername,
    apiHost: a.apiHost,
    apiAuthType: a.apiAuthType,
    apiUsername: a.apiUsername,
  };
}

/** A client as the list shows it: without its secret. */
export function clientSummaryView(c: ClientRecord): S['OAuth2ClientSummary'] {
  return {
    uuid: c.uuid,
    name: c.name,
    description: c.description,
    allowedRedirectTarget: c.allowedRedirectTarget || null,
  };
}

/** One client for its editor, secret included (ERRIGAL_ADMIN only, not cached). */
export function clientView(c: ClientRecord): S['OAuth2Client'] {
  return { ...clientSummaryView(c), clientSecret: c.clientSecret };
}

// ----------------------------------------------------------------- inputs

function scopeInput(r: { minimumRole?: S['MinimumRole']; errigalCustomerCompany?: S['CompanyRef'] }): Scoped {
  return { minimumRole: r.minimumRole?.name ?? DEFAULT_ROLE, companyUuid: r.errigalCustomerCompany?.uuid ?? null };
}

export function userInput(u: S['UserInput']): UserInput {
  return {
    uuid: u.uuid ?? null,
    username: u.username,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    deskPhone: u.deskPhone ?? null,
    mobilePhone: u.mobilePhone ?? null,
    active: u.active,
    locationUuid: u.location?.uuid ?? null,
    businessProfileUuid: u.businessProfile?.uuid ?? null,
    visibilityProfileUuid: u.visibilityProfile?.uuid ?? null,
    ...scopeInput(u),
    elements: (u.elements ?? []).map((e) => ({ uuid: e.uuid, actualValue: e.actualValue ?? e.name })),
  };
}

export function appProfileInput(p: S['ApplicationProfileInput']): AppProfileInput {
  return {
    uuid: p.uuid ?? null,
    name: p.name,
    description: p.description ?? '',
    applicationUuid: p.application.uuid,
    ...scopeInput(p),
    roles: (p.roles ?? []).map((r) => r.uuid),
    elements: (p.elements ?? []).map((r) => r.uuid),
  };
}

export function businessProfileInput(p: S['BusinessProfileInput']): BusinessProfileInput {
  return {
    uuid: p.uuid ?? null,
    name: p.name,
    description: p.description ?? '',
    ...scopeInput(p),
    appProfiles: p.appProfiles.map((a) => a.uuid),
  };
}

function flattenClusters(nodes: S['ClusterNode'][] | undefined, into: string[] = []): string[] {
  for (const n of nodes ?? []) {
    into.push(n.uuid);
    flattenClusters(n.children, into);
  }
  return into;
}

export function visibilityProfileInput(p: S['VisibilityProfileInput']): VisibilityProfileInput {
  const ids = (list: S['NamedRef'][] | undefined) => (list ?? []).map((r) => r.uuid);
  return {
    uuid: p.uuid ?? null,
    name: p.name,
    description: p.description ?? '',
    ...scopeInput(p),
    primaryVisibilityUuid: p.primaryVisibility?.uuid ?? null,
    carriers: ids(p.carriers),
    clusters: flattenClusters(p.clusters),
    defaultClusterGroupUuid: p.defaultClusterGroup?.uuid ?? null,
    clusterGroups: ids(p.clusterGroups),
    neAttributes: ids(p.neAttributes),
    networkGroups: ids(p.networkGroups),
    venues: ids(p.venues),
  };
}

function rowInput(r: S['ApplicationItem']): AppRowInput {
  return { uuid: r.uuid, name: r.name, externalRole: r.externalRole, category: r.category ?? '', ...scopeInput(r) };
}

export function applicationInput(a: S['ApplicationInput']): ApplicationInput {
  return { ...a, uuid: a.uuid ?? null, roles: a.roles.map(rowInput), elements: a.elements.map(rowInput) };
}

export function clientInput(c: S['OAuth2ClientInput']): ClientInput {
  return {
    uuid: c.uuid ?? null,
    name: c.name,
    description: c.description,
    allowedRedirectTarget: c.allowedRedirectTarget ?? '',
    clientSecret: c.clientSecret,
  };
}
