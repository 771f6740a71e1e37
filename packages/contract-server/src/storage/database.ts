// The dev backend's database: one SQLite file (DATA_DIR/userprofile.db)
// through node:sqlite or better-sqlite3 (docs/storage.md). It holds rows of
// JSON documents: one per record (a user, an application, ...) and one per
// piece of state kept whole (the outbox, the reset tokens, the sign-in
// state), the record history's entries (table history) and the activity
// log's events (table activity, whose queries are activity/table.ts's). This module
// knows files, locks, schema versions and transactions;
// what the rows mean is persist.ts's business.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ActivityRow } from '../activity/log.ts';
import { ACTIVITY_SCHEMA, ActivityTable } from '../activity/table.ts';
import { SQLITE_BINDING_FROM, SQLITE_BINDING_HINT } from '../layout.ts';
import { DomainError } from '../store/errors.ts';
import type { HistorySave, KeptEntry } from '../store/history.ts';

/** What this module needs of a SQLite binding; node:sqlite and better-sqlite3 both give it. */
interface Statement {
  run(...params: unknown[]): unknown;
  get(...params: unknown[]): unknown;
  iterate(...params: unknown[]): IterableIterator<unknown>;
}
interface Connection {
  exec(sql: string): void;
  prepare(sql: string): Statement;
  close(): void;
}

type Builtin = { DatabaseSync: new (file: string) => Connection & { isOpen: boolean } };

/**
 * node:sqlite where Node has it (22.13 and later: nothing to build, and
 * better-sqlite3 12 aborts under Node 24 when a statement is collected), else
 * better-sqlite3 (Node 20), built from source at install (docs/storage.md
 * "The binding").
 */
function connect(file: string): Connection {
  const builtin = process.getBuiltinModule?.('node:sqlite') as Builtin | undefined;
  if (builtin) {
    const db = new builtin.DatabaseSync(file);
    return { exec: (sql) => db.exec(sql), prepare: (sql) => db.prepare(sql), close: () => db.isOpen && db.close() };
  }
  let Database: new (file: string, options: { timeout: number }) => Connection & { open: boolean };
  try {
    Database = createRequire(SQLITE_BINDING_FROM)('better-sqlite3');
  } catch (error) {
    throw new StorageRefusedError(
      `Node ${process.versions.node} has no built-in SQLite and better-sqlite3 could not be loaded (${(error as Error).message.split('\n')[0]}): ${SQLITE_BINDING_HINT}`,
    );
  }
  const db = new Database(file, { timeout: 0 });
  return { exec: (sql) => db.exec(sql), prepare: (sql) => db.prepare(sql), close: () => db.open && db.close() };
}

/** The SQLite result code's name (SQLITE_BUSY, ...) of either binding's error. */
function sqliteCode(error: unknown): string | undefined {
  const e = error as { code?: string; errcode?: number };
  if (e.code?.startsWith('SQLITE_')) return e.code;
  const names: Record<number, string> = {
    5: 'SQLITE_BUSY',
    6: 'SQLITE_LOCKED',
    11: 'SQLITE_CORRUPT',
    26: 'SQLITE_NOTADB',
  };
  return e.errcode === undefined ? undefined : names[e.errcode & 0xff];
}

/** A pragma's value. */
function pragma(db: Connection, name: string): unknown {
  const row = db.prepare(`PRAGMA ${name}`).get() as Record<string, unknown> | undefined;
  return row ? Object.values(row)[0] : undefined;
}

/** Runs `fn` in one transaction: all of it is stored, or (it threw) nothing. */
function transaction(db: Connection, fn: () => void): void {
  db.exec('BEGIN');
  try {
    fn();
    db.exec('COMMIT');
  } catch (error) {
    try {
      db.exec('ROLLBACK');
    } catch {
      // SQLite rolled back already (a failed COMMIT can)
    }
    throw error;
  }
}

