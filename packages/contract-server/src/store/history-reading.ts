// Who may read which entry of a record's history, and what of it (no more
// than the record's GET shows), whatever keeps the entries (history.ts's log): a page is made from
// the record's entries newest first.
//
// - An entry is shown only if the reader could see the record as it was at
//   that entry: its state after the change (before it, for a deletion), with
//   the company and minimum role it had then, by the scoping rule of
//   access.ts. The others are withheld, and the page says how many.
// - An entry shown whose record the reader could not see before the change
//   (it moved into the reader's company, or its minimum role came down to the
//   reader's) is the record as it arrived: no view before, and its changes are
//   the fields it arrived with, with no earlier values (`beforeWithheld`).
// - Within an entry, what the reader's GET of the record would not show is
//   left out before the diff is made (an application's rows above the
//   reader's role or of another company, its settings for all but
//   ERRIGAL_ADMIN, a visibility profile's NE attributes and venues without the
//   layout code); an entry with nothing left to show is left out, and is not
//   counted as withheld (it changed nothing the reader reads).
// - Who made a change is named only to a reader who can open that user now:
//   anyone else reads "another administrator".
// - A record the entry names (a user's business and visibility profile, its
//   application profiles and element rows; a business profile's application
//   profiles and their elements; an application profile's role and element
//   rows) is named only to a reader whose own GET of it answers now (or,
//   once deleted, whose GET of its history would): otherwise before/after
//   withhold it as the user's GET does (a profile as null, an application
//   profile or element left out), and a change shows it as "not shown" with
//   `withheld: true`. A change between two withheld records is still shown
//   ("not shown" → "not shown"): the reader learns that something it cannot
//   see changed, never what.
import { historyTexts } from '@userprofile/shared/messages';
import { type Caller, canSee, hasLayout } from './access.ts';
import {
  type Actor,
  type Change,
  diff,
  type HistoryAction,
  type HistoryKind,
  type KeptEntry,
  recordedScope,
  type WireRecord,
} from './history.ts';
import type { Scoped } from './types.ts';

/** An actor the reader may not know: no uuid, no username. */
export interface WithheldActor {
  withheld: true;
  name: typeof historyTexts.otherAdministrator;
}

/** An entry as a reader gets it. */
export interface HistoryEntry {
  id: number;
  at: string;
  actor: Actor | WithheldActor | null;
  action: HistoryAction;
  call: string;
  changes: Change[];
  before: WireRecord | null;
  after: WireRecord | null;
  /** The reader could not see the record before this change: `before` is null, `changes` carry no earlier values. */
  beforeWithheld?: true;
}

export interface HistoryPage {
  entries: HistoryEntry[];
  more: boolean;
  /** Entries withheld from this reader between the page's start and its last entry (to the oldest kept when `more` is false). */
  withheld: number;
}

/** A record an entry may name. */
export type Referenced = 'appProfile' | 'businessProfile' | 'visibilityProfile' | 'row';

