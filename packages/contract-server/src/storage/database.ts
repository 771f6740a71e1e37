// The dev backend's database: one SQLite file (DATA_DIR/userprofile.db)
// through better-sqlite3 (docs/decisions.md "Persistence"). It holds rows of
// JSON documents: one per record (a user, an application, ...) and one per
// piece of state kept whole (the outbox, the reset tokens, the sign-in
// state). This module knows files, locks, schema versions and transactions;
// what the rows mean is persist.ts's business.
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type BetterSqlite3 from 'better-sqlite3';
import { DomainError } from '../store/errors.ts';

const require = createRequire(import.meta.url);
const Database = require('better-sqlite3') as typeof BetterSqlite3;

export const DATABASE_FILE = 'userprofile.db';
/** PRAGMA application_id of our files ("UPCS"): a SQLite file without it is someone else's. */
const APPLICATION_ID = 0x55504353;
/** The schema this code writes; older files are migrated by MIGRATIONS. */
export const SCHEMA_VERSION = 1;

/**
 * Migrations from version i+1 to i+2 (index i); none yet. A file of a newer
 * version than SCHEMA_VERSION is refused (an older server must not guess).
 */
const MIGRATIONS: ((db: BetterSqlite3.Database) => void)[] = [];

const SCHEMA = `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
  CREATE TABLE records (kind TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL, PRIMARY KEY (kind, id)) WITHOUT ROWID;
`;

/** A database the server refuses to use, with what to do about it. */
export class StorageRefusedError extends Error {}

/** A write the database did not take (disk full, read-only folder): the answer is 503. */
export class StorageWriteError extends DomainError {
  readonly statusCode = 503;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../../../..');

/**
 * The addon for the running Node: npm install builds better-sqlite3 for the
 * Node that runs it; scripts/native.mjs builds it for other Node versions
 * (CI's Node 24) into .tools/native/, one file per ABI. A build for another
 * ABI does not load, so each Node picks its own.
 */
export function nativeBinding(): string | undefined {
  const own = path.join(ROOT, '.tools', 'native', `better_sqlite3-abi${process.versions.modules}.node`);
  return existsSync(own) ? own : undefined;
}

export interface Row {
  kind: string;
  id: string;
  body: string;
}

export class StorageDatabase {
  private readonly upsert: BetterSqlite3.Statement<[string, string, string]>;
  private readonly remove: BetterSqlite3.Statement<[string, string]>;

  private constructor(
    private readonly db: BetterSqlite3.Database,
    /** The file, or ':memory:'. */
    readonly file: string,
  ) {
    this.upsert = db.prepare('INSERT OR REPLACE INTO records (kind, id, body) VALUES (?, ?, ?)');
    this.remove = db.prepare('DELETE FROM records WHERE kind = ? AND id = ?');
  }

  /**
   * Opens (creating when missing) DATA_DIR's database and holds it for this
   * process alone; null `dataDir`: a private database in memory (tests).
   */
  static open(dataDir: string | null): StorageDatabase {
    if (dataDir === null)
      return StorageDatabase.init(new Database(':memory:', { nativeBinding: nativeBinding() }), ':memory:');
    const dir = path.resolve(dataDir);
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, DATABASE_FILE);
    const existed = existsSync(file) && statSync(file).size > 0;
    let db: BetterSqlite3.Database;
    try {
      db = new Database(file, { nativeBinding: nativeBinding(), timeout: 0 });
    } catch (error) {
      throw new StorageRefusedError(`Cannot open the database ${file}: ${(error as Error).message}`);
    }
    try {
      // One writer: the exclusive lock is taken now and kept until the process ends
      // (the operating system drops it when the process dies, even by kill -9).
      db.pragma('locking_mode = EXCLUSIVE');
      if (existed) StorageDatabase.check(db, file);
      db.pragma('journal_mode = WAL');
      db.exec('BEGIN EXCLUSIVE; COMMIT');
    } catch (error) {
      db.close();
      if (error instanceof StorageRefusedError) throw error;
      const code = (error as { code?: string }).code;
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
  private static check(db: BetterSqlite3.Database, file: string): void {
    const appId = db.pragma('application_id', { simple: true }) as number;
    const tables = db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table'").get() as { n: number };
    if (appId === 0 && tables.n === 0) return;
    if (appId !== APPLICATION_ID)
      throw new StorageRefusedError(
        `${file} is a SQLite database of another program (application_id ${appId}). It was left untouched: move it away, or give the server another DATA_DIR.`,
      );
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok')
      throw new StorageRefusedError(
        `${file} is damaged (${String(check)}). It was left untouched: restore it from a copy or a snapshot, or move it away.`,
      );
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > SCHEMA_VERSION)
      throw new StorageRefusedError(
        `${file} has schema version ${version}, newer than this server's ${SCHEMA_VERSION}: update the project, or start with another DATA_DIR (or --fresh to start over).`,
      );
  }

  private static init(db: BetterSqlite3.Database, file: string): StorageDatabase {
    // WAL with synchronous NORMAL: a commit is in the operating system's hands before
    // the answer leaves, so a killed process loses nothing answered; a power cut may
    // lose the last commits (docs/decisions.md "Persistence").
    db.pragma('synchronous = NORMAL');
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version === 0) {
      db.transaction(() => {
        db.exec(SCHEMA);
        db.pragma(`application_id = ${APPLICATION_ID}`);
        db.pragma(`user_version = ${SCHEMA_VERSION}`);
      })();
    } else if (version < SCHEMA_VERSION) {
      db.transaction(() => {
        for (let v = version; v < SCHEMA_VERSION; v++) MIGRATIONS[v - 1]?.(db);
        db.pragma(`user_version = ${SCHEMA_VERSION}`);
      })();
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

  /**
   * One transaction: rows to write (body null: delete), meta to set, and
   * with `replaceAll` everything else dropped first. Throws StorageWriteError
   * when the database does not take it; then nothing of it is stored.
   */
  write(
    changes: Iterable<Row | { kind: string; id: string; body: null }>,
    meta: Record<string, string> = {},
    replaceAll = false,
  ): void {
    try {
      this.db.transaction(() => {
        if (replaceAll) this.db.exec('DELETE FROM records; DELETE FROM meta');
        for (const c of changes) {
          if (c.body === null) this.remove.run(c.kind, c.id);
          else this.upsert.run(c.kind, c.id, c.body);
        }
        const setMeta = this.db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
        for (const [k, v] of Object.entries(meta)) setMeta.run(k, v);
      })();
    } catch (error) {
      throw new StorageWriteError(
        `The dev backend could not save this change: ${(error as Error).message} (database ${this.file}). Nothing was changed.`,
      );
    }
  }

  /** Bytes the database takes on disk (pages in use). */
  size(): number {
    return (
      (this.db.pragma('page_count', { simple: true }) as number) *
      (this.db.pragma('page_size', { simple: true }) as number)
    );
  }

  /** Tests: every write is refused from now on (SQLITE_READONLY), as on a read-only or failing disk. */
  refuseWrites(): void {
    this.db.pragma('query_only = ON');
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
