// Effective access (designed, issue 16): what a user ends up with in each
// application and why, and what the user sees of the network, resolved with
// the rules the store enforces: the user's business profile and its
// application profiles, the roles and elements of each profile's application,
// the user's chosen element values, the visibility profile's elements with
// its clusters as the roots of the chosen subtrees.
import { compareValues } from '@userprofile/shared/list';
import { type Caller, canSee, hasLayout } from './access.ts';
import type { Store } from './store.ts';
import type { AppRow, ClusterRecord, NamedRecord, UserRecord, VisibilityProfileRecord } from './types.ts';

/** The path that grants a role or an element: business profile → application profile. */
export interface Grant {
  businessProfile: NamedRecord;
  appProfile: NamedRecord;
}

export interface EffectiveRole {
  uuid: string;
  name: string;
  externalRole: boolean;
  grants: Grant[];
}

export interface EffectiveElement {
  uuid: string;
  name: string;
  category: string;
  /** The user's value for this element, null when the user chose another element of the category, or none. */
  value: string | null;
  grants: Grant[];
}

export interface EffectiveApplication {
  uuid: string;
  name: string;
  roles: EffectiveRole[];
  elements: EffectiveElement[];
}

export interface EffectiveVisibility {
  profile: NamedRecord | null;
  primary: NamedRecord | null;
  carriers: NamedRecord[];
  /** Roots of the chosen subtrees; descendants = chosen clusters below each. */
  clusters: (NamedRecord & { descendants: number })[];
  clusterGroups: (NamedRecord & { default: boolean })[];
  networkGroups: NamedRecord[];
  neAttributes: NamedRecord[];
  venues: NamedRecord[];
}

export interface EffectiveAccess {
  user: { uuid: string; username: string; active: boolean };
  businessProfile: NamedRecord | null;
  /** A profile of the user is withheld from the caller (its GET would refuse it). */
  withheld?: true;
  applications: EffectiveApplication[];
  visibility: EffectiveVisibility;
}

const named = (r: NamedRecord): NamedRecord => ({ uuid: r.uuid, name: r.name });
const byName = (a: { name: string }, b: { name: string }) => compareValues(a.name, b.name);

/**
 * The effective access of the user `uuid`: 404 or 403 exactly as the user's
 * GET (Store.getUser). Role and element rows the caller may not see are left
 * out, as the application's own answer leaves them out; NE attributes and
 * venues need the caller's layout code, as in the visibility profile's answer.
 * A profile the caller's own GET would refuse is withheld with all it grants
 * (issue 22 item 8), as in the user's answer.
 */
export function effectiveAccess(store: Store, caller: Caller, uuid: string): EffectiveAccess {
  const user = store.getUser(caller, uuid);
  const found = user.businessProfileUuid ? store.businessProfiles.get(user.businessProfileUuid) : undefined;
  const bp = found && canSee(caller, found) ? found : undefined;
  return {
    user: { uuid: user.uuid, username: user.username, active: user.active },
    businessProfile: bp ? named(bp) : null,
    ...(store.seesProfilesOf(caller, user) ? {} : { withheld: true as const }),
    applications: bp ? applicationsOf(store, caller, user, named(bp), bp.appProfiles) : [],
    visibility: visibilityOf(store, caller, user),
  };
}

