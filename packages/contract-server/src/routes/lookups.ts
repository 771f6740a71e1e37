// Lookups (spec §7 "Lookups"): locations, the cluster tree, companies.
import { caller, type Req, type RouteContext, type Routes } from './context.ts';
import { clusterForest } from './wire.ts';

export function lookupRoutes(ctx: RouteContext): Routes {
  return {
    async listLocations(request: Req) {
      caller(request);
      return ctx.store().listLocations();
    },
    async listClusters(request: Req) {
      caller(request);
      return clusterForest(ctx.store(), null);
    },
    async listCompanies(request: Req) {
      return ctx.store().listCompanies(caller(request));
    },
  } satisfies Routes;
}
