// The activity log in the database: one row per event, read by SQL. Pages
// are keyset pages on (time, number), newest first, so the 10,000th page
// costs what the first does (no OFFSET). A query that names one actor, one
// record or one correlation reads that index in order; any other reads the
// log by time, and searches at most SEARCH_SPAN events per page: a filter
// that matches little (or nothing) answers within the same bound, and says
// how far back it looked (`searchedTo`), and the next page goes on from
// there. The storage room owns the connection and the transactions; this
// module owns the table's schema, its statements and its queries.
import type { ActivityQuery } from '@userprofile/shared/activity-query';
import type { Position } from './cursor.ts';
import type { ActivityRow } from './log.ts';

/** What this module needs of the database connection (storage/database.ts gives it). */
interface Statement {
  run(...params: unknown[]): unknown;
  get(...params: unknown[]): unknown;
  all?(...params: unknown[]): unknown[];
  iterate(...params: unknown[]): IterableIterator<unknown>;
}
export interface SqlConnection {
  exec(sql: string): void;
  prepare(sql: string): Statement;
}

/**
 * The table (schema version 4). `at` in ms; `batch` marks the per-user
 * events of a large write staged before it lands, as the history's entries
 * are (storage/database.ts). Indexes: time (every page), actor (case not
 * minded, as usernames), target record, correlation.
 */
export const ACTIVITY_SCHEMA = `
  CREATE TABLE activity (
    id INTEGER PRIMARY KEY, at INTEGER NOT NULL, action TEXT NOT NULL, outcome TEXT NOT NULL, channel TEXT NOT NULL,
    actor_uuid TEXT, actor_name TEXT, actor_role TEXT, kind TEXT, target_uuid TEXT, target_name TEXT,
    company TEXT, need_rank INTEGER NOT NULL, reason TEXT, correlation TEXT, client_id TEXT, address TEXT,
    user_agent TEXT, call TEXT, counts TEXT, history_id INTEGER, batch INTEGER
  );
  CREATE INDEX activity_time ON activity (at);
  CREATE INDEX activity_actor ON activity (actor_name COLLATE NOCASE, at);
  CREATE INDEX activity_target ON activity (target_uuid, at) WHERE target_uuid IS NOT NULL;
  CREATE INDEX activity_correlation ON activity (correlation, at) WHERE correlation IS NOT NULL;
  CREATE INDEX activity_batch ON activity (batch) WHERE batch IS NOT NULL;
`;

/** Events a page searches at most when no index narrows the query. */
export const SEARCH_SPAN = 20_000;

/** Who reads: everything (ERRIGAL_ADMIN), or its own events and those its role and company may see. */
export type ActivityScope = { all: true } | { all: false; self: string; rank: number; company: string | null };

export interface ActivityPageRows {
  rows: ActivityRow[];
  /** Where the next (older) page starts; null: nothing older. */
  next: Position | null;
  /** Set when the page stopped at its search span: the time it searched back to. */
  searchedTo: number | null;
}

const COLUMNS =
  'id, at, action, outcome, channel, actor_uuid, actor_name, actor_role, kind, target_uuid, target_name, company, need_rank, reason, correlation, client_id, address, user_agent, call, counts, history_id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Params = (string | number | null)[];

