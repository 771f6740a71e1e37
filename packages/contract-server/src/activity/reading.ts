// Who reads which event, and how: the record history's rules applied to the
// log (docs/history-and-activity.md "Who sees what"). An event is read by its actor,
// and by whoever could see its record as it was when the event happened: the
// company and minimum role the record had then, and the role its kind needs
// (kept with the event as `company` and `needRank`, so the database filters
// by them and a withheld event is neither listed nor counted). An actor the
// reader cannot open now is "another administrator"; a change's diff is the
// record history's, as that reader would read the entry, while the history
// keeps it.
import {
  ACTIVITY_LABELS,
  type ActivityQuery,
  type ActivityTerm,
  parseActivityQuery,
} from '@userprofile/shared/activity-query';
import { csvCell } from '@userprofile/shared/csv';
import type { components } from '@userprofile/shared/generated/api';
import { historyTexts } from '@userprofile/shared/messages';
import { type Caller, roleRank, seesEverything } from '../store/access.ts';
import { InvalidError } from '../store/errors.ts';
import { readHistory } from '../store/history-reading.ts';
import { historyReader } from '../store/record-history.ts';
import type { StoreState } from '../store/store-state.ts';
import { getUser } from '../store/users.ts';
import { openPosition, type Position, publicId, sealPosition } from './cursor.ts';
import type { ActivityRow } from './log.ts';
import type { ActivityScope, ActivityTable } from './table.ts';

type S = components['schemas'];
export type ActivityEvent = S['ActivityEvent'];

export function scopeOf(caller: Caller): ActivityScope {
  if (seesEverything(caller)) return { all: true };
  return { all: false, self: caller.userUuid, rank: roleRank(caller.role), company: caller.companyUuid };
}

/** The text query, or a 400 naming `query.q` and the wrong term. */
export function queryOf(q: string | undefined, now: number): { query: ActivityQuery; terms: ActivityTerm[] } {
  const parsed = parseActivityQuery(q ?? '', now);
  if (!parsed.ok)
    throw new InvalidError(`The activity query is not understood: ${parsed.term}: ${parsed.reason}.`, [
      { field: 'query.q', reason: `${parsed.term}: ${parsed.reason}` },
    ]);
  return { query: parsed.query, terms: parsed.terms };
}

/** A cursor of this process, or a 400 (one from before a restart, or made up). */
export function positionOf(cursor: string | undefined, field: string): Position | undefined {
  if (cursor === undefined) return undefined;
  const position = openPosition(cursor);
  if (!position)
    throw new InvalidError('This page of the activity log is no longer valid (the server restarted): load it again.', [
      { field, reason: 'not a cursor of this server' },
    ]);
  return position;
}

/** Renders events for one reader: actors it cannot open withheld, changes as its history reading shows them. */
export function eventRenderer(state: StoreState, caller: Caller): (row: ActivityRow) => ActivityEvent {
  const opens = new Map<string, boolean>();
  const canOpen = (uuid: string) => {
    let known = opens.get(uuid);
    if (known === undefined) {
      try {
        getUser(state, caller, uuid);
        known = true;
      } catch {
        known = false;
      }
      opens.set(uuid, known);
    }
    return known;
  };
  let reader: ReturnType<typeof historyReader> | undefined;
  return (row) => {
    const event: ActivityEvent = {
      id: publicId(row.id),
      at: new Date(row.at).toISOString(),
      action: row.action,
      outcome: row.outcome,
      channel: row.channel,
      actor:
        row.actorUuid === null
          ? null
          : canOpen(row.actorUuid)
            ? { uuid: row.actorUuid, username: row.actorName ?? '', role: row.actorRole }
            : { withheld: true, name: historyTexts.otherAdministrator },
      target: row.kind === null ? null : { kind: row.kind, uuid: row.targetUuid, name: row.targetName ?? '' },
    };
    if (row.reason !== null) event.reason = row.reason;
    if (row.correlation !== null) event.correlation = row.correlation;
    if (row.counts !== null) event.counts = row.counts;
    if (row.call !== null) event.call = row.call;
    if (row.clientId !== null) event.clientId = row.clientId;
    if (row.address !== null) event.address = row.address;
    if (row.userAgent !== null) event.userAgent = row.userAgent;
    if (row.historyId !== null && row.kind !== null && row.kind !== 'visibility') {
      const entry = state.history.entry(row.company, row.historyId);
      if (entry) {
        reader ??= historyReader(state, caller);
        const read = readHistory(row.kind, [entry], reader, 1).entries[0];
        event.changes = read?.changes ?? [];
        event.changesKept = true;
      } else event.changesKept = false;
    }
    return event;
  };
}