export interface Reader {
  caller: Caller;
  /** Whether the reader's GET of this user would answer it. */
  canOpenUser: (userUuid: string) => boolean;
  /** Whether the reader's GET of this record (an application row: of its application) would show it. */
  sees: (kind: Referenced, uuid: string) => boolean;
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

const listOf = (w: WireRecord, field: string) => (w[field] ?? []) as WireRecord[];

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

const parse = (text: string | null): WireRecord | null => (text === null ? null : (JSON.parse(text) as WireRecord));

type Wire = Record<string, unknown>;
const NOT_SHOWN = historyTexts.profileNotShown;

/**
 * The references of a view the reader may not see: `served` withholds them
 * as the record's GET would; `compared` (what the diff reads) keeps each as
 * a record named "not shown", marked withheld, with its uuid so that two
 * differ. null: the kind names nothing scoped, or the reader sees all.
 */
function withholding(kind: HistoryKind, reader: Reader) {
  if (reader.caller.role === 'ERRIGAL_ADMIN' || !['user', 'businessProfile', 'appProfile'].includes(kind)) return null;
  const known = new Map<string, boolean>();
  const sees = (of: Referenced, r: unknown) => {
    const uuid = (r as Wire).uuid as string;
    const key = `${of}:${uuid}`;
    let seen = known.get(key);
    if (seen === undefined) {
      seen = reader.sees(of, uuid);
      known.set(key, seen);
    }
    return seen;
  };
  const hidden = (r: unknown) => ({ ...(r as Wire), name: NOT_SHOWN, withheld: true });
  const list = (w: WireRecord, field: string, of: Referenced, keep: boolean, mark = hidden) =>
    keep ? listOf(w, field).map((r) => (sees(of, r) ? r : mark(r))) : listOf(w, field).filter((r) => sees(of, r));
  const one = (w: WireRecord, field: string, of: Referenced, keep: boolean) => {
    const r = w[field] as Wire | null | undefined;
    if (!r || sees(of, r)) return r ?? null;
    return keep ? { uuid: r.uuid, name: NOT_SHOWN, withheld: true } : null;
  };
  // The application profiles of a business profile, each with only the elements the reader sees.
  const appProfiles = (w: WireRecord, keep: boolean) =>
    list(w, 'appProfiles', 'appProfile', keep).map((ap) =>
      ap.withheld ? ap : { ...ap, elements: list(ap, 'elements', 'row', false) },
    );
  const view = (keep: boolean) => (w: WireRecord | null) => {
    if (!w) return w;
    if (kind === 'appProfile')
      return { ...w, roles: list(w, 'roles', 'row', keep), elements: list(w, 'elements', 'row', keep) };
    if (kind === 'businessProfile') return { ...w, appProfiles: appProfiles(w, keep) };
    const bp = one(w, 'businessProfile', 'businessProfile', keep) as Wire | null;
    return {
      ...w,
      businessProfile: bp && !bp.withheld ? { ...bp, appProfiles: appProfiles(bp, false) } : bp,
      visibilityProfile: one(w, 'visibilityProfile', 'visibilityProfile', keep),
      elements: list(w, 'elements', 'row', keep, (e) => ({ ...hidden(e), actualValue: NOT_SHOWN })),
    };
  };
  return { served: view(false), compared: view(true) };
}

/** A change as it arrived: its value now, no earlier one. */
const asArrived = ({ from: _earlier, ...change }: Change): Change => change;

/**
 * One page of a record's history as the reader may read it, from `kept` (the
 * record's entries, newest first, from where the page starts). The reader's
 * right to read the record at all (its GET) is checked before.
 */
export function readHistory(kind: HistoryKind, kept: Iterable<KeptEntry>, reader: Reader, limit: number): HistoryPage {
  const { caller } = reader;
  const seen = asSeenBy(kind, caller);
  const refs = withholding(kind, reader);
  // A kind without companies and roles (applications, OAuth2 clients) is seen whole by whoever may open it.
  const visible = (w: WireRecord) => {
    const scope = recordedScope(w);
    return scope === null || canSee(caller, scope);
  };
  const reach = new Map<string, boolean>();
  const actorOf = (actor: Actor | null): HistoryEntry['actor'] => {
    if (!actor) return null;
    let known = reach.get(actor.uuid);
    if (known === undefined) {
      known = reader.canOpenUser(actor.uuid);
      reach.set(actor.uuid, known);
    }
    return known ? actor : { withheld: true, name: historyTexts.otherAdministrator };
  };

  const entries: HistoryEntry[] = [];
  let withheld = 0;
  // Withheld past a full page: the next page's to count, unless no entry follows.
  let beyond = 0;
  for (const e of kept) {
    const before = parse(e.before);
    const after = parse(e.after);
    if (!visible((after ?? before) as WireRecord)) {
      if (entries.length < limit) withheld++;
      else beyond++;
      continue;
    }
    const arrived = before !== null && !visible(before);
    const b = arrived ? null : seen.view(before);
    const a = seen.view(after);
    const changes = refs
      ? diff(kind, refs.compared(b), refs.compared(a), seen.secrets(e.secrets))
      : diff(kind, b, a, seen.secrets(e.secrets));
    if (changes.length === 0 && b && a) continue;
    if (entries.length === limit) return { entries, more: true, withheld };
    entries.push({
      id: e.id,
      at: e.at,
      actor: actorOf(e.source.actor),
      action: e.action,
      call: e.source.call,
      changes: arrived ? changes.map(asArrived) : changes,
      before: refs ? refs.served(b) : b,
      after: refs ? refs.served(a) : a,
      ...(arrived ? { beforeWithheld: true as const } : {}),
    });
  }
  return { entries, more: false, withheld: withheld + beyond };
}
