// Record history (designed, issue 16): every change of a user, an application,
// an application / business / visibility profile and an OAuth2 client, kept
// in a bounded ring (oldest dropped first). The store records at its write
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
// The field-by-field diff is made when an entry is read, from the two views
// as the reader may see them (rows above the reader's role, settings only
// ERRIGAL_ADMIN reads, fields of a layout the reader lacks are left out
// first), so nobody learns from a diff what the record's GET would not show.
import { categoryToTabLabel } from '@userprofile/shared/list';
import { type Caller, canSee, hasLayout } from './access.ts';
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

/** Entries kept in all when HISTORY_LIMIT does not say. */
export const DEFAULT_HISTORY_LIMIT = 10_000;

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
}

/** A view as the log keeps it: its JSON text. */
type ViewText = string;

/** One recorded change as the log keeps it: the diff is made when it is read. */
interface Recorded {
  kind: HistoryKind;
  uuid: string;
  action: HistoryAction;
  source: ChangeSource;
  before: ViewText | null;
  after: ViewText | null;
  /** Fields whose secret changed (never their values). */
  secrets: string[];
}

interface Stored extends Recorded {
  id: number;
  at: string;
}

/** An entry as a reader gets it. */
export interface HistoryEntry {
  id: number;
  at: string;
  actor: Actor | null;
  action: HistoryAction;
  call: string;
  changes: Change[];
  before: WireRecord | null;
  after: WireRecord | null;
}

export interface HistoryPage {
  entries: HistoryEntry[];
  more: boolean;
}

