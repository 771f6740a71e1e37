// Keeps the store in the database (database.ts): loads it at start, saves a
// whole store at a seed or reset, and after each write saves what changed, as
// one transaction, before the answer leaves (docs/storage.md "When it is
// saved"). The store stays the read path; the database is the truth at
// start and after a failed write.
//
// What changed is known without the store listing it: every change of a user,
// an application, a profile or a client goes through the record history
// (history.begin names the record before a write, history.settle after it);
// the other collections are compared by reference with what was saved last
// (their records are replaced, never changed in place); the state kept whole
// (outbox, reset tokens, ...) is compared by its JSON text.

import type { ActivityRow } from '../activity/log.ts';
import type { HistoryKind, HistorySave } from '../store/history.ts';
import type { LargeWrite } from '../store/large-write.ts';
import type { KeptState, Store } from '../store/store.ts';
import type { UserRecord } from '../store/types.ts';
import { type ActivitySave, type Row, StorageDatabase, StorageWriteError } from './database.ts';

/** Record kinds as rows name them, and the store's map each lives in. */
const KEYED = {
  user: (s: Store) => s.users,
  application: (s: Store) => s.applications.byUuid,
  appProfile: (s: Store) => s.appProfiles.byUuid,
  businessProfile: (s: Store) => s.businessProfiles.byUuid,
  visibilityProfile: (s: Store) => s.visibilityProfiles.byUuid,
  authClient: (s: Store) => s.clients.byUuid,
  company: (s: Store) => s.companies,
  location: (s: Store) => s.locations,
  'visibility.carriers': (s: Store) => s.visibility.carriers,
  'visibility.clusters': (s: Store) => s.visibility.clusters,
  'visibility.clusterGroups': (s: Store) => s.visibility.clusterGroups,
  'visibility.networkGroups': (s: Store) => s.visibility.networkGroups,
  'visibility.neAttributes': (s: Store) => s.visibility.neAttributes,
  'visibility.venues': (s: Store) => s.visibility.venues,
} satisfies Record<string, (s: Store) => Map<string, { uuid: string }>>;
type KeyedKind = keyof typeof KEYED;
const KEYED_KINDS = Object.keys(KEYED) as KeyedKind[];
/** Collections small enough to compare by reference at every write (users are not: 100,000 of them). */
const COMPARED_KINDS = KEYED_KINDS.filter((k) => k !== 'user');

/** Rows of state kept whole: the store's parts, and parts others add (the sign-in state). */
const STATE = 'state';

/** The history kinds are the keyed kinds of the same name. */
const HISTORY_KIND: Record<HistoryKind, KeyedKind> = {
  user: 'user',
  application: 'application',
  appProfile: 'appProfile',
  businessProfile: 'businessProfile',
  visibilityProfile: 'visibilityProfile',
  authClient: 'authClient',
};

/** A piece of state that someone besides the store keeps through the same transactions. */
export interface StatePart {
  /** The part as JSON-ready data (saved at the flush after it said it changed). */
  save(): unknown;
  /** Restores a saved part (called once at start, before serving). */
  load(data: unknown): void;
  /** Storage gives the part a function to call after each change it must keep (the auth core's onChange). */
  watch(changed: () => void): void;
}

export type Rows = Iterable<Row>;

/** Everything a store holds, as rows. */
export function* storeRows(store: Store, parts: Map<string, StatePart>): Generator<Row> {
  for (const kind of KEYED_KINDS)
    for (const record of KEYED[kind](store).values()) yield { kind, id: record.uuid, body: JSON.stringify(record) };
  for (const [id, value] of Object.entries(store.keptState())) yield { kind: STATE, id, body: JSON.stringify(value) };
  for (const [id, part] of parts) yield { kind: STATE, id, body: JSON.stringify(part.save()) };
}

/** Fills a blank store (and the other parts) from rows. */
export function loadRows(store: Store, rows: Rows, parts: Map<string, StatePart>): void {
  const kept: Partial<Record<keyof KeptState, unknown>> = {};
  for (const row of rows) {
    const value = JSON.parse(row.body);
    if (row.kind === STATE) {
      const part = parts.get(row.id);
      if (part) part.load(value);
      else kept[row.id as keyof KeptState] = value;
    } else if (row.kind === 'user') store.insertUser(value);
    else if (Object.hasOwn(KEYED, row.kind)) {
      const map = KEYED[row.kind as KeyedKind](store) as Map<string, unknown>;
      const named = {
        application: store.applications,
        appProfile: store.appProfiles,
        businessProfile: store.businessProfiles,
        visibilityProfile: store.visibilityProfiles,
        authClient: store.clients,
      }[row.kind as string];
      if (named) named.set(value);
      else map.set(row.id, value);
    }
  }
  store.restoreKeptState(kept as Partial<KeptState>);
}