function applicationsOf(
  store: Store,
  caller: Caller,
  user: UserRecord,
  bp: NamedRecord,
  appProfiles: string[],
): EffectiveApplication[] {
  const values = new Map(user.elements.map((e) => [e.uuid, e.actualValue]));
  const apps = new Map<
    string,
    { app: EffectiveApplication; roles: Map<string, EffectiveRole>; elements: Map<string, EffectiveElement> }
  >();
  for (const apUuid of appProfiles) {
    const ap = store.appProfiles.get(apUuid);
    const app = ap && store.applications.get(ap.applicationUuid);
    if (!ap || !app || !canSee(caller, ap)) continue;
    let entry = apps.get(app.uuid);
    if (!entry) {
      entry = {
        app: { uuid: app.uuid, name: app.name, roles: [], elements: [] },
        roles: new Map(),
        elements: new Map(),
      };
      apps.set(app.uuid, entry);
    }
    const grant: Grant = { businessProfile: bp, appProfile: named(ap) };
    const granted = (rows: AppRow[], ids: string[]) => {
      const chosen = new Set(ids);
      return rows.filter((r) => chosen.has(r.uuid) && canSee(caller, r));
    };
    for (const row of granted(app.roles, ap.roles)) {
      const role = entry.roles.get(row.uuid) ?? {
        uuid: row.uuid,
        name: row.name,
        externalRole: row.externalRole,
        grants: [],
      };
      role.grants.push(grant);
      entry.roles.set(row.uuid, role);
    }
    for (const row of granted(app.elements, ap.elements)) {
      const element = entry.elements.get(row.uuid) ?? {
        uuid: row.uuid,
        name: row.name,
        category: row.category,
        value: values.get(row.uuid) ?? null,
        grants: [],
      };
      element.grants.push(grant);
      entry.elements.set(row.uuid, element);
    }
  }
  return [...apps.values()]
    .map(({ app, roles, elements }) => ({
      ...app,
      roles: [...roles.values()].sort(byName),
      elements: [...elements.values()].sort(byName),
    }))
    .sort(byName);
}

function visibilityOf(store: Store, caller: Caller, user: UserRecord): EffectiveVisibility {
  const found = user.visibilityProfileUuid ? store.visibilityProfiles.get(user.visibilityProfileUuid) : undefined;
  const vp = found && canSee(caller, found) ? found : undefined;
  if (!vp) {
    return {
      profile: null,
      primary: null,
      carriers: [],
      clusters: [],
      clusterGroups: [],
      networkGroups: [],
      neAttributes: [],
      venues: [],
    };
  }
  const v = store.visibility;
  const list = (ids: string[], map: Map<string, NamedRecord>) =>
    ids
      .flatMap((id) => {
        const r = map.get(id);
        return r ? [named(r)] : [];
      })
      .sort(byName);
  const primary = vp.primaryVisibilityUuid ? v.clusters.get(vp.primaryVisibilityUuid) : undefined;
  return {
    profile: named(vp),
    primary: primary ? named(primary) : null,
    carriers: list(vp.carriers, v.carriers),
    clusters: subtreeRoots(v.clusters, vp),
    clusterGroups: list(vp.clusterGroups, v.clusterGroups).map((g) => ({
      ...g,
      default: g.uuid === vp.defaultClusterGroupUuid,
    })),
    networkGroups: list(vp.networkGroups, v.networkGroups),
    neAttributes: hasLayout(caller, 'NEA') ? list(vp.neAttributes, v.neAttributes) : [],
    venues: hasLayout(caller, 'VEN') ? list(vp.venues, v.venues) : [],
  };
}

/** The chosen clusters without a chosen ancestor, each with how many chosen clusters lie below it. */
function subtreeRoots(
  clusters: Map<string, ClusterRecord>,
  vp: VisibilityProfileRecord,
): (NamedRecord & { descendants: number })[] {
  const chosen = new Set(vp.clusters.filter((id) => clusters.has(id)));
  const below = new Map<string, number>();
  for (const id of chosen) {
    // The topmost chosen ancestor is the root of this cluster's subtree.
    let root = id;
    let parent = clusters.get(id)?.parentUuid;
    while (parent) {
      if (chosen.has(parent)) root = parent;
      parent = clusters.get(parent)?.parentUuid;
    }
    below.set(root, (below.get(root) ?? 0) + (root === id ? 0 : 1));
  }
  return [...below]
    .map(([id, descendants]) => ({ ...named(clusters.get(id) as ClusterRecord), descendants }))
    .sort(byName);
}
