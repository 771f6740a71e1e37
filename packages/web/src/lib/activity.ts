// The activity log seen from other screens: the links that open it on a
// query (a user's events, a record's, a bulk action's), and whether to show
// them at all. The log is an extension (lib/extensions.ts): on a backend
// without it no link shows, so nothing changes there. Whether it is offered
// is learned from one small call the first time a link would show, so a
// spec-only backend never shows a link that leads nowhere, not even briefly.
import { type ActivityKind, type ActivityTerm, activityQueryText } from '@userprofile/shared/activity-query';
import { useEffect } from 'react';
import { api, expectFailure } from './api/client.ts';
import { registerCache } from './caches.ts';
import { callExtension, useOffer } from './extensions.ts';
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

/** The one probe in flight or done, shared by every link on screen; forgotten at sign-out. */
let probe: Promise<unknown> | null = null;
registerCache(() => {
  probe = null;
});

function learnActivityOffer(): void {
  if (probe !== null) return;
  probe = callExtension('listActivity', async (offer) => {
    // A refusal (a reader without a console role) is no page's business: no 404 page for a probe.
    await api().GET('/api/v1/activity', {
      params: { query: { limit: '1' } },
      middleware: [...offer, expectFailure(403)],
    });
  }).catch(() => {
    // Not offered is now known (the links stay hidden); any other failure is asked again by the next link.
    probe = null;
  });
}

/**
 * Whether to show a link to the activity log: only once the backend has
 * answered the log's call. While that is unknown, the first link asks it;
 * `later` waits until the browser is idle first (the side navigation, which
 * renders at sign-in, leaves the first screen's calls to go first); `ask`
 * false asks nothing (no one signed in: an answer without a token would read
 * as "not offered").
 */
export function useActivityOffered(later = false, ask = true): boolean {
  const offer = useOffer('listActivity');
  useEffect(() => {
    if (offer !== 'unknown' || !ask) return;
    if (!later) {
      learnActivityOffer();
      return;
    }
    if (typeof window.requestIdleCallback === 'function') {
      const idle = window.requestIdleCallback(learnActivityOffer, { timeout: IDLE_WAIT_MS });
      return () => window.cancelIdleCallback(idle);
    }
    const timer = setTimeout(learnActivityOffer, IDLE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [offer, later, ask]);
  return offer === 'offered';
}

/** The longest a deferred probe waits for the browser to be idle. */
const IDLE_WAIT_MS = 2000;
