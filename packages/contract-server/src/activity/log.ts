// The activity log's side in memory: events recorded since the last save,
// taken by storage (storage/persist.ts) into the transaction of the write
// that made them, as the record history's entries are. So an event and what
// it records land together or not at all: a write the database refuses
// reloads the store, and this log with it, and its events are gone with it.
// Reading is the database's (./table.ts): a million events do not live in
// memory.
//
// Every event the store's history records becomes an event here (fromEntry:
// the history's entry is the change, with who and which call); the rest
// (refused writes, sign-ins, sign-outs, mails, unlocks, sync runs, a bulk
// action's summary) are recorded by the HTTP side (./recording.ts).
import type {
  ActivityAction,
  ActivityChannel,
  ActivityKind,
  ActivityOutcome,
} from '@userprofile/shared/activity-query';
import { roleRank } from '@userprofile/shared/constants';
import type { KeptEntry, WireRecord } from '../store/history.ts';
import { recordedScope } from '../store/history.ts';
import { type ActivityContext, activityContext } from './context.ts';

/** Events kept at most when ACTIVITY_MAX_EVENTS does not say: a busy suite's months, a few hundred MB on disk. */
export const DEFAULT_ACTIVITY_MAX_EVENTS = 2_000_000;
/** Days an event is kept when ACTIVITY_RETENTION_DAYS does not say (the record history keeps 90 too). */
export const DEFAULT_ACTIVITY_RETENTION_DAYS = 90;

/** One event as the database keeps it. */
export interface ActivityRow {
  id: number;
  /** ms since the epoch. */
  at: number;
  action: ActivityAction;
  outcome: ActivityOutcome;
  channel: ActivityChannel;
  actorUuid: string | null;
  actorName: string | null;
  actorRole: string | null;
  kind: ActivityKind | null;
  targetUuid: string | null;
  targetName: string | null;
  /** The target's company when the event happened (null: none, shared by every company). */
  company: string | null;
  /** The role rank a reader needs to read it (the target's minimum role then, and its kind's). */
  needRank: number;
  reason: string | null;
  correlation: string | null;
  clientId: string | null;
  address: string | null;
  userAgent: string | null;
  call: string | null;
  counts: Record<string, number> | null;
  /** The record history's entry this event is (its diff is read from there while it is kept). */
  historyId: number | null;
}

/** An event to record: the request's context fills what it leaves out. */
export type NewEvent = Pick<ActivityRow, 'action' | 'outcome'> &
  Partial<Omit<ActivityRow, 'id' | 'at' | 'action' | 'outcome'>>;

/** The rank of the least role that may read records of a kind (OAuth2 clients: ERRIGAL_ADMIN; visibility syncs: ADMIN). */
export function kindRank(kind: ActivityKind | null): number {
  if (kind === null) return roleRank('ERRIGAL_ADMIN');
  if (kind === 'authClient') return roleRank('ERRIGAL_ADMIN');
  if (kind === 'visibility') return roleRank('ADMIN');
  return roleRank('SCO_ADMIN');
}

/** The name a record's view shows it by (a user's username). */
export function nameOfView(view: WireRecord | null): string | null {
  if (!view) return null;
  const name = view.username ?? view.name;
  return typeof name === 'string' ? name : null;
}

/** An event as the context of the request being served completes it. */
function completed(event: NewEvent, context: ActivityContext | undefined): Omit<ActivityRow, 'id' | 'at'> {
  const actor = context?.actor ?? null;
  const kind = event.kind ?? null;
  return {
    action: event.action,
    outcome: event.outcome,
    channel: event.channel ?? context?.channel ?? 'console',
    actorUuid: event.actorUuid !== undefined ? event.actorUuid : (actor?.uuid ?? null),
    actorName: event.actorName !== undefined ? event.actorName : (actor?.username ?? null),
    actorRole: event.actorRole !== undefined ? event.actorRole : (actor?.role ?? null),
    kind,
    targetUuid: event.targetUuid ?? null,
    targetName: event.targetName ?? null,
    company: event.company ?? null,
    needRank: event.needRank ?? kindRank(kind),
    reason: event.reason ?? null,
    correlation: event.correlation !== undefined ? event.correlation : (context?.correlation ?? null),
    clientId: event.clientId !== undefined ? event.clientId : (context?.clientId ?? null),
    address: event.address !== undefined ? event.address : (context?.address ?? null),
    userAgent: event.userAgent !== undefined ? event.userAgent : (context?.userAgent ?? null),
    call: event.call !== undefined ? event.call : (context?.call ?? null),
    counts: event.counts ?? null,
    historyId: event.historyId ?? null,
  };
}

