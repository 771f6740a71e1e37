// The activity log's three calls (extensions of the document): a page, the
// export of every event a query selects (streamed), and the retention.
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { caller, type Req, type RouteContext, type Routes, type S } from '../routes/context.ts';
import { activityPage, exportPieces, type PageRequest, queryOf } from './reading.ts';
import type { ActivityTable } from './table.ts';

/** What the activity calls need beyond the store: the table, and when the last purge ran. */
export interface ActivityAccess {
  table(): ActivityTable;
  lastPurge(): { at: number; purged: number } | null;
}

export function activityRoutes(ctx: RouteContext, access: ActivityAccess): Routes {
  return {
    async listActivity(request: Req & { query: PageRequest }, reply: FastifyReply): Promise<S['ActivityPage']> {
      reply.header('Cache-Control', 'no-store');
      return activityPage(ctx.store(), access.table(), caller(request), request.query);
    },
    async exportActivity(request: Req & { query: { q?: string; format?: 'csv' | 'ndjson' } }, reply: FastifyReply) {
      const store = ctx.store();
      const who = caller(request);
      const format = request.query.format ?? 'csv';
      // A wrong query is a 400 before the first byte, not a broken download.
      queryOf(request.query.q, store.now());
      const pieces = exportPieces(store, access.table(), who, request.query.q, format);
      return reply
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', `attachment; filename="activity.${format}"`)
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8')
        .send(Readable.from(pieces, { objectMode: false }));
    },
    async getActivityRetention(request: Req): Promise<S['ActivityRetention']> {
      caller(request);
      const store = ctx.store();
      const oldest = access.table().oldest();
      const purge = access.lastPurge();
      return {
        maxEvents: store.activity.maxEvents,
        maxAgeDays: store.activity.retentionDays,
        oldest: oldest === null ? null : new Date(oldest).toISOString(),
        lastPurge: purge ? new Date(purge.at).toISOString() : null,
        purged: purge?.purged ?? 0,
      };
    },
  } satisfies Routes;
}