export interface PageRequest {
  q?: string;
  limit?: string;
  before?: string;
  after?: string;
}

/** One page of the log as `caller` may read it. */
export function activityPage(
  state: StoreState,
  table: ActivityTable,
  caller: Caller,
  request: PageRequest,
): S['ActivityPage'] {
  const { query } = queryOf(request.q, state.now());
  const before = positionOf(request.before, 'query.before');
  const after = positionOf(request.after, 'query.after');
  const limit = request.limit === undefined ? 50 : Number(request.limit);
  const page = table.page(query, scopeOf(caller), limit, {
    ...(before ? { before } : {}),
    ...(after ? { after } : {}),
  });
  const render = eventRenderer(state, caller);
  // A live view goes on from the newest event of the log (sealed: it tells nothing), or from where it was.
  const newest = after && page.rows.length === 0 ? after : (table.newest() ?? { at: 0, id: 0 });
  return {
    events: page.rows.map(render),
    next: page.next ? sealPosition(page.next) : null,
    searchedTo: page.searchedTo === null ? null : new Date(page.searchedTo).toISOString(),
    live: sealPosition(after && page.rows.length > 0 ? newerOf(page.rows, after) : newest),
  };
}

/** A live page's next start: its newest event (the page holds at most `limit` of those recorded since). */
function newerOf(rows: readonly ActivityRow[], after: Position): Position {
  const first = rows[0];
  return first && (first.at > after.at || (first.at === after.at && first.id > after.id))
    ? { at: first.at, id: first.id }
    : after;
}

export const CSV_HEADER = [
  'time',
  'actor',
  'actorRole',
  'action',
  'outcome',
  'channel',
  'targetKind',
  'target',
  'targetUuid',
  'reason',
  'correlation',
  'counts',
  'call',
  'clientId',
  'address',
  'userAgent',
];

/** One event as a CSV record (formula-safe cells, through the product's one CSV writer). */
export function csvLine(e: ActivityEvent): string {
  const actor = e.actor === null ? '' : 'withheld' in e.actor ? e.actor.name : e.actor.username;
  const role = e.actor !== null && 'role' in e.actor ? (e.actor.role ?? '') : '';
  const cells = [
    e.at,
    actor,
    role,
    ACTIVITY_LABELS.action[e.action],
    ACTIVITY_LABELS.outcome[e.outcome],
    ACTIVITY_LABELS.channel[e.channel],
    e.target ? ACTIVITY_LABELS.kind[e.target.kind] : '',
    e.target?.name ?? '',
    e.target?.uuid ?? '',
    e.reason ?? '',
    e.correlation ?? '',
    e.counts
      ? Object.entries(e.counts)
          .map(([k, v]) => `${k}=${v}`)
          .join(' ')
      : '',
    e.call ?? '',
    e.clientId ?? '',
    e.address ?? '',
    e.userAgent ?? '',
  ];
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * The export: every event the query selects, as text pieces (CSV records or
 * NDJSON lines), a database piece at a time, so the server holds one piece.
 */
export function* exportPieces(
  state: StoreState,
  table: ActivityTable,
  caller: Caller,
  q: string | undefined,
  format: 'csv' | 'ndjson',
): Generator<string> {
  const { query } = queryOf(q, state.now());
  const render = eventRenderer(state, caller);
  if (format === 'csv') yield `${CSV_HEADER.map(csvCell).join(',')}\r\n`;
  for (const rows of table.all(query, scopeOf(caller))) {
    let text = '';
    for (const row of rows) {
      const event = render(row);
      text += format === 'csv' ? csvLine(event) : `${JSON.stringify(event)}\n`;
    }
    yield text;
  }
}
