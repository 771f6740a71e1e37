// Lookups (spec §7 "Lookups"): locations, the cluster tree, companies.
// Locations and companies change only with the seed; their answers are kept
// as bytes until the store's next write, like the user lists.
import type { FastifyReply } from 'fastify';
import { answersUntilWrite, sendCachedJson } from '../http/send.ts';
import { caller, type Req, type RouteContext, type Routes, type S } from './context.ts';
import { clusterForest } from './wire.ts';

export function lookupRoutes(ctx: RouteContext): Routes {
  const kept = answersUntilWrite();
  // The key text of each role and company made once: a text made anew for
  // every call must be hashed anew for the lookup, which costs more than the
  // rest of the answer. Bounded by the companies and the three roles.
  const companiesKeys = new Map<string | null, Map<string | null, string>>();
  const companiesKey = (role: string | null, company: string | null) => {
    let byCompany = companiesKeys.get(role);
    if (!byCompany) {
      byCompany = new Map();
      companiesKeys.set(role, byCompany);
    }
    let key = byCompany.get(company);
    if (key === undefined) {
      key = `companies|${role}|${company}`;
      byCompany.set(company, key);
    }
    return key;
  };
  return {
    async listLocations(request: Req, reply: FastifyReply) {
      caller(request);
      const store = ctx.store();
      const json = kept(store, 'locations', () =>
        store
          .listLocations()
          .map(({ uuid, name, latitude, longitude }): S['Location'] => ({ uuid, name, latitude, longitude })),
      );
      return sendCachedJson(request, reply, json);
    },
    async listClusters(request: Req) {
      caller(request);
      return clusterForest(ctx.store(), null);
    },
    async listCompanies(request: Req, reply: FastifyReply) {
      const who = caller(request);
      const store = ctx.store();
      // What a caller sees of the companies depends on its role and company only.
      const json = kept(store, companiesKey(who.role, who.companyUuid), () =>
        store.listCompanies(who).map(({ uuid, name }): S['Company'] => ({ uuid, name })),
      );
      return sendCachedJson(request, reply, json);
    },
  } satisfies Routes;
}