/**
 * The bond between one store and the database: collects what the store
 * changes and saves it (flush). A new store (reset, failed write) gets a new
 * tracker; the old one is detached and saves nothing more.
 */
class Tracker {
  private readonly candidates = new Map<KeyedKind, Set<string>>();
  private readonly saved = new Map<KeyedKind, Map<string, unknown>>();
  private readonly savedText = new Map<string, string>();
  detached = false;
  /** The store wrote, or a part said it changed, since the last flush. */
  dirty = false;
  /** The parts that said they changed since the last flush (StatePart.watch). */
  private readonly changedParts = new Set<string>();
  /** Large writes that replaced the users map since the last flush: their batch and the users they staged. */
  private landed: { batch: number; staged: Map<string, UserRecord> }[] = [];

  constructor(
    readonly store: Store,
    private readonly parts: Map<string, StatePart>,
    private readonly schedule: () => void,
    private readonly db: StorageDatabase,
    private readonly batches: () => number,
  ) {
    for (const kind of COMPARED_KINDS) this.saved.set(kind, new Map(KEYED[kind](store)));
    for (const [id, text] of this.stateTexts()) this.savedText.set(id, text);
    const history = store.history;
    const begin = history.begin.bind(history);
    const settle = history.settle.bind(history);
    history.begin = ((kind, record) => {
      if (record) this.candidate(kind, record.uuid);
      return begin(kind, record);
    }) as typeof history.begin;
    history.settle = ((pending, action, after, source) => {
      const uuid = after?.uuid ?? pending.uuid;
      if (uuid) this.candidate(pending.kind, uuid);
      return settle(pending, action, after, source);
    }) as typeof history.settle;
    store.onWrite = () => this.schedule();
    store.activity.onRecord = () => this.schedule();
    store.largeWrite = () => this.largeWrite();
  }

  /**
   * A write of many users: each piece is staged in the database as it is
   * made (a small transaction, a few milliseconds), so the write's own flush
   * only lands the batch (one row) instead of writing every user at once.
   */
  private largeWrite(): LargeWrite {
    const batch = this.batches();
    const staged = new Map<string, UserRecord>();
    let failed: unknown = null;
    let used = false;
    return {
      keepsEntries: true,
      stage: (users, entries) => {
        if (this.detached || failed) return;
        used = true;
        try {
          this.db.stage(
            batch,
            users.map((u) => ({ kind: 'user', id: u.uuid, body: JSON.stringify(u) })),
            entries,
            // Each user's event, staged with its history entry: it lands (or not) with the batch.
            entries.map((e) => this.store.activity.eventOf(e)),
          );
          for (const u of users) staged.set(u.uuid, u);
        } catch (error) {
          failed = error;
        }
      },
      land: () => {
        if (failed) throw failed;
        if (this.detached) return;
        this.landed.push({ batch, staged });
      },
      drop: () => {
        if (!used || this.detached) return;
        try {
          this.db.dropBatch(batch);
        } catch {
          // Left for the next start, which drops batches that never landed.
        }
      },
    };
  }

  private candidate(kind: HistoryKind, uuid: string): void {
    const k = HISTORY_KIND[kind];
    const set = this.candidates.get(k) ?? new Set<string>();
    set.add(uuid);
    this.candidates.set(k, set);
    this.schedule();
  }

  /** A part said it changed (Persistence.keep). */
  partChanged(id: string): void {
    this.changedParts.add(id);
    this.schedule();
  }

  /** The store's kept state, and the parts that said they changed (with `allParts`, every part). */
  private *stateTexts(allParts = true): Generator<[string, string]> {
    for (const [id, value] of Object.entries(this.store.keptState())) yield [id, JSON.stringify(value)];
    for (const [id, part] of this.parts)
      if (allParts || this.changedParts.has(id)) yield [id, JSON.stringify(part.save())];
  }

