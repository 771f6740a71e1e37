// Record history (designed; the spec has none): every change of a user, an application,
// an application / business / visibility profile and an OAuth2 client, kept
// in a bounded ring per company (oldest dropped first; per company so that one company's
// writes never push out another's entries). The store records at its write
// functions: `begin` takes the record's view before the write, `commit` its
// view after, with who and which call. Views are the records' GET shapes
// (names resolved at the time of the change), rendered by the wire layer
// (HistoryViews, given to the store); secrets never reach them: a changed
// secret is kept only as the name of its field. A view is kept as its JSON
// text (smaller than the objects, and nobody can change it), and a record's
// view before a change that equals its view after the change before is that
// same text, not a second copy: a record edited N times keeps N + 1 views,
// not 2N.
//
// The database is the truth, so history outlives a restart: each write's new entries and the
// entries it pushed out are written in that write's transaction
// (storage/persist.ts takes them with takeSave), and a start restores the log
// from it. Entries older than HISTORY_RETENTION_DAYS are not read, and go at
// the next write. The log in memory holds what the bounds keep (at most
// companies + 1 full bounds), so reading a page touches only its record's list.
//
// Who may read which entry, and the diff as that reader may see it, are
// history-reading.ts's: this module records and keeps.
import { visibleToLabel } from '@userprofile/shared/constants';
import { categoryToTabLabel } from '@userprofile/shared/list';
import type {
  ApplicationRecord,
  AppProfileRecord,
  BusinessProfileRecord,
  ClientRecord,
  ConsoleRole,
  Scoped,
  UserRecord,
  VisibilityProfileRecord,
} from './types.ts';

/** Entries kept per company (and for records of no company) when HISTORY_LIMIT does not say. */
export const DEFAULT_HISTORY_LIMIT = 10_000;
/** Days an entry is kept when HISTORY_RETENTION_DAYS does not say. */
export const DEFAULT_HISTORY_RETENTION_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

export const HISTORY_KINDS = [
  'user',
  'application',
  'appProfile',
  'businessProfile',
  'visibilityProfile',
  'authClient',
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];
export type HistoryAction = 'create' | 'update' | 'delete' | 'activate' | 'inactivate' | 'import' | 'sync';

/** The store's record of each kind. */
export interface RecordOf {
  user: UserRecord;
  application: ApplicationRecord;
  appProfile: AppProfileRecord;
  businessProfile: BusinessProfileRecord;
  visibilityProfile: VisibilityProfileRecord;
  authClient: ClientRecord;
}

/** A record as its GET call answers it: JSON, secrets left out. */
export type WireRecord = { readonly [field: string]: unknown };

/** Renders each kind of record as its GET call answers it (the wire layer provides them). */
export type HistoryViews = { [K in HistoryKind]: (record: RecordOf[K]) => object };

export interface Actor {
  uuid: string;
  username: string;
}

/** Who made a change (null: the server by itself) and through which call. */
export interface ChangeSource {
  actor: Actor | null;
  call: string;
}

type Scalar = string | number | boolean | null;

export interface Change {
  field: string;
  label: string;
  from?: Scalar;
  to?: Scalar;
  added?: string[];
  removed?: string[];
  secret?: true;
  /** A side names a record withheld from the reader: shown as "not shown" (history-reading.ts). */
  withheld?: true;
}

/** A view as the log keeps it: its JSON text. */
type ViewText = string;

/** One recorded change as the log keeps it: the diff is made when it is read. */
export interface Recorded {
  kind: HistoryKind;
  uuid: string;
  /** The record's company at this entry (after the change; before it for a deletion): whose bound keeps it. */
  company: string | null;
  action: HistoryAction;
  source: ChangeSource;
  before: ViewText | null;
  after: ViewText | null;
  /** Fields whose secret changed (never their values). */
  secrets: string[];
}

/** An entry as the log keeps it: what history-reading.ts reads, however it is stored. */
export interface KeptEntry extends Recorded {
  id: number;
  at: string;
}