function rowOf(r: Record<string, unknown>): ActivityRow {
  return {
    id: Number(r.id),
    at: Number(r.at),
    action: r.action as ActivityRow['action'],
    outcome: r.outcome as ActivityRow['outcome'],
    channel: r.channel as ActivityRow['channel'],
    actorUuid: r.actor_uuid as string | null,
    actorName: r.actor_name as string | null,
    actorRole: r.actor_role as string | null,
    kind: r.kind as ActivityRow['kind'],
    targetUuid: r.target_uuid as string | null,
    targetName: r.target_name as string | null,
    company: r.company as string | null,
    needRank: Number(r.need_rank),
    reason: r.reason as string | null,
    correlation: r.correlation as string | null,
    clientId: r.client_id as string | null,
    address: r.address as string | null,
    userAgent: r.user_agent as string | null,
    call: r.call as string | null,
    counts: r.counts === null ? null : (JSON.parse(r.counts as string) as Record<string, number>),
    historyId: r.history_id === null ? null : Number(r.history_id),
  };
}

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** The conditions of the reader's scope and of the query, but not of the page's position. */
function conditions(query: ActivityQuery, scope: ActivityScope): { sql: string[]; params: Params } {
  const sql: string[] = ['(batch IS NULL OR batch IN (SELECT batch FROM batches))'];
  const params: Params = [];
  if (!scope.all) {
    sql.push(
      scope.company === null
        ? '(actor_uuid = ? OR (need_rank <= ? AND company IS NULL))'
        : '(actor_uuid = ? OR (need_rank <= ? AND (company IS NULL OR company = ?)))',
    );
    params.push(scope.self, scope.rank);
    if (scope.company !== null) params.push(scope.company);
  }
  const list = (column: string, values: readonly string[], collate = '') => {
    if (values.length === 0) return;
    sql.push(
      values.length === 1 ? `${column} = ?${collate}` : `${column}${collate} IN (${placeholders(values.length)})`,
    );
    params.push(...values);
  };
  list('actor_name', query.actors, ' COLLATE NOCASE');
  const uuids = query.targets.filter((t) => UUID.test(t)).map((t) => t.toLowerCase());
  const names = query.targets.filter((t) => !UUID.test(t));
  if (uuids.length > 0 && names.length === 0) list('target_uuid', uuids);
  else if (query.targets.length > 0) {
    const parts = [
      ...(uuids.length ? [`target_uuid IN (${placeholders(uuids.length)})`] : []),
      ...(names.length ? [`target_name COLLATE NOCASE IN (${placeholders(names.length)})`] : []),
    ];
    sql.push(`(${parts.join(' OR ')})`);
    params.push(...uuids, ...names);
  }
  list('kind', query.kinds);
  list('action', query.actions);
  list('outcome', query.outcomes);
  list('channel', query.channels);
  list('correlation', query.correlations);
  if (query.since !== null) {
    sql.push('at >= ?');
    params.push(query.since);
  }
  if (query.until !== null) {
    sql.push('at < ?');
    params.push(query.until);
  }
  for (const word of query.words) {
    sql.push(
      "instr(lower(coalesce(actor_name, '') || ' ' || coalesce(target_name, '') || ' ' || coalesce(reason, '')), ?) > 0",
    );
    params.push(word.toLowerCase());
  }
  return { sql, params };
}

/** Whether an index narrows the query to one actor, record or correlation (read in that index's order). */
function narrowed(query: ActivityQuery): boolean {
  const oneUuid = query.targets.length === 1 && UUID.test(query.targets[0] as string);
  return query.actors.length === 1 || oneUuid || query.correlations.length === 1;
}

export class ActivityTable {
  private readonly insert: Statement;

  constructor(private readonly db: SqlConnection) {
    this.insert = db.prepare(`INSERT INTO activity (${COLUMNS}, batch) VALUES (${placeholders(22)})`);
  }

  /** Writes events (inside the caller's transaction); `batch`: staged with a large write, not yet landed. */
  add(rows: readonly ActivityRow[], batch: number | null = null): void {
    for (const r of rows)
      this.insert.run(
        r.id,
        r.at,
        r.action,
        r.outcome,
        r.channel,
        r.actorUuid,
        r.actorName,
        r.actorRole,
        r.kind,
        r.targetUuid,
        r.targetName,
        r.company,
        r.needRank,
        r.reason,
        r.correlation,
        r.clientId,
        r.address,
        r.userAgent,
        r.call,
        r.counts === null ? null : JSON.stringify(r.counts),
        r.historyId,
        batch,
      );
  }

  /** The largest event number stored (0: none). */
  lastId(): number {
    return Number((this.db.prepare('SELECT max(id) AS n FROM activity').get() as { n: number | null }).n ?? 0);
  }

  count(): number {
    return Number((this.db.prepare('SELECT count(*) AS n FROM activity').get() as { n: number }).n);
  }

  /** The time of the oldest event kept (null: none). */
  oldest(): number | null {
    const r = this.db.prepare('SELECT min(at) AS at FROM activity').get() as { at: number | null };
    return r.at === null ? null : Number(r.at);
  }

