// Access questions (designed; the spec has no such call): who holds a role or an element of an
// application (a page of it, or all of it as CSV), and whether one user holds
// it and why. The store module (store/access-questions.ts) answers; this one
// pages and maps to the wire.

import { holdersCsv } from '@userprofile/shared/access/walk';
import { csvText } from '@userprofile/shared/csv';
import type { FastifyReply } from 'fastify';
import {
  accessHolders,
  checkAccess,
  type Holder,
  type HolderQuery,
  type HolderStatus,
} from '../store/access-questions.ts';
import { caller, type Req, type RouteContext, type Routes, type S } from './context.ts';

const DEFAULT_SIZE = 50;

interface HolderParams {
  role?: string;
  element?: string;
  status?: HolderStatus;
  q?: string;
}

type QueryReq<Q> = Req<unknown, { uuid: string }> & { query: Q };

const holderQuery = (q: HolderParams): HolderQuery => ({
  role: q.role,
  element: q.element,
  status: q.status,
  q: q.q,
});

function holderView({ user, path }: Holder): S['AccessHolder'] {
  return {
    user: {
      uuid: user.uuid,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      active: user.active,
    },
    path,
  };
}

export function accessRoutes(ctx: RouteContext): Routes {
  return {
    async listAccessHolders(
      request: QueryReq<HolderParams & { page?: string; size?: string }>,
    ): Promise<S['AccessHolders']> {
      const found = accessHolders(ctx.store(), caller(request), request.params.uuid, holderQuery(request.query));
      const size = request.query.size === undefined ? DEFAULT_SIZE : Number(request.query.size);
      const page = request.query.page === undefined ? 1 : Number(request.query.page);
      const start = (page - 1) * size;
      return {
        application: found.application,
        row: found.row,
        active: found.active,
        inactive: found.inactive,
        withheld: found.withheld,
        total: found.holders.length,
        page,
        size,
        holders: found.holders.slice(start, start + size).map(holderView),
      };
    },
    async exportAccessHolders(request: QueryReq<HolderParams>, reply: FastifyReply) {
      const found = accessHolders(ctx.store(), caller(request), request.params.uuid, holderQuery(request.query));
      const csv = holdersCsv(found.application, found.row, found.holders);
      return reply
        .header('Content-Disposition', `attachment; filename="${csv.fileName}"`)
        .type('text/csv; charset=utf-8')
        .send(csvText([csv.header, ...csv.rows]));
    },
    async checkAccess(
      request: Req & { query: { user: string; application: string; role?: string; element?: string } },
    ): Promise<S['AccessCheck']> {
      return checkAccess(ctx.store(), caller(request), request.query);
    },
  } satisfies Routes;
}
