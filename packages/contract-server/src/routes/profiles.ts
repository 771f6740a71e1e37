// Profiles (spec §7 "Application profiles", "Business profiles", "Visibility
// profiles", "Visibility sync"): list, get, the users or business profiles
// that use one, save, delete; the visibility set and its sync; with the
// profiles' wire mapping.
import { compareValues } from '@userprofile/shared/list';
import type { FastifyReply } from 'fastify';
import { canSee } from '../store/access.ts';
import type {
  AppProfileInput,
  BusinessProfileInput,
  Store,
  VisibilityElements,
  VisibilityProfileInput,
} from '../store/store.ts';
import type {
  AppProfileRecord,
  AppRow,
  BusinessProfileRecord,
  NamedRecord,
  Scoped,
  VisibilityKind,
  VisibilityProfileRecord,
} from '../store/types.ts';
import { caller, type Req, type RouteContext, type Routes, type S } from './context.ts';
import { userListView, userReader } from './users.ts';
import { businessAppProfileView, clusterForest, profileItem, ref, scoped, scopeInput } from './wire.ts';

// ------------------------------------------------------------------ views

/**
 * An application profile as the reader sees it, naming nothing the reader may not open: a role or element
 * row the reader's GET of the application would leave out is left out here
 * too (its save keeps it: Store.saveAppProfile). `sees` absent: all is shown.
 */
