// Applications (spec §7 "Applications"): list, get, save, delete, sync; with
// the application's wire mapping.
import type { FastifyReply } from 'fastify';
import type { Caller } from '../store/access.ts';
import type { ApplicationInput, AppRowInput, Store } from '../store/store.ts';
import type { ApplicationRecord, AppRow } from '../store/types.ts';
import { caller, type Req, type RouteContext, type Routes, type S } from './context.ts';
import { scoped, scopeInput } from './wire.ts';

/** The database and REST API settings are present for ERRIGAL_ADMIN callers only; the passwords never leave the server. */
function applicationView(store: Store, caller: Caller, a: ApplicationRecord): S['Application'] {
  const whole = wholeApplicationView(store, a);
  if (caller.role === 'ERRIGAL_ADMIN') return whole;
  return { uuid: whole.uuid, name: whole.name, roles: whole.roles, elements: whole.elements };
}

/** The application as ERRIGAL_ADMIN reads it (of the rows the store shows the caller): never its passwords. */
export function wholeApplicationView(store: Store, a: ApplicationRecord): S['Application'] {
  const row = (r: AppRow): S['ApplicationItem'] => ({
    uuid: r.uuid,
    name: r.name,
    externalRole: r.externalRole,
    category: r.category,
    ...scoped(store, r),
  });
  return {
    uuid: a.uuid,
    name: a.name,
    roles: a.roles.map(row),
    elements: a.elements.map(row),
    dataUrl: a.dataUrl,
    dataDriverName: a.dataDriverName,
    dataUsername: a.dataUsername,
    apiHost: a.apiHost,
    apiAuthType: a.apiAuthType,
    apiUsername: a.apiUsername,
  };
}

function rowInput(r: S['ApplicationItem']): AppRowInput {
  return { uuid: r.uuid, name: r.name, externalRole: r.externalRole, category: r.category ?? '', ...scopeInput(r) };
}

function applicationInput(a: S['ApplicationInput']): ApplicationInput {
  return { ...a, uuid: a.uuid ?? null, roles: a.roles.map(rowInput), elements: a.elements.map(rowInput) };
}

export function applicationRoutes(ctx: RouteContext): Routes {
  return {
    async listApplications(request: Req) {
      const store = ctx.store();
      const who = caller(request);
      return store.listApplications(who).map((a) => applicationView(store, who, a));
    },
    async getApplication(request: Req<unknown, { uuid: string }>) {
      const store = ctx.store();
      const who = caller(request);
      return applicationView(store, who, store.getApplication(who, request.params.uuid));
    },
    async deleteApplication(request: Req<unknown, { uuid: string }>, reply: FastifyReply) {
      ctx.store().deleteApplication(caller(request), request.params.uuid);
      return reply.code(204).send();
    },
    async updateApplication(request: Req<S['ApplicationInput']>) {
      const store = ctx.store();
      const who = caller(request);
      return applicationView(store, who, store.saveApplication(who, applicationInput(request.body)));
    },
    async syncApplication(request: Req<S['Application']>) {
      const store = ctx.store();
      const who = caller(request);
      return applicationView(store, who, store.syncApplication(who, request.body.uuid));
    },
    async syncAllApplications(request: Req) {
      const store = ctx.store();
      const who = caller(request);
      return store.syncAllApplications(who).map((a) => applicationView(store, who, a));
    },
  } satisfies Routes;
}