export const DATABASE_FILE = 'userprofile.db';
/** How long a start waits for another server to let go of the folder before it is refused. */
const LOCK_WAIT_MS = 2000;
/** PRAGMA application_id of our files ("UPCS"): a SQLite file without it is someone else's. */
const APPLICATION_ID = 0x55504353;
/** The schema this code writes; older files are migrated by MIGRATIONS. */
export const SCHEMA_VERSION = 4;

/**
 * The record history (version 2): one row per entry, its id the log's.
 * (kind, uuid, id) reads a record's page; (company, id) drops a company's
 * oldest entries past its bound; `at` is ISO text, compared as such for the
 * retention. Views and the source stay JSON text, as the log keeps them.
 */
const HISTORY_SCHEMA = `
  CREATE TABLE history (
    id INTEGER PRIMARY KEY, kind TEXT NOT NULL, uuid TEXT NOT NULL, company TEXT, at TEXT NOT NULL,
    action TEXT NOT NULL, source TEXT NOT NULL, before TEXT, after TEXT, secrets TEXT NOT NULL
  );
  CREATE INDEX history_record ON history (kind, uuid, id);
  CREATE INDEX history_company ON history (company, id);
`;

/**
 * Migrations from version i+1 to i+2 (index i). A file of a newer version
 * than SCHEMA_VERSION is refused (an older server must not guess). 1 → 2:
 * the record history table (version 1 kept no history: it starts empty).
 */
const MIGRATIONS: ((db: Connection) => void)[] = [
  (db) => db.exec(HISTORY_SCHEMA),
  (db) => db.exec(BATCH_SCHEMA),
  // 3 → 4: the activity log (a file of version 3 kept none: it starts empty).
  (db) => db.exec(ACTIVITY_SCHEMA),
];

/**
 * A large write staged piece by piece (version 3; docs/storage.md
 * "A large write"): its records wait in `pending` and its
 * history entries sit in `history` marked with the batch, until the write's
 * own flush lands it by adding the batch to `batches` (one small row in that
 * flush's transaction). A landed batch's rows then move into `records` in
 * small pieces; at start, landed batches are moved and the rest dropped.
 */
const BATCH_SCHEMA = `
  ALTER TABLE history ADD COLUMN batch INTEGER;
  CREATE INDEX history_batch ON history (batch) WHERE batch IS NOT NULL;
  CREATE TABLE pending (batch INTEGER NOT NULL, kind TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL,
    PRIMARY KEY (batch, kind, id)) WITHOUT ROWID;
  CREATE INDEX pending_record ON pending (kind, id);
  CREATE TABLE batches (batch INTEGER PRIMARY KEY);
`;

const SCHEMA = `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
  CREATE TABLE records (kind TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL, PRIMARY KEY (kind, id)) WITHOUT ROWID;
  ${HISTORY_SCHEMA}
  ${BATCH_SCHEMA}
  ${ACTIVITY_SCHEMA}
`;

/** No history to write. */
const NO_HISTORY: HistorySave = { add: [], keepFrom: [] };

/** What a write saves of the activity log: new events, and the limits to purge by (null: not this time). */
export interface ActivitySave {
  add: readonly ActivityRow[];
  purge: { maxEvents: number; cutoff: number; total: number } | null;
}
const NO_ACTIVITY: ActivitySave = { add: [], purge: null };
/** Events one write purges at most (the rest go with the next writes): a purge is never a stall. */
const PURGE_PIECE = 2000;

/** A database the server refuses to use, with what to do about it. */
export class StorageRefusedError extends Error {}

/** Mode bits as `ls` shows them in octal (0o1777 → "1777"). */
const octal = (mode: number) => (mode & 0o7777).toString(8);

/**
 * DATA_DIR, made (or kept) owner-only: it holds password hashes, client
 * secrets and the signing key (docs/storage.md "Safety at start"). A folder that
 * others can write and that this account cannot make its own (a shared one
 * such as /tmp, sticky) is refused.
 */
function ownerOnlyFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = statSync(dir);
  if ((st.mode & 0o077) === 0) return;
  const mine = process.getuid === undefined || st.uid === process.getuid();
  const sticky = (st.mode & 0o1000) !== 0;
  if (mine && !sticky) {
    chmodSync(dir, 0o700);
    return;
  }
  if (st.mode & 0o022)
    throw new StorageRefusedError(
      `The data folder ${dir} can be written by other accounts (mode ${octal(st.mode)}): give the server a DATA_DIR of its own.`,
    );
}