/** A write under way: the record's view before it. */
export interface PendingChange<K extends HistoryKind> {
  kind: K;
  uuid: string | null;
  /** The record's company before the write (null: none, or a kind without companies). */
  company: string | null;
  /** null: the write creates the record. */
  view: ViewText | null;
  secrets: (string | null)[];
}

// ------------------------------------------------------------------ fields

/**
 * A field of a kind's editor, as the diff reads it from the record's GET shape:
 * a value shown old → new; a list whose items are named when added or removed
 * (items carry a group: one change per group, e.g. per element category tab;
 * and a summary: a kept item whose summary changed is a change of its own);
 * per-group values (a user's element per category); or a secret, which is
 * never read: only whether it changed.
 */
type Field =
  | { field: string; label: string; value: (w: WireRecord) => Scalar; ref?: (w: WireRecord) => Reference }
  | { field: string; label: string; items: (w: WireRecord) => Item[] }
  | { field: string; values: (w: WireRecord) => [label: string, value: Scalar, ref: Reference][] }
  | { field: string; label: string; secret: true };

interface Item {
  uuid: string;
  name: string;
  group?: string;
  summary?: string;
  withheld?: boolean;
}

/**
 * Which record a reference names (compared, so a change between two records
 * of one name, or two withheld from the reader, is still a change), and
 * whether it is withheld from the reader (history-reading.ts marks it so).
 */
interface Reference {
  uuid: string | null;
  withheld: boolean;
}

type Wire = Record<string, unknown>;
const listOf = (w: WireRecord, field: string) => (w[field] ?? []) as Wire[];
const nameIn = (ref: unknown) => ((ref as { name?: string } | null | undefined)?.name ?? null) as Scalar;
const referenceIn = (ref: unknown): Reference => {
  const r = ref as { uuid?: string; withheld?: boolean } | null | undefined;
  return { uuid: r?.uuid ?? null, withheld: r?.withheld === true };
};

/** A field shown as it is. */
const text = (field: string, label: string): Field => ({ field, label, value: (w) => (w[field] ?? null) as Scalar });
/** A reference to another record, shown by its name. */
const ref = (field: string, label: string): Field => ({
  field,
  label,
  value: (w) => nameIn(w[field]),
  ref: (w) => referenceIn(w[field]),
});
/** A list of references, shown by the names added and removed. */
const names = (field: string, label: string): Field => ({
  field,
  label,
  items: (w) =>
    listOf(w, field).map((r) => ({ uuid: r.uuid as string, name: r.name as string, withheld: r.withheld === true })),
});
const secret = (field: string, label: string): Field => ({ field, label, secret: true });
/** The minimum role in the Visible To selector's words ('Customer', not 'ADMIN'). */
const roleIn = (ref: unknown) => visibleToLabel(nameIn(ref) as string | null);
const visibleTo = [
  { ...ref('minimumRole', 'Visible To'), value: (w: WireRecord) => roleIn(w.minimumRole) },
  ref('errigalCustomerCompany', 'Company'),
];

/** An application's or application profile's roles (one tab) or elements (a tab per category). */
const rows = (field: 'roles' | 'elements', label: string, summarise: boolean): Field => ({
  field,
  label,
  items: (w) =>
    listOf(w, field).map((r) => ({
      uuid: r.uuid as string,
      name: r.name as string,
      withheld: r.withheld === true,
      group: field === 'roles' ? label : categoryToTabLabel(r.category as string),
      // An application row's Visible To and external flag: a changed one is a change of its own.
      ...(summarise
        ? {
            summary: [roleIn(r.minimumRole), nameIn(r.errigalCustomerCompany), r.externalRole ? 'External Role' : null]
              .filter(Boolean)
              .join(' · '),
          }
        : {}),
    })),
});

