// What a bulk action will do and did, worked out from the list's rows (no
// question to the server): before the confirmation, how many of the selection the
// reader may not change and why, grouped by reason; after, the refusals
// grouped the same way; and the Undo, which reverses exactly the rows that
// changed.

import type { BulkAction } from '../../lib/bulk-users/bulk-call.ts';
import { type BulkStep, rowRefusal, type StepResult } from '../../lib/bulk-users/bulk-run.ts';
import type { User } from './list-view.ts';

/** Users refused for one reason. */
export interface ReasonGroup {
  reason: string;
  uuids: string[];
}

/**
 * A reason as a group's heading: the server names the user in it ("User
 * 'ann' holds a role above your own: ..."), the group names them apart.
 */
export function reasonLabel(reason: string): string {
  const rest = reason.replace(/^User '[^']*' /, '');
  return rest === reason ? reason : rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** Refusals grouped by reason, the largest group first. */
export function groupByReason(refusals: Iterable<readonly [uuid: string, reason: string]>): ReasonGroup[] {
  const groups = new Map<string, string[]>();
  for (const [uuid, reason] of refusals) {
    const label = reasonLabel(reason);
    const group = groups.get(label);
    if (group) group.push(uuid);
    else groups.set(label, [uuid]);
  }
  return [...groups].map(([reason, uuids]) => ({ reason, uuids })).sort((a, b) => b.uuids.length - a.uuids.length);
}

export interface SelectionCheck {
  /** Users the reader may not change, by reason (the server would refuse them so). */
  refused: ReasonGroup[];
  refusedCount: number;
  /** Already so (already active, already holding the profile). */
  unchanged: number;
}

/** What the list's rows already tell about the selection, before anything is sent. */
export function checkSelection(
  action: BulkAction,
  uuids: readonly string[],
  users: ReadonlyMap<string, User>,
  profileUuid: string | null,
  /** The signed-in administrator's username (their own account is refused by some actions). */
  me: string | null = null,
): SelectionCheck {
  const refusals: [string, string][] = [];
  let unchanged = 0;
  for (const uuid of uuids) {
    const user = users.get(uuid);
    if (!user) continue;
    // The refusal either backend gives this row, in its words, before anything is sent.
    const refusal = rowRefusal(action, user, me);
    if (refusal) refusals.push([uuid, refusal]);
    else if (
      (action === 'activate' && user.active) ||
      (action === 'deactivate' && !user.active) ||
      (action === 'assignBusinessProfile' && profileUuid && user.businessProfile?.uuid === profileUuid) ||
      (action === 'assignVisibilityProfile' && profileUuid && user.visibilityProfile?.uuid === profileUuid)
    )
      unchanged++;
  }
  return { refused: groupByReason(refusals), refusedCount: refusals.length, unchanged };
}

/** The uuids a run changed. */
export function changedBy(steps: readonly StepResult[]): string[] {
  return steps.flatMap((s) => s.result.results.filter((r) => r.result === 'done').map((r) => r.uuid));
}

export interface UndoPlan {
  steps: BulkStep[];
  /** Changed users whose change cannot be taken back (they had no such profile before). */
  cannot: number;
}

/**
 * The Undo of an action: the opposite action on exactly the users it changed;
 * for a profile given, each user's previous profile back (one step per
 * profile). A password reset e-mail cannot be taken back: null.
 */
export function undoPlan(
  action: BulkAction,
  changed: readonly string[],
  before: ReadonlyMap<string, User>,
): UndoPlan | null {
  if (changed.length === 0) return null;
  if (action === 'activate')
    return { steps: [{ action: 'deactivate', uuids: [...changed], profile: null }], cannot: 0 };
  if (action === 'deactivate')
    return { steps: [{ action: 'activate', uuids: [...changed], profile: null }], cannot: 0 };
  // Nor a request to enrol (each user's editor withdraws it, one by one).
  if (action === 'sendPasswordReset' || action === 'requireSecondFactor') return null;
  const field = action === 'assignBusinessProfile' ? 'businessProfile' : 'visibilityProfile';
  const back = new Map<string, BulkStep>();
  let cannot = 0;
  for (const uuid of changed) {
    const previous = before.get(uuid)?.[field];
    if (!previous) {
      cannot++;
      continue;
    }
    const step = back.get(previous.uuid);
    if (step) step.uuids.push(uuid);
    else back.set(previous.uuid, { action, uuids: [uuid], profile: { uuid: previous.uuid, name: previous.name } });
  }
  return { steps: [...back.values()], cannot };
}

/** The users as they are after the run (what an Undo starts from). */
export function usersAfter(users: ReadonlyMap<string, User>, steps: readonly StepResult[]): Map<string, User> {
  const after = new Map(users);
  for (const { step, result } of steps) {
    for (const r of result.results) {
      const user = after.get(r.uuid);
      if (r.result !== 'done' || !user) continue;
      if (step.action === 'activate' || step.action === 'deactivate')
        after.set(r.uuid, { ...user, active: step.action === 'activate' });
      else if (step.action === 'assignBusinessProfile' && step.profile)
        after.set(r.uuid, { ...user, businessProfile: { uuid: step.profile.uuid, name: step.profile.name } });
      else if (step.action === 'assignVisibilityProfile' && step.profile)
        after.set(r.uuid, { ...user, visibilityProfile: step.profile });
    }
  }
  return after;
}