export function appProfileView(
  store: Store,
  p: AppProfileRecord,
  sees: (r: Scoped) => boolean = () => true,
): S['ApplicationProfile'] {
  const app = store.applications.get(p.applicationUuid);
  const pick = (rows: AppRow[] | undefined, ids: string[]) => {
    const set = new Set(ids);
    return (rows ?? []).filter((r) => set.has(r.uuid) && sees(r)).map(profileItem);
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

/**
 * A business profile as the reader sees it, naming nothing the reader may not open: an application profile
 * the reader's own GET would refuse is left out, as in a user's answers (its
 * save keeps it: Store.saveBusinessProfile). `sees` absent: all is shown (the
 * record history's views, filtered per reader there).
 */
export function businessProfileView(
  store: Store,
  p: BusinessProfileRecord,
  sees: (r: Scoped) => boolean = () => true,
): S['BusinessProfile'] {
  return {
    uuid: p.uuid,
    name: p.name,
    description: p.description,
    ...scoped(store, p),
    appProfiles: p.appProfiles.flatMap((id) => {
      const ap = store.appProfiles.get(id);
      return ap && sees(ap) ? [businessAppProfileView(store, ap, sees)] : [];
    }),
  };
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

function visibilitySetView(store: Store, v: VisibilityElements): S['VisibilitySet'] {
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

// ----------------------------------------------------------------- inputs

function appProfileInput(p: S['ApplicationProfileInput']): AppProfileInput {
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

function businessProfileInput(p: S['BusinessProfileInput']): BusinessProfileInput {
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

function visibilityProfileInput(p: S['VisibilityProfileInput']): VisibilityProfileInput {
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

// --------------------------------------------------------------- handlers

/** What the caller's own GET of a record would answer (its profile answers name nothing else). */
const seer = (request: Req) => {
  const who = caller(request);
  return (r: Scoped) => canSee(who, r);
};

export function profileRoutes(ctx: RouteContext): Routes {
  return {
    // ------------------------------------------------- application profiles
    async listApplicationProfiles(request: Req) {
      const store = ctx.store();
      return store.listAppProfiles(caller(request)).map((p) => appProfileView(store, p, seer(request)));
    },
    async getApplicationProfile(request: Req<unknown, { uuid: string }>) {
      const store = ctx.store();
      return appProfileView(store, store.getAppProfile(caller(request), request.params.uuid), seer(request));
    },
    async listApplicationProfileBusinessProfiles(request: Req<unknown, { uuid: string }>) {
      const store = ctx.store();
      return store
        .appProfileBusinessProfiles(caller(request), request.params.uuid)
        .map((p) => businessProfileView(store, p, seer(request)));
    },
    async updateApplicationProfile(request: Req<S['ApplicationProfileInput']>) {
      const store = ctx.store();
      const saved = store.saveAppProfile(caller(request), appProfileInput(request.body));
      return appProfileView(store, saved, seer(request));
    },
    async previewApplicationProfileImpact(request: Req<S['ApplicationProfileInput']>): Promise<S['ProfileImpact']> {
      return ctx.store().previewAppProfile(caller(request), appProfileInput(request.body));
    },
    async deleteApplicationProfile(request: Req<unknown, { uuid: string }>, reply: FastifyReply) {
      ctx.store().deleteAppProfile(caller(request), request.params.uuid);
      return reply.code(204).send();
    },

    // ---------------------------------------------------- business profiles
    async listBusinessProfiles(request: Req) {
      const store = ctx.store();
      return store.listBusinessProfiles(caller(request)).map((p) => businessProfileView(store, p, seer(request)));
    },
    async getBusinessProfile(request: Req<unknown, { uuid: string }>) {
      const store = ctx.store();
      return businessProfileView(store, store.getBusinessProfile(caller(request), request.params.uuid), seer(request));
    },
    async listBusinessProfileUsers(request: Req<unknown, { uuid: string }>) {
      const store = ctx.store();
      const who = caller(request);
      const reader = userReader(store, who);
      return store.businessProfileUsers(who, request.params.uuid).map((u) => userListView(store, u, reader));
    },
    async updateBusinessProfile(request: Req<S['BusinessProfileInput']>) {
      const store = ctx.store();
      const saved = store.saveBusinessProfile(caller(request), businessProfileInput(request.body));
      return businessProfileView(store, saved, seer(request));
    },
    async previewBusinessProfileImpact(request: Req<S['BusinessProfileInput']>): Promise<S['ProfileImpact']> {
      return ctx.store().previewBusinessProfile(caller(request), businessProfileInput(request.body));
    },
    async deleteBusinessProfile(request: Req<unknown, { uuid: string }>, reply: FastifyReply) {
      ctx.store().deleteBusinessProfile(caller(request), request.params.uuid);
      return reply.code(204).send();
    },

    // -------------------------------------------------- visibility profiles
    async listVisibilityProfiles(request: Req) {
      const store = ctx.store();
      return store.listVisibilityProfiles(caller(request)).map((p) => visibilityProfileView(store, p));
    },
    async getVisibilityProfile(request: Req<unknown, { uuid: string }>) {
      const store = ctx.store();
      return visibilityProfileView(store, store.getVisibilityProfile(caller(request), request.params.uuid));
    },
    async listVisibilityProfileUsers(request: Req<unknown, { uuid: string }>) {
      const store = ctx.store();
      const who = caller(request);
      const reader = userReader(store, who);
      return store.visibilityProfileUsers(who, request.params.uuid).map((u) => userListView(store, u, reader));
    },
    async updateVisibilityProfile(request: Req<S['VisibilityProfileInput']>) {
      const store = ctx.store();
      return visibilityProfileView(
        store,
        store.saveVisibilityProfile(caller(request), visibilityProfileInput(request.body)),
      );
    },
    async deleteVisibilityProfile(request: Req<unknown, { uuid: string }>, reply: FastifyReply) {
      ctx.store().deleteVisibilityProfile(caller(request), request.params.uuid);
      return reply.code(204).send();
    },
    async getVisibilitySet(request: Req) {
      const store = ctx.store();
      return visibilitySetView(store, store.visibilitySet(caller(request)));
    },

    // ------------------------------------------------------ visibility sync
    async syncVisibilityKind(request: Req<unknown, { kind: VisibilityKind }>) {
      return ctx.store().syncVisibility(caller(request), request.params.kind);
    },
    async syncAllVisibility(request: Req) {
      return ctx.store().syncAllVisibility(caller(request));
    },
  } satisfies Routes;
}