/** Every cluster of the chosen forest, by name. */
const clusters: Field = {
  field: 'clusters',
  label: 'Clusters',
  items: (w) => {
    const out: Item[] = [];
    const walk = (nodes: Wire[]) => {
      for (const n of nodes) {
        out.push({ uuid: n.uuid as string, name: n.name as string });
        walk((n.children ?? []) as Wire[]);
      }
    };
    walk(listOf(w, 'clusters'));
    return out;
  },
};

/** A user's element values: one field per category, under its label in the user form. */
const userElements: Field = {
  field: 'elements',
  values: (w) =>
    listOf(w, 'elements').map((e) => [
      (e.label as string | null) ?? categoryToTabLabel(e.category as string),
      e.actualValue === e.name ? (e.name as string) : `${e.name as string} (${e.actualValue as string})`,
      referenceIn(e),
    ]),
};

/** The fields of each kind, in its editor's order, with the editor's labels. */
const FIELDS: { [K in HistoryKind]: Field[] } = {
  user: [
    text('username', 'Username'),
    secret('password', 'Password'),
    text('email', 'Email'),
    text('firstName', 'First Name'),
    text('lastName', 'Last Name'),
    text('deskPhone', 'Desk Phone'),
    text('mobilePhone', 'Mobile Phone'),
    ref('businessProfile', 'Profile'),
    ref('visibilityProfile', 'Visibility'),
    { field: 'active', label: 'Status', value: (w) => (w.active ? 'Active' : 'Inactive') },
    ref('location', 'Location'),
    ...visibleTo,
    userElements,
    // A factor's kind and name, never its secret (routes/history.ts adds them to the user's view).
    names('secondFactors', 'Second factors'),
    {
      field: 'factorEnrolmentRequested',
      label: 'Second factor asked at next sign-in',
      value: (w) => (w.factorEnrolmentRequested ? 'Yes' : 'No'),
    },
  ],
  application: [
    text('name', 'Name'),
    text('dataUrl', 'Data Url'),
    text('dataDriverName', 'Data Driver'),
    text('dataUsername', 'Data Username'),
    secret('dataPassword', 'Data Password'),
    text('apiHost', 'API Host'),
    text('apiAuthType', 'API Auth Type'),
    text('apiUsername', 'API Username'),
    secret('apiPassword', 'API Password'),
    rows('roles', 'Roles', true),
    rows('elements', 'Elements', true),
  ],
  appProfile: [
    text('name', 'Name'),
    ref('application', 'Application'),
    text('description', 'Description'),
    ...visibleTo,
    rows('roles', 'Roles', false),
    rows('elements', 'Elements', false),
  ],
  businessProfile: [
    text('name', 'Name'),
    text('description', 'Description'),
    ...visibleTo,
    names('appProfiles', 'Application Profiles'),
  ],
  visibilityProfile: [
    text('name', 'Name'),
    text('description', 'Description'),
    ...visibleTo,
    names('carriers', 'Carriers'),
    ref('primaryVisibility', 'Primary Visibility'),
    clusters,
    ref('defaultClusterGroup', 'Default Cluster Group'),
    names('clusterGroups', 'Cluster Groups'),
    names('networkGroups', 'Network Groups'),
    names('neAttributes', 'Network Attributes'),
    names('venues', 'Venues'),
  ],
  authClient: [
    secret('clientSecret', 'Client Secret'),
    text('name', 'Name'),
    text('description', 'Description'),
    text('allowedRedirectTarget', 'Allowed Redirect Target'),
  ],
};

/** The secret behind each secret field, compared to tell that it changed; never kept. */
const SECRETS: { [K in HistoryKind]: { field: string; read: (r: RecordOf[K]) => string | null }[] } = {
  user: [
    { field: 'password', read: (u) => u.passwordHash },
    // New recovery codes are a change of a secret: shown as changed, never as codes.
    { field: 'recoveryCodes', read: (u) => (u.recoveryCodes?.length ? u.recoveryCodes.join(',') : null) },
  ],
  application: [
    { field: 'dataPassword', read: (a) => a.dataPassword },
    { field: 'apiPassword', read: (a) => a.apiPassword },
  ],
  appProfile: [],
  businessProfile: [],
  visibilityProfile: [],
  authClient: [{ field: 'clientSecret', read: (c) => c.clientSecret }],
};