/**
 * A file of the database, owner-only (0600): created so when `create` and
 * missing, made so when others may read it; refused (left untouched) when
 * others may write it, as its content can no longer be trusted.
 */
function ownerOnlyFile(file: string, create: boolean): void {
  if (!existsSync(file)) {
    if (create) closeSync(openSync(file, 'a', 0o600));
    else return;
  }
  const st = statSync(file);
  if (st.mode & 0o022)
    throw new StorageRefusedError(
      `${file} can be written by other accounts (mode ${octal(st.mode)}): it was left untouched. If you trust what it holds, chmod 600 it; else move it away or give the server another DATA_DIR.`,
    );
  if (st.mode & 0o077) chmodSync(file, 0o600);
}

/** A write the database did not take (disk full, read-only folder): the answer is 503. */
export class StorageWriteError extends DomainError {
  readonly statusCode = 503;
}

export interface Row {
  kind: string;
  id: string;
  body: string;
}

export class StorageDatabase {
  private readonly upsert: Statement;
  private readonly remove: Statement;
  private readonly addEntry: Statement;
  private readonly dropBefore: Statement;
  private readonly stageRow: Statement;
  private readonly unpend: Statement;
  /** Landed batches whose rows are still in `pending` (moved by moveLanded). */
  private moving = 0;
  /** The activity log's table: its events and queries. */
  readonly activity: ActivityTable;

