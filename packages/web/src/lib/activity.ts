// The activity log seen from other screens: the links that open it on a
// query (a user's events, a record's, a bulk action's), and whether to show
// them at all. The log is an extension (lib/extensions.ts): on a backend
// without it no link shows, so nothing changes there. Whether it is offered
// is learned from one small call the first time a link would show, so a
// spec-only backend never shows a link that leads nowhere, not even briefly.
import { type ActivityKind, type ActivityTerm, activityQueryText } from '@userprofile/shared/activity-query';
import { api, expectFailure } from './api/client.ts';
import { callExtension, useProbedOffer } from './extensions.ts';
import { toActivity } from './paths.ts';

export const activityLinkTexts = {
  byUser: 'Activity by this user',
  onUser: 'Activity on this user',
  onRecord: 'All activity on this record',
  ofBulk: 'See these changes in the activity log',
} as const;

const link = (terms: ActivityTerm[]) => toActivity(activityQueryText(terms));

/** The events a user made (by username: the log keeps the name the actor had then, and a uuid reads the same). */
export const activityByUser = (username: string) => link([{ key: 'actor', value: username }]);

/** The events on one record. */
export const activityOnRecord = (kind: ActivityKind, uuid: string) =>
  link([
    { key: 'kind', value: kind },
    { key: 'target', value: uuid },
  ]);

/** The events of one bulk action or import (several ids: a selection sent in pieces). */
export const activityOfCorrelation = (ids: readonly string[]) =>
  link(ids.map((value) => ({ key: 'correlation' as const, value })));

/** One small call of the log: its answer says whether the backend keeps one. */
async function probeActivity(): Promise<void> {
  await callExtension('listActivity', async (offer) => {
    // A refusal (a reader without a console role) is no page's business: no 404 page for a probe.
    await api().GET('/api/v1/activity', {
      params: { query: { limit: '1' } },
      middleware: [...offer, expectFailure(403)],
    });
  });
}

/**
 * Whether to show a link to the activity log (lib/extensions.ts
 * useProbedOffer): `later` for the side navigation, which renders at
 * sign-in; `ask` false while no one is signed in.
 */
export function useActivityOffered(later = false, ask = true): boolean {
  return useProbedOffer('listActivity', probeActivity, { later, ask });
}