/** No value: an empty text and null read the same in an editor. */
const blank = (v: Scalar) => v === null || v === '';

/** The changes from one view to the other, field by field in the editor's order. */
export function diff(kind: HistoryKind, before: WireRecord | null, after: WireRecord | null, secrets: string[]) {
  // A deletion lists no changes: its entry carries the record as it was.
  if (!after) return [];
  const changes: Change[] = [];
  const a = before ?? {};
  const b = after;
  for (const f of FIELDS[kind]) {
    if ('secret' in f) {
      if (secrets.includes(f.field)) changes.push({ field: f.field, label: f.label, secret: true });
    } else if ('value' in f) {
      const from = before ? f.value(a) : null;
      const to = f.value(b);
      const was = before ? f.ref?.(a) : undefined;
      const now = f.ref?.(b);
      if ((from !== to && !(blank(from) && blank(to))) || (was && now && was.uuid !== now.uuid))
        changes.push({ field: f.field, label: f.label, from, to, ...withheldIn(was, now) });
    } else if ('values' in f) {
      const old = new Map(f.values(a).map(([label, ...v]) => [label, v] as const));
      const now = new Map(f.values(b).map(([label, ...v]) => [label, v] as const));
      for (const label of new Set([...old.keys(), ...now.keys()])) {
        const [from = null, was] = old.get(label) ?? [];
        const [to = null, is] = now.get(label) ?? [];
        if (from !== to || was?.uuid !== is?.uuid)
          changes.push({ field: f.field, label, from, to, ...withheldIn(was, is) });
      }
    } else {
      changes.push(...listChanges(f.field, f.label, f.items(a), f.items(b)));
    }
  }
  return changes;
}

const withheldIn = (...refs: (Reference | undefined)[]) =>
  refs.some((r) => r?.withheld) ? { withheld: true as const } : {};

function listChanges(field: string, label: string, before: Item[], after: Item[]): Change[] {
  const old = new Map(before.map((i) => [i.uuid, i]));
  const now = new Map(after.map((i) => [i.uuid, i]));
  const groups = new Map<string, { added: string[]; removed: string[]; withheld: boolean }>();
  const group = (i: Item) => {
    const key = i.group ?? label;
    let g = groups.get(key);
    if (!g) {
      g = { added: [], removed: [], withheld: false };
      groups.set(key, g);
    }
    if (i.withheld) g.withheld = true;
    return g;
  };
  for (const i of before) if (!now.has(i.uuid)) group(i).removed.push(i.name);
  for (const i of after) if (!old.has(i.uuid)) group(i).added.push(i.name);
  const changes: Change[] = [];
  for (const [key, g] of groups) {
    if (g.added.length === 0 && g.removed.length === 0) continue;
    changes.push({
      field,
      label: key,
      ...(g.added.length > 0 ? { added: g.added } : {}),
      ...(g.removed.length > 0 ? { removed: g.removed } : {}),
      ...(g.withheld ? { withheld: true as const } : {}),
    });
  }
  for (const i of after) {
    const was = old.get(i.uuid);
    if (was && (was.summary ?? '') !== (i.summary ?? ''))
      changes.push({
        field,
        label: `${i.group ?? label}: ${i.name}`,
        from: was.summary ?? null,
        to: i.summary ?? null,
      });
  }
  return changes;
}

/** The scope of a record as its GET shape carries it (null: a kind every reader of the kind sees). */
export function recordedScope(w: WireRecord): Scoped | null {
  const role = (w.minimumRole as { name?: ConsoleRole } | undefined)?.name;
  if (!role) return null;
  const companyRef = w.errigalCustomerCompany as { uuid?: string } | null | undefined;
  return { minimumRole: role, companyUuid: companyRef?.uuid ?? null };
}