  private constructor(
    private readonly db: Connection,
    /** The file, or ':memory:'. */
    readonly file: string,
  ) {
    this.upsert = db.prepare('INSERT OR REPLACE INTO records (kind, id, body) VALUES (?, ?, ?)');
    this.remove = db.prepare('DELETE FROM records WHERE kind = ? AND id = ?');
    this.addEntry = db.prepare(
      'INSERT INTO history (id, kind, uuid, company, at, action, source, before, after, secrets, batch) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.dropBefore = db.prepare('DELETE FROM history WHERE company IS ? AND id < ?');
    this.stageRow = db.prepare('INSERT OR REPLACE INTO pending (batch, kind, id, body) VALUES (?, ?, ?, ?)');
    this.unpend = db.prepare('DELETE FROM pending WHERE kind = ? AND id = ?');
    this.activity = new ActivityTable(db);
  }

  /**
   * Opens (creating when missing) DATA_DIR's database and holds it for this
   * process alone; null `dataDir`: a private database in memory (tests).
   */
  static open(dataDir: string | null): StorageDatabase {
    if (dataDir === null) return StorageDatabase.init(connect(':memory:'), ':memory:');
    const dir = path.resolve(dataDir);
    ownerOnlyFolder(dir);
    const file = path.join(dir, DATABASE_FILE);
    const existed = existsSync(file) && statSync(file).size > 0;
    let db: Connection;
    try {
      // Created owner-only before SQLite opens it: SQLite gives its -wal and -shm the database file's mode.
      for (const name of [file, `${file}-wal`, `${file}-shm`]) ownerOnlyFile(name, name === file);
      db = connect(file);
    } catch (error) {
      if (error instanceof StorageRefusedError) throw error;
      throw new StorageRefusedError(`Cannot open the database ${file}: ${(error as Error).message}`);
    }
    try {
      // One writer: the exclusive lock is taken now and kept until the process ends
      // (the operating system drops it when the process dies, even by kill -9).
      db.exec('PRAGMA locking_mode = EXCLUSIVE');
      // A server that is stopping (npm run dev's restart on a saved file) lets go within moments.
      db.exec(`PRAGMA busy_timeout = ${LOCK_WAIT_MS}`);
      if (existed) StorageDatabase.check(db, file);
      db.exec('PRAGMA journal_mode = WAL');
      db.exec('BEGIN EXCLUSIVE; COMMIT');
      db.exec('PRAGMA busy_timeout = 0');
    } catch (error) {
      db.close();
      if (error instanceof StorageRefusedError) throw error;
      const code = sqliteCode(error);
      if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED')
        throw new StorageRefusedError(
          `Another server is using the data folder ${dir}: stop it first, or give this one another DATA_DIR.`,
        );
      if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT')
        throw new StorageRefusedError(
          `${file} is not a database of this dev backend (${(error as Error).message}). It was left untouched: move it away, or give the server another DATA_DIR.`,
        );
      throw new StorageRefusedError(`Cannot use the database ${file}: ${(error as Error).message}`);
    }
    return StorageDatabase.init(db, file);
  }

  /** Refuses a file that is not ours, or of a schema this code does not know. */
  private static check(db: Connection, file: string): void {
    const appId = Number(pragma(db, 'application_id'));
    const tables = db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table'").get() as { n: number };
    if (appId === 0 && Number(tables.n) === 0) return;
    if (appId !== APPLICATION_ID)
      throw new StorageRefusedError(
        `${file} is a SQLite database of another program (application_id ${appId}). It was left untouched: move it away, or give the server another DATA_DIR.`,
      );
    const check = pragma(db, 'quick_check');
    if (check !== 'ok')
      throw new StorageRefusedError(
        `${file} is damaged (${String(check)}). It was left untouched: restore it from a copy or a snapshot, or move it away.`,
      );
    const version = Number(pragma(db, 'user_version'));
    if (version > SCHEMA_VERSION)
      throw new StorageRefusedError(
        `${file} has schema version ${version}, newer than this server's ${SCHEMA_VERSION}: update the project, or start with another DATA_DIR (or --fresh to start over).`,
      );
  }

  private static init(db: Connection, file: string): StorageDatabase {
    // WAL with synchronous NORMAL: a commit is in the operating system's hands before
    // the answer leaves, so a killed process loses nothing answered; a power cut may
    // lose the last commits (docs/storage.md "When it is saved").
    db.exec('PRAGMA synchronous = NORMAL');
    const version = Number(pragma(db, 'user_version'));
    if (version === 0) {
      transaction(db, () => {
        db.exec(SCHEMA);
        db.exec(`PRAGMA application_id = ${APPLICATION_ID}`);
        db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
      });
    } else if (version < SCHEMA_VERSION) {
      transaction(db, () => {
        for (let v = version; v < SCHEMA_VERSION; v++) MIGRATIONS[v - 1]?.(db);
        db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
      });
    }
    return new StorageDatabase(db, file);
  }

  /** True when nothing was ever stored (a new DATA_DIR: seed it). */
  isEmpty(): boolean {
    return this.db.prepare('SELECT 1 FROM meta LIMIT 1').get() === undefined;
  }

  meta(key: string): string | undefined {
    return (this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
  }

  /** The body of a piece of state kept whole (kind 'state'). */
  stateRow(id: string): string | undefined {
    return (
      this.db.prepare("SELECT body FROM records WHERE kind = 'state' AND id = ?").get(id) as
        | { body: string }
        | undefined
    )?.body;
  }

  rows(): IterableIterator<Row> {
    return this.db.prepare('SELECT kind, id, body FROM records').iterate() as IterableIterator<Row>;
  }

  /** The record history's entries recorded at or after `cutoff` (ISO text), oldest first. */
  *historyEntries(cutoff: string): Generator<KeptEntry> {
    const rows = this.db
      .prepare('SELECT * FROM history WHERE at >= ? AND batch IS NULL ORDER BY id')
      .iterate(cutoff) as IterableIterator<Record<string, string | number | null>>;
    for (const r of rows)
      yield {
        id: Number(r.id),
        kind: r.kind as KeptEntry['kind'],
        uuid: r.uuid as string,
        company: r.company as string | null,
        at: r.at as string,
        action: r.action as KeptEntry['action'],
        source: JSON.parse(r.source as string),
        before: r.before as string | null,
        after: r.after as string | null,
        secrets: JSON.parse(r.secrets as string),
      };
  }

  /** Rows staged or landed but not yet moved into the records (tests, the bench). */
  pendingRows(): number {
    return Number((this.db.prepare('SELECT count(*) AS n FROM pending').get() as { n: number }).n);
  }

  /** The largest history entry id stored, staged entries included (0: none). */
  lastHistoryId(): number {
    return Number((this.db.prepare('SELECT max(id) AS n FROM history').get() as { n: number | null }).n ?? 0);
  }

  /** How many history entries are stored (tests, the bench). */
  historyCount(): number {
    return Number((this.db.prepare('SELECT count(*) AS n FROM history').get() as { n: number }).n);
  }

  /** Drops the history entries recorded before `cutoff` (ISO text): the retention, at start. */
  dropHistoryBefore(cutoff: string): void {
    this.write([], {}, false, NO_HISTORY, cutoff);
  }

  /**
   * One transaction: rows to write (body null: delete), meta to set, the
   * record history's new and dropped entries, and with `replaceAll`
   * everything else dropped first (history included); with `cutoff`, the
   * entries older than it. Throws StorageWriteError when the database does
   * not take it; then nothing of it is stored.
   */
  write(
    changes: Iterable<Row | { kind: string; id: string; body: null }>,
    meta: Record<string, string> = {},
    replaceAll = false,
    history: HistorySave = NO_HISTORY,
    cutoff?: string,
    /** Staged batches this write lands (stage): their rows become the records' from this transaction on. */
    landed: readonly number[] = [],
    activity: ActivitySave = NO_ACTIVITY,
  ): { purged: number } {
    if (replaceAll) this.moving = 0;
    let purged = 0;
    try {
      transaction(this.db, () => {
        if (replaceAll)
          this.db.exec(
            'DELETE FROM records; DELETE FROM meta; DELETE FROM history; DELETE FROM pending; DELETE FROM batches; DELETE FROM activity',
          );
        if (cutoff !== undefined) this.db.prepare('DELETE FROM history WHERE at < ?').run(cutoff);
        // A landed batch still moving must not bring back an older version of a record written since.
        const unpend = (this.moving > 0 || landed.length > 0) && !replaceAll;
        for (const c of changes) {
          if (c.body === null) this.remove.run(c.kind, c.id);
          else this.upsert.run(c.kind, c.id, c.body);
          if (unpend) this.unpend.run(c.kind, c.id);
        }
        for (const e of history.add) this.insertEntry(e, null);
        for (const [company, id] of history.keepFrom) this.dropBefore.run(company, id);
        const setMeta = this.db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
        for (const [k, v] of Object.entries(meta)) setMeta.run(k, v);
        for (const batch of landed) this.db.prepare('INSERT INTO batches (batch) VALUES (?)').run(batch);
        this.activity.add(activity.add);
        if (activity.purge)
          purged = this.activity.purge(
            activity.purge.maxEvents,
            activity.purge.cutoff,
            activity.purge.total + activity.add.length,
            PURGE_PIECE,
          );
      });
      this.moving += landed.length;
      return { purged };
    } catch (error) {
      throw new StorageWriteError(
        `The dev backend could not save this change: ${(error as Error).message} (database ${this.file}). Nothing was changed.`,
      );
    }
  }

  private insertEntry(e: KeptEntry, batch: number | null): void {
    this.addEntry.run(
      e.id,
      e.kind,
      e.uuid,
      e.company,
      e.at,
      e.action,
      JSON.stringify(e.source),
      e.before,
      e.after,
      JSON.stringify(e.secrets),
      batch,
    );
  }

  /** A number for a new staged batch, above any stored. */
  nextBatch(): number {
    const row = this.db
      .prepare(
        'SELECT max(batch) AS n FROM (SELECT batch FROM pending UNION ALL SELECT batch FROM batches UNION ALL SELECT batch FROM history WHERE batch IS NOT NULL)',
      )
      .get() as { n: number | null };
    return Number(row.n ?? 0) + 1;
  }

  /**
   * Stages a piece of a large write (one small transaction): rows that are
   * not records, nor entries of the history, until a write lands the batch.
   */
  stage(batch: number, rows: readonly Row[], entries: readonly KeptEntry[], events: readonly ActivityRow[] = []): void {
    try {
      transaction(this.db, () => {
        for (const r of rows) this.stageRow.run(batch, r.kind, r.id, r.body);
        for (const e of entries) this.insertEntry(e, batch);
        this.activity.add(events, batch);
      });
    } catch (error) {
      throw new StorageWriteError(
        `The dev backend could not save this change: ${(error as Error).message} (database ${this.file}). Nothing was changed.`,
      );
    }
  }

  /** Forgets a batch that will not land (its write was given up). */
  dropBatch(batch: number): void {
    transaction(this.db, () => {
      this.db.prepare('DELETE FROM pending WHERE batch = ?').run(batch);
      this.db.prepare('DELETE FROM history WHERE batch = ?').run(batch);
      this.activity.dropBatch(batch);
    });
  }

  /**
   * Moves up to `limit` rows of the oldest landed batch into the records (one
   * small transaction); answers whether anything is left to move.
   */
  moveLanded(limit: number): boolean {
    const head = this.db.prepare('SELECT batch FROM batches ORDER BY batch LIMIT 1').get() as
      | { batch: number }
      | undefined;
    if (!head) {
      this.moving = 0;
      return false;
    }
    const batch = Number(head.batch);
    transaction(this.db, () => {
      const piece = 'SELECT kind, id FROM pending WHERE batch = ? ORDER BY kind, id LIMIT ?';
      this.db
        .prepare(
          `INSERT OR REPLACE INTO records (kind, id, body) SELECT kind, id, body FROM pending WHERE batch = ? AND (kind, id) IN (${piece})`,
        )
        .run(batch, batch, limit);
      const moved = this.db
        .prepare(`DELETE FROM pending WHERE batch = ? AND (kind, id) IN (${piece})`)
        .run(batch, batch, limit) as {
        changes: number | bigint;
      };
      if (Number(moved.changes) < limit) {
        const first = this.db.prepare('SELECT min(id) AS id FROM history WHERE batch = ?').get(batch) as {
          id: number | null;
        };
        if (first.id !== null)
          this.db
            .prepare('UPDATE history SET batch = NULL WHERE batch = ? AND id < ?')
            .run(batch, Number(first.id) + limit);
        // The batch's events become the log's in pieces too, once its records have moved.
        const eventsLeft = this.activity.landPiece(batch, limit);
        if (!eventsLeft && !this.db.prepare('SELECT 1 FROM history WHERE batch = ? LIMIT 1').get(batch))
          this.db.prepare('DELETE FROM batches WHERE batch = ?').run(batch);
      }
    });
    return true;
  }

  /** At start: moves what landed batches still hold, drops the batches that never landed. */
  settleBatches(): void {
    this.moving = Number((this.db.prepare('SELECT count(*) AS n FROM batches').get() as { n: number }).n);
    while (this.moveLanded(5000));
    // Read first: a database that refuses writes (a reload after a refused write) is only read.
    if (
      this.db.prepare('SELECT 1 FROM pending LIMIT 1').get() ||
      this.db.prepare('SELECT 1 FROM history WHERE batch IS NOT NULL LIMIT 1').get() ||
      this.activity.hasStaged()
    )
      try {
        transaction(this.db, () => {
          this.db.exec('DELETE FROM pending; DELETE FROM history WHERE batch IS NOT NULL');
          this.activity.dropBatch(null);
        });
      } catch {
        // A database refusing writes (a reload after a refused write) keeps them: no read takes
        // a batch that never landed, and the next start that can write drops them.
      }
  }

  /** Bytes the database takes on disk (pages in use). */
  size(): number {
    return Number(pragma(this.db, 'page_count')) * Number(pragma(this.db, 'page_size'));
  }

  /** Tests: every write is refused from now on (SQLITE_READONLY), as on a read-only or failing disk. */
  refuseWrites(): void {
    this.db.exec('PRAGMA query_only = ON');
  }

  close(): void {
    this.db.close();
  }
}