/** A write under way: the record's view before it. */
export interface PendingChange<K extends HistoryKind> {
  kind: K;
  uuid: string | null;
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
  | { field: string; label: string; value: (w: WireRecord) => Scalar }
  | { field: string; label: string; items: (w: WireRecord) => Item[] }
  | { field: string; values: (w: WireRecord) => [label: string, value: Scalar][] }
  | { field: string; label: string; secret: true };

interface Item {
  uuid: string;
  name: string;
  group?: string;
  summary?: string;
}

type Wire = Record<string, unknown>;
const listOf = (w: WireRecord, field: string) => (w[field] ?? []) as Wire[];
const nameIn = (ref: unknown) => ((ref as { name?: string } | null | undefined)?.name ?? null) as Scalar;

/** A field shown as it is. */
const text = (field: string, label: string): Field => ({ field, label, value: (w) => (w[field] ?? null) as Scalar });
/** A reference to another record, shown by its name. */
const ref = (field: string, label: string): Field => ({ field, label, value: (w) => nameIn(w[field]) });
/** A list of references, shown by the names added and removed. */
const names = (field: string, label: string): Field => ({
  field,
  label,
  items: (w) => listOf(w, field).map((r) => ({ uuid: r.uuid as string, name: r.name as string })),
});
const secret = (field: string, label: string): Field => ({ field, label, secret: true });
const visibleTo = [ref('minimumRole', 'Visible To'), ref('errigalCustomerCompany', 'Company')];

/** An application's or application profile's roles (one tab) or elements (a tab per category). */
const rows = (field: 'roles' | 'elements', label: string, summarise: boolean): Field => ({
  field,
  label,
  items: (w) =>
    listOf(w, field).map((r) => ({
      uuid: r.uuid as string,
      name: r.name as string,
      group: field === 'roles' ? label : categoryToTabLabel(r.category as string),
      // An application row's Visible To and external flag: a changed one is a change of its own.
      ...(summarise
        ? {
            summary: [nameIn(r.minimumRole), nameIn(r.errigalCustomerCompany), r.externalRole ? 'External Role' : null]
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
  user: [{ field: 'password', read: (u) => u.passwordHash }],
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
function diff(kind: HistoryKind, before: WireRecord | null, after: WireRecord | null, secrets: string[]) {
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
      if (from !== to && !(blank(from) && blank(to))) changes.push({ field: f.field, label: f.label, from, to });
    } else if ('values' in f) {
      const old = new Map(f.values(a));
      const now = new Map(f.values(b));
      for (const label of new Set([...old.keys(), ...now.keys()])) {
        const from = old.get(label) ?? null;
        const to = now.get(label) ?? null;
        if (from !== to) changes.push({ field: f.field, label, from, to });
      }
    } else {
      changes.push(...listChanges(f.field, f.label, f.items(a), f.items(b)));
    }
  }
  return changes;
}

function listChanges(field: string, label: string, before: Item[], after: Item[]): Change[] {
  const old = new Map(before.map((i) => [i.uuid, i]));
  const now = new Map(after.map((i) => [i.uuid, i]));
  const groups = new Map<string, { added: string[]; removed: string[] }>();
  const group = (i: Item) => {
    const key = i.group ?? label;
    let g = groups.get(key);
    if (!g) {
      g = { added: [], removed: [] };
      groups.set(key, g);
    }
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

// ------------------------------------------------------------- reading rules

/** The scope of a record as its GET shape carries it (null: a kind every reader of the kind sees). */
export function recordedScope(w: WireRecord): Scoped | null {
  const role = (w.minimumRole as { name?: ConsoleRole } | undefined)?.name;
  if (!role) return null;
  const companyRef = w.errigalCustomerCompany as { uuid?: string } | null | undefined;
  return { minimumRole: role, companyUuid: companyRef?.uuid ?? null };
}

/** The application fields only ERRIGAL_ADMIN reads (routes/applications.ts), passwords included. */
const APPLICATION_SETTINGS = [
  'dataUrl',
  'dataDriverName',
  'dataUsername',
  'dataPassword',
  'apiHost',
  'apiAuthType',
  'apiUsername',
  'apiPassword',
];

/**
 * A view as the reader's GET of the record would show it, and the secret
 * fields the reader may know changed: an application's rows the reader may
 * not see and its settings (for all but ERRIGAL_ADMIN) are left out; a
 * visibility profile's NE attributes and venues are empty without the layout
 * code. Other kinds are shown whole to whoever may see the record.
 */
function asSeenBy(kind: HistoryKind, caller: Caller) {
  if (kind === 'application' && caller.role !== 'ERRIGAL_ADMIN') {
    const rows = (w: WireRecord, field: string) =>
      listOf(w, field).filter((r) => canSee(caller, recordedScope(r) as Scoped));
    return {
      view: (w: WireRecord | null) =>
        w && {
          ...Object.fromEntries(Object.entries(w).filter(([k]) => !APPLICATION_SETTINGS.includes(k))),
          roles: rows(w, 'roles'),
          elements: rows(w, 'elements'),
        },
      secrets: (fields: string[]) => fields.filter((f) => !APPLICATION_SETTINGS.includes(f)),
    };
  }
  if (kind === 'visibilityProfile') {
    const hidden = [
      ...(hasLayout(caller, 'NEA') ? [] : ['neAttributes']),
      ...(hasLayout(caller, 'VEN') ? [] : ['venues']),
    ];
    return {
      view: (w: WireRecord | null) => w && { ...w, ...Object.fromEntries(hidden.map((f) => [f, []])) },
      secrets: (fields: string[]) => fields,
    };
  }
  return { view: (w: WireRecord | null) => w, secrets: (fields: string[]) => fields };
}

// ----------------------------------------------------------------- the log

const key = (kind: HistoryKind, uuid: string) => `${kind}:${uuid}`;
const parse = (text: ViewText | null): WireRecord | null => (text === null ? null : (JSON.parse(text) as WireRecord));

export class HistoryLog {
  /** Ring of the last `limit` entries: entry `id` sits at (id - 1) % limit. */
  private readonly ring: Stored[] = [];
  /** Entries ever recorded: the newest entry's id. */
  private last = 0;
  /** Per record (kind and uuid), its newest kept entry and the view after it: the text a next entry's view before shares. */
  private readonly latest = new Map<string, { id: number; view: ViewText }>();

  constructor(
    private readonly views: HistoryViews,
    readonly limit: number,
    private readonly now: () => number,
  ) {
    if (!Number.isSafeInteger(limit) || limit < 1)
      throw new Error(`HISTORY_LIMIT must be a positive integer: ${limit}`);
  }

  /** Takes a record's view before a write (undefined: the write creates it). */
  begin<K extends HistoryKind>(kind: K, record: RecordOf[K] | undefined): PendingChange<K> {
    const view = record ? JSON.stringify(this.views[kind](record)) : null;
    const last = record ? this.latest.get(key(kind, record.uuid))?.view : undefined;
    return {
      kind,
      uuid: record?.uuid ?? null,
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
    return { kind: pending.kind, uuid, action, source, before: pending.view, after: view, secrets };
  }

  /** Records a settled change (none when it changed nothing). */
  append(change: Recorded | null): void {
    if (!change) return;
    const id = ++this.last;
    const slot = (id - 1) % this.limit;
    const dropped = this.ring[slot];
    // The oldest entry goes; if it was its record's newest kept one, nothing of that record is kept any more.
    if (dropped && this.latest.get(key(dropped.kind, dropped.uuid))?.id === dropped.id)
      this.latest.delete(key(dropped.kind, dropped.uuid));
    this.ring[slot] = { ...change, id, at: new Date(this.now()).toISOString() };
    if (change.after === null) this.latest.delete(key(change.kind, change.uuid));
    else this.latest.set(key(change.kind, change.uuid), { id, view: change.after });
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

  /** Entries still kept, newest first, from `before` (an id) down. */
  private *newestFirst(kind: HistoryKind, uuid: string, before = Number.POSITIVE_INFINITY): Generator<Stored> {
    const oldest = Math.max(1, this.last - this.limit + 1);
    for (let id = Math.min(this.last, before - 1); id >= oldest; id--) {
      const e = this.ring[(id - 1) % this.limit] as Stored;
      if (e.kind === kind && e.uuid === uuid) yield e;
    }
  }

  /** The record's last recorded view (its state when deleted), if any entry of it is kept. */
  lastView(kind: HistoryKind, uuid: string): WireRecord | null | undefined {
    for (const e of this.newestFirst(kind, uuid)) return parse(e.after ?? e.before);
    return undefined;
  }

  /**
   * One page of a record's history as the caller may see it, newest first.
   * The caller's right to see the record is checked by the store first. An
   * entry with nothing left to show the caller is left out.
   */
  page(caller: Caller, kind: HistoryKind, uuid: string, limit: number, before?: number): HistoryPage {
    const seen = asSeenBy(kind, caller);
    const entries: HistoryEntry[] = [];
    for (const e of this.newestFirst(kind, uuid, before)) {
      const b = seen.view(parse(e.before));
      const a = seen.view(parse(e.after));
      const changes = diff(kind, b, a, seen.secrets(e.secrets));
      if (changes.length === 0 && b && a) continue;
      if (entries.length === limit) return { entries, more: true };
      entries.push({
        id: e.id,
        at: e.at,
        actor: e.source.actor,
        action: e.action,
        call: e.source.call,
        changes,
        before: b,
        after: a,
      });
    }
    return { entries, more: false };
  }
}
