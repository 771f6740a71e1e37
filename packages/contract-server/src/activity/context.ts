// Who is acting, through what, from where: the request an event is recorded
// under. The store's write functions know only the caller and the call; the
// activity log also wants the channel, the client, the address and the user
// agent, and a bulk action's correlation id for each user it changes. They
// travel with the request (AsyncLocalStorage), so no write function has to
// pass them on, and a write made outside any request (the seed, a start)
// simply has none.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ActivityAction, ActivityChannel } from '@userprofile/shared/activity-query';

export interface ActivityActor {
  uuid: string;
  username: string;
  /** The actor's highest console role when it acted. */
  role: string | null;
  /** Its company then (the actor's own events are always its to read). */
  companyUuid: string | null;
}

export interface ActivityContext {
  actor: ActivityActor | null;
  channel: ActivityChannel;
  clientId: string | null;
  address: string | null;
  userAgent: string | null;
  /** The call, as the record history names it: 'POST /api/v1/user/update'. */
  call: string | null;
  /** Shared by a bulk action or an import and every per-user event it makes. */
  correlation: string | null;
  /** What the changes this request makes are, when the history's own word is not it (a password reset). */
  action: ActivityAction | null;
}

const current = new AsyncLocalStorage<ActivityContext>();

/** The request being served, if any. */
export function activityContext(): ActivityContext | undefined {
  return current.getStore();
}

/** Runs `fn` (and everything it awaits) as this request. */
export function withActivityContext<T>(context: ActivityContext, fn: () => T): T {
  return current.run(context, fn);
}
