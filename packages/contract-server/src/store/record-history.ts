// Reading a record's history: the rule of the record's GET decides who may
// read it, and the reader (history-reading.ts) what each entry may name.
import { type Caller, canSee, requireArea } from './access.ts';
import { notFound } from './errors.ts';
import { type HistoryKind, recordedScope } from './history.ts';
import { type HistoryPage, type Reader as HistoryReader, type Referenced, readHistory } from './history-reading.ts';
import type { StoreState } from './store-state.ts';
import type { AppRow, Scoped } from './types.ts';
import { getUser } from './users.ts';

/** The scope of a record that exists (null: a kind not scoped by company and role); undefined: none. */
function scopeOf(state: StoreState, kind: HistoryKind, uuid: string): Scoped | null | undefined {
  switch (kind) {
    case 'user':
      return state.users.get(uuid);
    case 'appProfile':
      return state.appProfiles.get(uuid);
    case 'businessProfile':
      return state.businessProfiles.get(uuid);
    case 'visibilityProfile':
      return state.visibilityProfiles.get(uuid);
    case 'application':
      return state.applications.get(uuid) && null;
    case 'authClient':
      return state.clients.get(uuid) && null;
  }
}

/**
 * One page of a record's history, newest first (history-reading.ts). The rule of the
 * record's GET: 403 for a role that may not read the kind; 404 unless the
 * caller can see the record as it is, or as last recorded once deleted (the
 * same answer for a record that never existed).
 */
export function historyOf(
  state: StoreState,
  caller: Caller,
  kind: HistoryKind,
  uuid: string,
  page: { limit: number; before?: number },
): HistoryPage {
  requireArea(caller, kind === 'authClient' ? 'clients' : 'users');
  const scope = scopeOrLastOf(state, kind, uuid);
  if (scope === undefined || (scope !== null && !canSee(caller, scope))) throw notFound('Record', uuid);
  return readHistory(
    kind,
    state.history.newestFirst(kind, uuid, page.before),
    historyReader(state, caller),
    page.limit,
  );
}

/** A record's scope as it is, or as last recorded once deleted (undefined: never known). */
function scopeOrLastOf(state: StoreState, kind: HistoryKind, uuid: string): Scoped | null | undefined {
  const scope = scopeOf(state, kind, uuid);
  if (scope !== undefined) return scope;
  const last = state.history.lastView(kind, uuid);
  return last ? recordedScope(last) : undefined;
}

/**
 * The reader of a record's history: an actor is named only to a reader whose
 * GET of that user answers; a record an entry names, only to a reader whose
 * GET of it (or of its history, once deleted) would answer; an application
 * row, only while its application has it and the reader sees it.
 */
export function historyReader(state: StoreState, caller: Caller): HistoryReader {
  let rows: Map<string, AppRow> | undefined;
  const rowOf = (uuid: string) => {
    rows ??= new Map(
      [...state.applications.values()].flatMap((a) => [...a.roles, ...a.elements].map((r) => [r.uuid, r])),
    );
    return rows.get(uuid);
  };
  const sees = (kind: Referenced, uuid: string) => {
    const scope = kind === 'row' ? rowOf(uuid) : scopeOrLastOf(state, kind, uuid);
    return scope !== undefined && scope !== null && canSee(caller, scope);
  };
  const canOpenUser = (uuid: string) => {
    try {
      getUser(state, caller, uuid);
      return true;
    } catch {
      return false;
    }
  };
  return { caller, canOpenUser, sees };
}
