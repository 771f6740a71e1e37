// A user's sign-ins in the admin console (designed; the spec has no such call): whether failed
// attempts are slowing them (Unlock forgets those) and the open sessions
// (Sign out ends one, Sign out everywhere ends them all). The same role and company rules as the
// user's status toggle (Store.userToActOn).
import type { UserSignInState } from '../auth/contract.ts';
import type { Store } from '../store/store.ts';
import { caller, type Req, type RouteContext, type Routes, type S } from './context.ts';

const iso = (ms: number) => new Date(ms).toISOString();

function signInsView(store: Store, state: UserSignInState): S['UserSignIns'] {
  const { throttle } = state;
  return {
    throttle: {
      throttled: throttle.throttled,
      failures: throttle.failures,
      lastFailureAt: throttle.lastFailureAt === null ? null : iso(throttle.lastFailureAt),
      accountWideUntil: throttle.accountWideUntil === null ? null : iso(throttle.accountWideUntil),
      addresses: throttle.addresses.map((a) => ({
        address: a.address,
        failures: a.failures,
        waitUntil: iso(a.waitUntil),
      })),
    },
    sessions: sessionsView(store, state.sessions),
  };
}

/** A user's open sessions as the admin console and the account page list them. */
export function sessionsView(store: Store, sessions: UserSignInState['sessions']): S['SignInSession'][] {
  return sessions.map((s) => ({
    id: s.id,
    startedAt: iso(s.startedAt),
    lastUsedAt: iso(s.lastUsedAt),
    address: s.address,
    method: s.method,
    // A client deleted since keeps its id: the session still holds its tokens.
    clients: s.clientIds.map((clientId) => ({ clientId, name: store.findClient(clientId)?.name ?? clientId })),
  }));
}

export function signInRoutes(ctx: RouteContext): Routes {
  const target = (request: Req<unknown, { uuid: string }>) => {
    const store = ctx.store();
    return { store, user: store.userToActOn(caller(request), request.params.uuid) };
  };
  const view = (store: Store, user: { uuid: string; username: string }) =>
    signInsView(store, ctx.signIns.signInsOf(user.uuid, user.username));

  return {
    async getUserSignIns(request: Req<unknown, { uuid: string }>) {
      const { store, user } = target(request);
      return view(store, user);
    },
    async unlockUser(request: Req<unknown, { uuid: string }>) {
      const { store, user } = target(request);
      ctx.signIns.unlockSignIn(user.username);
      return view(store, user);
    },
    async logoutUserSession(request: Req<unknown, { uuid: string; sessionId: string }>) {
      const { store, user } = target(request);
      ctx.signIns.endUserSession(user.uuid, request.params.sessionId);
      return view(store, user);
    },
    async logoutUserEverywhere(request: Req<unknown, { uuid: string }>) {
      const { store, user } = target(request);
      ctx.revokeUserSessions(user.uuid);
      return view(store, user);
    },
  } satisfies Routes;
}
