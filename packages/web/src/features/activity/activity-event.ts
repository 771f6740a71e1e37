// The words of one activity event and of the log's retention, as pure
// functions so they are unit-tested: who acted, on what (and whether the
// reader has a screen to open it), the counts of a bulk action, and what the
// backend keeps.
import { ACTIVITY_LABELS, type ActivityKind } from '@userprofile/shared/activity-query';
import { type Role, roleRank } from '@userprofile/shared/constants';
import { historyTexts } from '@userprofile/shared/messages';
import {
  toApplicationEdit,
  toAppProfileEdit,
  toAuthClientEdit,
  toBusinessProfileEdit,
  toUserEdit,
  toVisibilityProfileEdit,
} from '../../lib/paths.ts';
import type { ActivityEvent, ActivityRetention } from './api.ts';

/** Who acted: a username with the role it had then, "another administrator" (withheld), or no one signed in. */
export type ActorView =
  | { kind: 'user'; name: string; role: string | null }
  | { kind: 'withheld'; name: string }
  | { kind: 'none'; name: string };

/** Events made by someone not signed in yet (a sign-in, a reset link): no actor, the target names the account. */
const ANONYMOUS_ACTIONS = new Set<ActivityEvent['action']>(['signIn', 'passwordReset', 'passwordResetMail']);

export function actorView(event: Pick<ActivityEvent, 'actor' | 'action'>): ActorView {
  const { actor } = event;
  if (actor === null) {
    return { kind: 'none', name: ANONYMOUS_ACTIONS.has(event.action) ? 'not signed in' : historyTexts.serverActor };
  }
  if ('withheld' in actor) return { kind: 'withheld', name: historyTexts.otherAdministrator };
  return { kind: 'user', name: actor.username, role: actor.role };
}

const EDITORS: Record<ActivityKind, { open: (uuid: string) => string; role: Role } | null> = {
  user: { open: toUserEdit, role: 'SCO_ADMIN' },
  application: { open: toApplicationEdit, role: 'ADMIN' },
  appProfile: { open: toAppProfileEdit, role: 'ADMIN' },
  businessProfile: { open: toBusinessProfileEdit, role: 'ADMIN' },
  visibilityProfile: { open: toVisibilityProfileEdit, role: 'ADMIN' },
  authClient: { open: toAuthClientEdit, role: 'ERRIGAL_ADMIN' },
  // The visibility elements of a sync are a set, not a record with an editor.
  visibility: null,
};

/**
 * The editor of an event's target, when the reader's role opens that kind
 * and the record has a uuid; none for a record the event deleted.
 */
export function targetHref(
  event: Pick<ActivityEvent, 'target' | 'action' | 'outcome'>,
  role: Role | null,
): string | null {
  const { target } = event;
  if (!target?.uuid) return null;
  if (event.action === 'delete' && event.outcome === 'succeeded') return null;
  const editor = EDITORS[target.kind];
  if (!editor || roleRank(role) < roleRank(editor.role)) return null;
  return editor.open(target.uuid);
}

export const kindLabel = (kind: ActivityKind): string => ACTIVITY_LABELS.kind[kind] ?? kind;
export const actionLabel = (action: ActivityEvent['action']): string => ACTIVITY_LABELS.action[action] ?? action;
export const outcomeLabel = (outcome: ActivityEvent['outcome']): string => ACTIVITY_LABELS.outcome[outcome] ?? outcome;
export const channelLabel = (channel: ActivityEvent['channel']): string => ACTIVITY_LABELS.channel[channel] ?? channel;

const number = (n: number) => n.toLocaleString('en-US');

/** A bulk action's or import's counts: 'done 3 · unchanged 1 · refused 2'. */
export function countsText(counts: Readonly<Record<string, number>> | undefined): string {
  return Object.entries(counts ?? {})
    .map(([name, n]) => `${name} ${number(n)}`)
    .join(' · ');
}

/**
 * What the log keeps, in one line: 'Keeps up to 10,000 events for 90 days ·
 * oldest event 23 Nov 2026, 15:52 · last purge 24 Nov 2026, 09:00 (12
 * removed)'. `time` writes an instant for the reader.
 */
export function retentionText(r: ActivityRetention, time: (at: string) => string): string {
  const days = r.maxAgeDays === 1 ? '1 day' : `${number(r.maxAgeDays)} days`;
  const parts = [`Keeps up to ${number(r.maxEvents)} events for ${days}`];
  parts.push(r.oldest ? `oldest event ${time(r.oldest)}` : 'no events kept yet');
  parts.push(r.lastPurge ? `last purge ${time(r.lastPurge)} (${number(r.purged)} removed)` : 'never purged yet');
  return parts.join(' · ');
}

/** How far back a page stopped searching: 'Searched back to 23 Nov 2026, 15:52.' */
export function searchedToText(searchedTo: string, time: (at: string) => string, found: number): string {
  return found === 0
    ? `No events found back to ${time(searchedTo)}; older events were not searched yet.`
    : `Searched back to ${time(searchedTo)}; older events were not searched yet.`;
}