  /**
   * The rows changed since the last flush, the history to write with them, and how to mark
   * them saved once written. `allParts`: every part compared, not only those that said they changed.
   */
  changes(allParts: boolean): {
    rows: (Row | { kind: string; id: string; body: null })[];
    history: HistorySave;
    activity: ActivityRow[];
    landed: number[];
    saved: () => void;
  } {
    const rows: (Row | { kind: string; id: string; body: null })[] = [];
    const row = (kind: KeyedKind, id: string, record: unknown) =>
      rows.push({ kind, id, body: record === undefined ? null : JSON.stringify(record) });
    const users = this.store.users;
    const landed = this.landed;
    // A large write's users are in its batch, unless written again since it was staged.
    const inBatch = (uuid: string) => landed.some((l) => l.staged.get(uuid) === users.get(uuid));
    for (const uuid of this.candidates.get('user') ?? []) if (!inBatch(uuid)) row('user', uuid, users.get(uuid));
    const nextSaved = new Map<KeyedKind, Map<string, unknown>>();
    for (const kind of COMPARED_KINDS) {
      const map = KEYED[kind](this.store) as Map<string, unknown>;
      const before = this.saved.get(kind) as Map<string, unknown>;
      const named = this.candidates.get(kind) ?? new Set<string>();
      let changed = named.size > 0 || map.size !== before.size;
      for (const uuid of named) row(kind, uuid, map.get(uuid));
      for (const [uuid, r] of map)
        if (before.get(uuid) !== r && !named.has(uuid)) {
          row(kind, uuid, r);
          changed = true;
        }
      for (const uuid of before.keys()) if (!map.has(uuid) && !named.has(uuid)) row(kind, uuid, undefined);
      if (changed) nextSaved.set(kind, new Map(map));
    }
    const texts = new Map<string, string>();
    for (const [id, text] of this.stateTexts(allParts))
      if (this.savedText.get(id) !== text) {
        texts.set(id, text);
        rows.push({ kind: STATE, id, body: text });
      }
    return {
      rows,
      // Taken now: if the write fails, the store (its history with it) is reloaded from the database.
      history: this.store.history.takeSave(),
      activity: this.store.activity.takeSave(),
      landed: landed.map((l) => l.batch),
      saved: () => {
        this.candidates.clear();
        this.changedParts.clear();
        this.landed = [];
        for (const [kind, map] of nextSaved) this.saved.set(kind, map);
        for (const [id, text] of texts) this.savedText.set(id, text);
      },
    };
  }
}

/** Rows a landed batch moves into the records per turn of the event loop (a few milliseconds). */
const MOVED_ROWS = 500;

export interface PersistenceOptions {
  /** DATA_DIR; null: a private database in memory (tests that are not about storage). */
  dataDir: string | null;
  /** A store without records, to load into. */
  blank: () => Store;
}

export class Persistence {
  readonly db: StorageDatabase;
  private tracker: Tracker | null = null;
  private scheduled = false;
  /** Bumped by each write the database refused: answers in flight meanwhile fail too. */
  failures = 0;
  /** Others' state kept in the same transactions (the sign-in state). */
  readonly parts = new Map<string, StatePart>();
  /** Called with the store rebuilt from the database after a failed write. */
  onReload: (store: Store) => void = () => {};
  /** The next large write's batch number. */
  private batch: number;
  /** Moves landed batches into the records, a piece per turn of the event loop. */
  private mover: NodeJS.Immediate | null = null;
  /** Events stored (counted at load, then kept up to date): what the purge by number compares. */
  private activityTotal = 0;
  /** When the activity log was last checked for events past its age (ms), and the last purge that removed some. */
  private ageCheckedAt = 0;
  lastPurge: { at: number; purged: number } | null = null;

  constructor(private readonly options: PersistenceOptions) {
    this.db = StorageDatabase.open(options.dataDir);
    this.batch = this.db.nextBatch();
    const at = this.db.meta('activity.lastPurge');
    if (at) this.lastPurge = { at: Number(at), purged: Number(this.db.meta('activity.purged') ?? 0) };
  }

  /** Keeps a part from now on, loading what is stored of it. */
  keep(id: string, part: StatePart): void {
    this.parts.set(id, part);
    part.watch(() => this.tracker?.partChanged(id));
    const body = this.db.stateRow(id);
    if (body !== undefined) part.load(JSON.parse(body));
  }

  /** Replaces everything stored with this store (a seed, a reset) and follows it from now on. */
  saveAll(store: Store, meta: Record<string, string>): void {
    this.detach();
    this.db.write(
      storeRows(store, this.parts),
      { ...meta, savedAt: new Date().toISOString() },
      true,
      store.history.takeSave(),
      undefined,
      [],
      { add: store.activity.takeSave(), purge: null },
    );
    this.activityTotal = this.db.activity.count();
    this.lastPurge = null;
    this.attach(store);
  }

  /** The stored state, in a new store (and the parts), followed from now on. */
  load(): Store {
    this.detach();
    const store = this.options.blank();
    this.stopMoving();
    this.db.settleBatches();
    loadRows(store, this.db.rows(), this.parts);
    store.history.restore(this.db.historyEntries(store.history.cutoff()));
    // A batch that never landed but could not be dropped (the database refusing writes) keeps its ids.
    store.history.continueAfter(this.db.lastHistoryId());
    store.activity.continueAfter(this.db.activity.lastId());
    this.activityTotal = this.db.activity.count();
    this.attach(store);
    return store;
  }