// ----------------------------------------------------------------- the log

const key = (kind: HistoryKind, uuid: string) => `${kind}:${uuid}`;
/** A record's company; applications and OAuth2 clients have none. */
const companyOf = (record: object) => (record as { companyUuid?: string | null }).companyUuid ?? null;

/** The entries of one company's bound, oldest first; `head` of them already dropped. */
interface Bound {
  company: string | null;
  entries: KeptEntry[];
  head: number;
}

/**
 * What the database must do to hold what the log keeps (storage/persist.ts
 * writes it in the transaction of the write that made it): the new entries,
 * and per company whose oldest entries were dropped, the id of its oldest
 * entry still kept (every older one of that company goes).
 */
/** Entry ids reserved for a large write (HistoryLog.reserve). */
export interface Reserved {
  /** The settled change as the entry it will be. */
  entry(change: Recorded): KeptEntry;
}

export interface HistorySave {
  add: KeptEntry[];
  keepFrom: [company: string | null, id: number][];
}

export class HistoryLog {
  /** Per company (null: records of no company), its kept entries, oldest first. */
  private readonly bounds = new Map<string | null, Bound>();
  /** Per record (kind and uuid), its kept entries, oldest first. */
  private readonly byRecord = new Map<string, KeptEntry[]>();
  /** Entries ever recorded: the newest entry's id. */
  private last = 0;
  /** Entries appended since the database last took them (pendingSave). */
  private unsaved: KeptEntry[] = [];
  /** Companies whose oldest entries were dropped since the database last took them. */
  private readonly trimmed = new Set<string | null>();
  /** Told of each entry appended (the activity log makes it an event); not of entries a large write staged. */
  onEntry: (entry: KeptEntry) => void = () => {};

  constructor(
    private readonly views: HistoryViews,
    /** Entries kept per company, and for records of no company. */
    readonly limit: number,
    private readonly now: () => number,
    /** Days an entry is kept (HISTORY_RETENTION_DAYS). */
    readonly retentionDays = DEFAULT_HISTORY_RETENTION_DAYS,
  ) {
    if (!Number.isSafeInteger(limit) || limit < 1)
      throw new Error(`HISTORY_LIMIT must be a positive integer: ${limit}`);
    if (!(retentionDays > 0)) throw new Error(`HISTORY_RETENTION_DAYS must be a positive number: ${retentionDays}`);
  }

  /** Entries recorded before this instant (ISO text, as `at`) are past the retention. */
  cutoff(): string {
    return new Date(this.now() - this.retentionDays * DAY_MS).toISOString();
  }

  /** Takes a record's view before a write (undefined: the write creates it). */
  begin<K extends HistoryKind>(kind: K, record: RecordOf[K] | undefined): PendingChange<K> {
    return this.viewBefore(kind, record);
  }

  /**
   * begin and settle in one, for a large write that names its records to the
   * storage itself (Store.largeWrite): storage follows begin and settle to
   * learn what the other writes changed, and must not save these one by one.
   */
  change<K extends HistoryKind>(
    kind: K,
    before: RecordOf[K] | undefined,
    action: HistoryAction,
    after: RecordOf[K],
    source: ChangeSource,
  ): Recorded | null {
    return this.changeOf(this.viewBefore(kind, before), action, after, source);
  }

  private viewBefore<K extends HistoryKind>(kind: K, record: RecordOf[K] | undefined): PendingChange<K> {
    const view = record ? JSON.stringify(this.views[kind](record)) : null;
    const last = record ? this.byRecord.get(key(kind, record.uuid))?.at(-1)?.after : undefined;
    return {
      kind,
      uuid: record?.uuid ?? null,
      company: record ? companyOf(record) : null,
      // Unchanged since the record's last entry: the text that entry keeps, not a copy.
      view: last === view ? last : view,
      secrets: record ? SECRETS[kind].map((s) => s.read(record)) : [],
    };
  }

