// The record an event is about, as it is now: its name, and the scope an
// event about it is read under (its company, and the rank its minimum role
// and its kind need). Used where an event is recorded outside the record
// history (a refusal, a sign-in, a mail).
import type { ActivityKind } from '@userprofile/shared/activity-query';
import { roleRank } from '@userprofile/shared/constants';
import type { StoreState } from '../store/store-state.ts';
import { kindRank, type NewEvent } from './log.ts';

/**
 * A record's name and the scope an event about it is read under now: its
 * company and the rank its minimum role and kind need. undefined: no such
 * record.
 */
export function targetOf(
  state: StoreState,
  kind: ActivityKind,
  uuid: string,
): Pick<NewEvent, 'targetUuid' | 'targetName' | 'company' | 'needRank'> | undefined {
  const scoped = (
    r: { name?: string; username?: string; companyUuid: string | null; minimumRole: string } | undefined,
  ) =>
    r && {
      targetUuid: uuid,
      targetName: r.username ?? r.name ?? null,
      company: r.companyUuid,
      needRank: Math.max(kindRank(kind), roleRank(r.minimumRole)),
    };
  switch (kind) {
    case 'user':
      return scoped(state.users.get(uuid));
    case 'appProfile':
      return scoped(state.appProfiles.get(uuid));
    case 'businessProfile':
      return scoped(state.businessProfiles.get(uuid));
    case 'visibilityProfile':
      return scoped(state.visibilityProfiles.get(uuid));
    case 'application': {
      const a = state.applications.get(uuid);
      return a && { targetUuid: uuid, targetName: a.name, company: null, needRank: kindRank(kind) };
    }
    case 'authClient': {
      const c = state.clients.get(uuid);
      return c && { targetUuid: uuid, targetName: c.name, company: null, needRank: kindRank(kind) };
    }
    default:
      return undefined;
  }
}