  private attach(store: Store): void {
    const tracker = new Tracker(
      store,
      this.parts,
      () => {
        tracker.dirty = true;
        if (tracker.detached || this.scheduled) return;
        this.scheduled = true;
        // Writes outside a request handler (none wait for it) are saved once their synchronous run ends.
        queueMicrotask(() => {
          this.scheduled = false;
          try {
            this.flush();
          } catch {
            // flush reloaded the store; the handlers in flight answer 503 (failures moved).
          }
        });
      },
      this.db,
      () => this.batch++,
    );
    this.tracker = tracker;
  }

  private detach(): void {
    if (this.tracker) {
      this.tracker.detached = true;
      this.tracker.store.onWrite = () => {};
      this.tracker.store.activity.onRecord = () => {};
    }
    this.tracker = null;
  }

  /**
   * Saves what changed since the last flush as one transaction: what the store
   * wrote and the parts that said they changed (the sign-in state); with `all`,
   * every part as it is now (a snapshot). Nothing to save costs nothing, so every
   * answer may pass here. When the database refuses it, the store is rebuilt from
   * the database (so memory is as it was before the write), onReload gets it,
   * and this throws StorageWriteError (503).
   */
  flush(all = false): void {
    const tracker = this.tracker;
    if (!tracker || !(all || tracker.dirty)) return;
    const { rows, history, activity, landed, saved } = tracker.changes(all);
    tracker.dirty = false;
    if (
      rows.length === 0 &&
      history.add.length === 0 &&
      history.keepFrom.length === 0 &&
      landed.length === 0 &&
      activity.length === 0
    )
      return;
    try {
      const save = this.activitySave(tracker.store, activity);
      const { purged } = this.db.write(rows, {}, false, history, undefined, landed, save);
      // A landed batch's events were staged apart: count the table again (a large write is rare).
      this.activityTotal = landed.length > 0 ? this.db.activity.count() : this.activityTotal + activity.length - purged;
      if (purged > 0) this.notePurge(purged);
      if (landed.length > 0) this.moveSoon();
    } catch (error) {
      this.failures++;
      this.onReload(this.load());
      throw error instanceof StorageWriteError ? error : new StorageWriteError(String(error));
    }
    saved();
  }

  /**
   * The activity log's part of a write: its events, and whether to purge by the
   * limits this time (when the log is over its number, or a minute after the
   * last look for events past their age).
   */
  private activitySave(store: Store, add: ActivityRow[]): ActivitySave {
    const { maxEvents, retentionDays } = store.activity;
    const now = store.now();
    const overNumber = this.activityTotal + add.length > maxEvents;
    const ageDue = now - this.ageCheckedAt > 60_000;
    if (!overNumber && !ageDue) return { add, purge: null };
    if (ageDue) this.ageCheckedAt = now;
    return { add, purge: { maxEvents, cutoff: now - retentionDays * 86_400_000, total: this.activityTotal } };
  }

  private notePurge(purged: number): void {
    const at = this.tracker?.store.now() ?? Date.now();
    // Several writes in a row finish one purge: they count as one.
    const same = this.lastPurge && at - this.lastPurge.at < 60_000;
    this.lastPurge = { at, purged: (same ? (this.lastPurge as { purged: number }).purged : 0) + purged };
    try {
      this.db.write([], { 'activity.lastPurge': String(at), 'activity.purged': String(this.lastPurge.purged) });
    } catch {
      // Only the note of when it ran: the next purge writes it again.
    }
  }

  /** Purges what is past the activity log's limits now (at start), in pieces. */
  purgeActivity(): void {
    const store = this.tracker?.store;
    if (!store) return;
    for (;;) {
      this.ageCheckedAt = 0;
      const { purged } = this.db.write([], {}, false, undefined, undefined, [], this.activitySave(store, []));
      this.activityTotal -= purged;
      if (purged === 0) return;
      this.notePurge(purged);
    }
  }

  /**
   * Moves the landed batches' rows into the records, MOVED_ROWS per turn of
   * the event loop: they are the records already (a start would move them
   * first); moving keeps the records table the one place to read.
   */
  private moveSoon(): void {
    if (this.mover) return;
    const step = () => {
      this.mover = null;
      try {
        if (this.db.moveLanded(MOVED_ROWS)) this.mover = setImmediate(step);
      } catch {
        // The disk refused: the rows stay where they are, moved at the next landing or start.
      }
    };
    this.mover = setImmediate(step);
  }

  private stopMoving(): void {
    if (this.mover) clearImmediate(this.mover);
    this.mover = null;
  }

  /** Every landed batch moved into the records (before reading them all: a snapshot). */
  settleLanded(): void {
    this.stopMoving();
    while (this.db.moveLanded(MOVED_ROWS));
  }

  close(): void {
    this.stopMoving();
    this.detach();
    this.db.close();
  }
}