  /**
   * The change a write made, or null when it changed nothing the history shows
   * (the same view and no secret changed). `after` undefined: the record is gone.
   */
  settle<K extends HistoryKind>(
    pending: PendingChange<K>,
    action: HistoryAction,
    after: RecordOf[K] | undefined,
    source: ChangeSource,
  ): Recorded | null {
    return this.changeOf(pending, action, after, source);
  }

  private changeOf<K extends HistoryKind>(
    pending: PendingChange<K>,
    action: HistoryAction,
    after: RecordOf[K] | undefined,
    source: ChangeSource,
  ): Recorded | null {
    const view = after ? JSON.stringify(this.views[pending.kind](after)) : null;
    // A creation sets every secret it has; an update may change some; a deletion none.
    const secrets = after
      ? SECRETS[pending.kind]
          .filter((s, i) => (pending.view ? s.read(after) !== pending.secrets[i] : !!s.read(after)))
          .map((s) => s.field)
      : [];
    if (view && pending.view && secrets.length === 0 && view === pending.view) return null;
    const uuid = after?.uuid ?? pending.uuid;
    if (!uuid) return null;
    const company = after ? companyOf(after) : pending.company;
    return { kind: pending.kind, uuid, company, action, source, before: pending.view, after: view, secrets };
  }

  /** Records a settled change (none when it changed nothing); its company's oldest entry goes past the bound. */
  append(change: Recorded | null): void {
    if (!change) return;
    const entry: KeptEntry = { ...change, id: ++this.last, at: new Date(this.now()).toISOString() };
    this.unsaved.push(entry);
    this.keep(entry);
    this.onEntry(entry);
  }

  /**
   * Ids for `count` entries a large write will append at its end: the entries
   * are made (entry) and staged in the database while the write runs, so they
   * need their ids before. Ids a given-up write does not use stay unused.
   */
  reserve(count: number): Reserved {
    const first = this.last + 1;
    this.last += count;
    const at = new Date(this.now()).toISOString();
    let next = first;
    return {
      entry: (change) => {
        if (next >= first + count) throw new Error('More history entries than reserved');
        return { ...change, id: next++, at };
      },
    };
  }

  /** Records entries of reserve(); `saved`: they are in the database already (staged), not for takeSave. */
  appendReserved(entries: readonly KeptEntry[], saved: boolean): void {
    for (const entry of entries) {
      if (!saved) this.unsaved.push(entry);
      this.keep(entry);
      // Staged entries had their events staged with them (storage/persist.ts).
      if (!saved) this.onEntry(entry);
    }
  }

  /** Keeps an entry in its record's list and its company's bound, dropping the bound's oldest past the limit. */
  private keep(entry: KeptEntry): void {
    const k = key(entry.kind, entry.uuid);
    const mine = this.byRecord.get(k);
    if (mine) mine.push(entry);
    else this.byRecord.set(k, [entry]);
    let bound = this.bounds.get(entry.company);
    if (!bound) {
      bound = { company: entry.company, entries: [], head: 0 };
      this.bounds.set(entry.company, bound);
    }
    bound.entries.push(entry);
    if (bound.entries.length - bound.head > this.limit) this.drop(bound);
  }

  /** Fills a new log with stored entries, oldest first (at start; the database holds them already). */
  restore(entries: Iterable<KeptEntry>): void {
    for (const entry of entries) {
      this.keep(entry);
      if (entry.id > this.last) this.last = entry.id;
    }
  }

  /** Ids go on after this one (rows a large write staged and could not drop still hold theirs). */
  continueAfter(id: number): void {
    if (id > this.last) this.last = id;
  }

