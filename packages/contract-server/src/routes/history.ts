// Record history (designed; the spec has no such call): the one call that reads it, and the
// views the store's history keeps of each kind of record: the shapes their
// GET calls answer, secrets never among them.
import type { HistoryKind, HistoryViews } from '../store/history.ts';
import type { Store } from '../store/store.ts';
import type { UserRecord } from '../store/types.ts';
import { wholeApplicationView } from './applications.ts';
import { clientSummaryView } from './clients.ts';
import { caller, type Req, type RouteContext, type Routes, type S } from './context.ts';
import { appProfileView, businessProfileView, visibilityProfileView } from './profiles.ts';
import { userView } from './users.ts';

/**
 * What the record history keeps of a user's second factors: each factor's kind
 * and name (added and removed show in the diff), and an administrator's request
 * for a new enrolment. Left out when there is nothing, so a user without
 * factors keeps the view it always had.
 */
function factorSummary(r: UserRecord): Record<string, unknown> {
  const factors = r.factors ?? [];
  return {
    ...(factors.length
      ? {
          secondFactors: factors.map((f) => ({
            uuid: f.id,
            name: `${f.kind === 'totp' ? 'Authenticator app' : 'Passkey'} "${f.name}"`,
          })),
        }
      : {}),
    ...(r.factorEnrolmentRequested ? { factorEnrolmentRequested: true } : {}),
  };
}

/** Each kind as its GET answers it (an OAuth2 client without its secret; an application whole, without its passwords). */
export function historyViews(store: Store): HistoryViews {
  return {
    user: (r) => ({ ...userView(store, r), ...factorSummary(r) }),
    application: (r) => wholeApplicationView(store, r),
    appProfile: (r) => appProfileView(store, r),
    businessProfile: (r) => businessProfileView(store, r),
    visibilityProfile: (r) => visibilityProfileView(store, r),
    authClient: (r) => clientSummaryView(r),
  };
}

const DEFAULT_PAGE = 50;

export function historyRoutes(ctx: RouteContext): Routes {
  return {
    async getRecordHistory(
      request: Req<unknown, { kind: HistoryKind; uuid: string }> & { query: { limit?: string; before?: string } },
    ): Promise<S['HistoryPage']> {
      const { kind, uuid } = request.params;
      const { limit, before } = request.query;
      const page = ctx.store().historyOf(caller(request), kind, uuid, {
        limit: limit === undefined ? DEFAULT_PAGE : Number(limit),
        ...(before === undefined ? {} : { before: Number(before) }),
      });
      return { ...page, entries: page.entries.map((e) => ({ ...e, id: String(e.id) })) };
    },
  } satisfies Routes;
}