  /**
   * One page, newest first: events older than `before` (or, with `after`, newer
   * than it: the events recorded since a page, for a live view).
   */
  page(
    query: ActivityQuery,
    scope: ActivityScope,
    limit: number,
    position: { before?: Position; after?: Position },
  ): ActivityPageRows {
    const { sql, params } = conditions(query, scope);
    const where: string[] = [];
    const at: Params = [];
    if (position.before) {
      where.push('(at, id) < (?, ?)');
      at.push(position.before.at, position.before.id);
    }
    if (position.after) {
      where.push('(at, id) > (?, ?)');
      at.push(position.after.at, position.after.id);
    }
    let floor: Position | null = null;
    if (!narrowed(query) && !position.after) {
      // The span this page searches: the SEARCH_SPAN-th event from its start, by time alone.
      const span = this.db
        .prepare(
          `SELECT at, id FROM activity ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY at DESC, id DESC LIMIT 1 OFFSET ${SEARCH_SPAN - 1}`,
        )
        .get(...at) as { at: number; id: number } | undefined;
      if (span) floor = { at: Number(span.at), id: Number(span.id) };
    }
    const bounded = floor ? [...where, '(at, id) >= (?, ?)'] : where;
    const boundParams = floor ? [...at, floor.at, floor.id] : at;
    const statement = this.db.prepare(
      `SELECT ${COLUMNS} FROM activity WHERE ${[...bounded, ...sql].join(' AND ')} ORDER BY at DESC, id DESC LIMIT ?`,
    );
    const found = [...statement.iterate(...boundParams, ...params, limit + 1)].map((r) =>
      rowOf(r as Record<string, unknown>),
    );
    const more = found.length > limit;
    const rows = more ? found.slice(0, limit) : found;
    const last = rows.at(-1);
    if (more && last) return { rows, next: { at: last.at, id: last.id }, searchedTo: null };
    if (floor) {
      // Stopped at the span: older events remain unsearched unless the span's last event was the oldest.
      const older = this.db.prepare('SELECT 1 FROM activity WHERE (at, id) < (?, ?) LIMIT 1').get(floor.at, floor.id);
      return older ? { rows, next: floor, searchedTo: floor.at } : { rows, next: null, searchedTo: null };
    }
    return { rows, next: null, searchedTo: null };
  }

  /**
   * Every event the query selects, newest first, a piece at a time (each piece
   * its own statement, so the connection is free between pieces for writes).
   */
  *all(query: ActivityQuery, scope: ActivityScope, piece = 1000): Generator<ActivityRow[]> {
    const { sql, params } = conditions(query, scope);
    const first = this.db.prepare(
      `SELECT ${COLUMNS} FROM activity WHERE ${sql.join(' AND ')} ORDER BY at DESC, id DESC LIMIT ?`,
    );
    const next = this.db.prepare(
      `SELECT ${COLUMNS} FROM activity WHERE (at, id) < (?, ?) AND ${sql.join(' AND ')} ORDER BY at DESC, id DESC LIMIT ?`,
    );
    let from: Position | null = null;
    for (;;) {
      const rows = [...(from ? next.iterate(from.at, from.id, ...params, piece) : first.iterate(...params, piece))].map(
        (r) => rowOf(r as Record<string, unknown>),
      );
      if (rows.length > 0) yield rows;
      if (rows.length < piece) return;
      const last = rows.at(-1) as ActivityRow;
      from = { at: last.at, id: last.id };
    }
  }

  /** The newest position (the start of a live view; null: the log is empty). */
  newest(): Position | null {
    const r = this.db.prepare('SELECT at, id FROM activity ORDER BY at DESC, id DESC LIMIT 1').get() as
      | { at: number; id: number }
      | undefined;
    return r ? { at: Number(r.at), id: Number(r.id) } : null;
  }

  /**
   * Removes at most `piece` events beyond the limits (the oldest first, then
   * those older than `cutoff`), inside the caller's transaction; answers how many.
   */
  purge(maxEvents: number, cutoff: number, total: number, piece: number): number {
    let removed = 0;
    const over = total - maxEvents;
    if (over > 0) {
      const n = Math.min(over, piece);
      removed += Number(
        (
          this.db
            .prepare(
              'DELETE FROM activity WHERE id IN (SELECT id FROM activity WHERE batch IS NULL ORDER BY at, id LIMIT ?)',
            )
            .run(n) as { changes: number | bigint }
        ).changes,
      );
    }
    if (removed < piece)
      removed += Number(
        (
          this.db
            .prepare(
              'DELETE FROM activity WHERE id IN (SELECT id FROM activity WHERE at < ? AND batch IS NULL ORDER BY at LIMIT ?)',
            )
            .run(cutoff, piece - removed) as { changes: number | bigint }
        ).changes,
      );
    return removed;
  }

  /** A staged batch's events become the log's, `piece` at a time; answers whether any remain. */
  landPiece(batch: number, piece: number): boolean {
    this.db
      .prepare('UPDATE activity SET batch = NULL WHERE id IN (SELECT id FROM activity WHERE batch = ? LIMIT ?)')
      .run(batch, piece);
    return this.db.prepare('SELECT 1 FROM activity WHERE batch = ? LIMIT 1').get(batch) !== undefined;
  }

  dropBatch(batch: number | null): void {
    if (batch === null) this.db.exec('DELETE FROM activity WHERE batch IS NOT NULL');
    else this.db.prepare('DELETE FROM activity WHERE batch = ?').run(batch);
  }

  hasStaged(): boolean {
    return this.db.prepare('SELECT 1 FROM activity WHERE batch IS NOT NULL LIMIT 1').get() !== undefined;
  }

  clear(): void {
    this.db.exec('DELETE FROM activity');
  }
}