  /**
   * Drops the entries past the retention, then answers what the database
   * lacks of the log (the new entries, the dropped ones) and forgets it: the
   * caller writes it with the write that made it, or reloads the log.
   */
  takeSave(): HistorySave {
    const cutoff = this.cutoff();
    for (const bound of this.bounds.values())
      while (bound.head < bound.entries.length && (bound.entries[bound.head] as KeptEntry).at < cutoff)
        this.drop(bound);
    // An entry appended and already pushed out by later ones of its company is not written at all.
    const add = this.unsaved.filter((e) => this.isKept(e));
    const keepFrom = [...this.trimmed].map((company): [string | null, number] => {
      const bound = this.bounds.get(company) as Bound;
      return [company, (bound.entries[bound.head] as KeptEntry | undefined)?.id ?? this.last + 1];
    });
    this.unsaved = [];
    this.trimmed.clear();
    return { add, keepFrom };
  }

  private isKept(entry: KeptEntry): boolean {
    const bound = this.bounds.get(entry.company) as Bound;
    const oldest = bound.entries[bound.head] as KeptEntry | undefined;
    return oldest !== undefined && entry.id >= oldest.id;
  }

  private drop(bound: Bound): void {
    this.trimmed.add(bound.company);
    const oldest = bound.entries[bound.head++] as KeptEntry;
    // Compacted now and then rather than shifted per entry.
    if (bound.head >= this.limit) {
      bound.entries.splice(0, bound.head);
      bound.head = 0;
    }
    const k = key(oldest.kind, oldest.uuid);
    const mine = this.byRecord.get(k) as KeptEntry[];
    mine.splice(mine.indexOf(oldest), 1);
    if (mine.length === 0) this.byRecord.delete(k);
  }

  /** Settles and records a write. */
  commit<K extends HistoryKind>(
    pending: PendingChange<K>,
    action: HistoryAction,
    after: RecordOf[K] | undefined,
    source: ChangeSource,
  ): void {
    this.append(this.settle(pending, action, after, source));
  }

  /**
   * Of new entries of these companies appended in this order, which the bounds
   * keep: the last `limit` of each company (an import renders only those).
   */
  keeps(companies: readonly (string | null)[]): boolean[] {
    const counts = new Map<string | null, number>();
    const kept = new Array<boolean>(companies.length);
    for (let i = companies.length - 1; i >= 0; i--) {
      const company = companies[i] as string | null;
      const n = (counts.get(company) ?? 0) + 1;
      counts.set(company, n);
      kept[i] = n <= this.limit;
    }
    return kept;
  }

  /** A record's entries still kept, newest first, from `before` (an id) down. */
  *newestFirst(kind: HistoryKind, uuid: string, before = Number.POSITIVE_INFINITY): Generator<KeptEntry> {
    const mine = this.byRecord.get(key(kind, uuid)) ?? [];
    // Entries past the retention go at the next write; they are not read meanwhile.
    const cutoff = this.cutoff();
    for (let i = mine.length - 1; i >= 0; i--) {
      const e = mine[i] as KeptEntry;
      if (e.at < cutoff) return;
      if (e.id < before) yield e;
    }
  }

  /** An entry still kept, by its company and id (the activity log reads a change's diff from it). */
  entry(company: string | null, id: number): KeptEntry | undefined {
    const bound = this.bounds.get(company);
    if (!bound) return undefined;
    const entries = bound.entries;
    let lo = bound.head;
    let hi = entries.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const e = entries[mid] as KeptEntry;
      if (e.id === id) return e.at < this.cutoff() ? undefined : e;
      if (e.id < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  /** When the record last changed, if an entry of it is kept (Last-Modified, for the conflict dialog). */
  lastChangedAt(kind: HistoryKind, uuid: string): string | undefined {
    return this.byRecord.get(key(kind, uuid))?.at(-1)?.at;
  }

  /** The record's last recorded view (its state when deleted), if any entry of it is kept. */
  lastView(kind: HistoryKind, uuid: string): WireRecord | null | undefined {
    const e = this.byRecord.get(key(kind, uuid))?.at(-1);
    if (!e) return undefined;
    const text = e.after ?? e.before;
    return text === null ? null : (JSON.parse(text) as WireRecord);
  }
}