export class ActivityLog {
  /** The id the next event gets (ids are internal: readers see opaque ones, ./cursor.ts). */
  private nextId = 1;
  private unsaved: ActivityRow[] = [];
  /** Told after each event, so storage saves it with the request's answer. */
  onRecord: () => void = () => {};

  constructor(
    private readonly now: () => number,
    /** The most events kept: the oldest go first (storage purges). */
    readonly maxEvents = DEFAULT_ACTIVITY_MAX_EVENTS,
    /** Days an event is kept. */
    readonly retentionDays = DEFAULT_ACTIVITY_RETENTION_DAYS,
  ) {
    if (!Number.isSafeInteger(maxEvents) || maxEvents < 1)
      throw new Error(`ACTIVITY_MAX_EVENTS must be a positive integer: ${maxEvents}`);
    if (!(retentionDays > 0)) throw new Error(`ACTIVITY_RETENTION_DAYS must be a positive number: ${retentionDays}`);
  }

  /** Ids continue after the stored ones (at a start or a reload). */
  continueAfter(lastId: number): void {
    this.nextId = Math.max(this.nextId, lastId + 1);
  }

  /** Records an event now, under the request being served. */
  record(event: NewEvent): ActivityRow {
    const row: ActivityRow = { id: this.nextId++, at: this.now(), ...completed(event, activityContext()) };
    this.unsaved.push(row);
    this.onRecord();
    return row;
  }

  /** The event a record history entry is (not recorded: a large write stages these itself). */
  eventOf(entry: KeptEntry): ActivityRow {
    const view = JSON.parse((entry.after ?? entry.before) as string) as WireRecord;
    const scope = recordedScope(view);
    const context = activityContext();
    const kind = entry.kind;
    const action: ActivityAction =
      context?.action ?? (entry.action === 'import' ? 'import' : entry.action === 'sync' ? 'sync' : entry.action);
    return {
      id: this.nextId++,
      at: Date.parse(entry.at),
      ...completed(
        {
          action,
          outcome: 'succeeded',
          kind,
          targetUuid: entry.uuid,
          targetName: nameOfView(view),
          company: entry.company,
          needRank: Math.max(kindRank(kind), roleRank(scope?.minimumRole)),
          actorUuid: entry.source.actor?.uuid ?? null,
          actorName: entry.source.actor?.username ?? null,
          // The actor's role is the request's: the history keeps who, not with which role.
          ...(context?.actor && context.actor.uuid === entry.source.actor?.uuid ? {} : { actorRole: null }),
          call: entry.source.call,
          historyId: entry.id,
          ...(entry.action === 'import' ? { channel: 'import' as const } : {}),
          ...(entry.action === 'sync' ? { channel: 'sync' as const } : {}),
        },
        context,
      ),
    };
  }

  /** Records the event of a history entry the store just appended. */
  recordEntry(entry: KeptEntry): void {
    this.unsaved.push(this.eventOf(entry));
    this.onRecord();
  }

  /** Events recorded since the last call, for the database; forgotten here. */
  takeSave(): ActivityRow[] {
    const rows = this.unsaved;
    this.unsaved = [];
    return rows;
  }

  /** Events not saved yet (a store without storage keeps them here: its tests read them). */
  get pending(): readonly ActivityRow[] {
    return this.unsaved;
  }
}
