// The cached active and inactive user lists (spec §4 "Lists are cached in
// memory"): loaded once, then kept up to date by status changes and saves,
// which move a user into the list matching its active flag (username order).
// Sign-out clears them (lib/caches.ts).
import { compareValues } from '@userprofile/shared/list';
import { create } from 'zustand';
import { registerCache } from '../../lib/caches.ts';
import { fetchUserList } from './api.ts';
import { type ListStatus, type User, withoutUser, withUser } from './list-view.ts';

export interface UserListsState {
  active: User[] | null;
  inactive: User[] | null;
  /** The first users of a list still arriving: its first page can show before the rest is in. */
  first: Record<ListStatus, User[] | null>;
  /** The failure of each list's last load (the screen names it and offers Retry). */
  errors: Record<ListStatus, unknown>;
}

const empty = (): UserListsState => ({
  active: null,
  inactive: null,
  first: { active: null, inactive: null },
  errors: { active: null, inactive: null },
});

function setFirst(status: ListStatus, rows: User[] | null): void {
  const { first } = useUserLists.getState();
  if (first[status] !== rows) useUserLists.setState({ first: { ...first, [status]: rows } });
}

export const useUserLists = create<UserListsState>(empty);

registerCache(() => useUserLists.setState(empty(), true));

const loads = new Map<ListStatus, Promise<User[]>>();

function setError(status: ListStatus, error: unknown): void {
  const { errors } = useUserLists.getState();
  if (errors[status] !== error) useUserLists.setState({ errors: { ...errors, [status]: error } });
}

/** The list, from the cache or the server (`reload` asks the server again). */
export function loadUserList(status: ListStatus, reload = false): Promise<User[]> {
  const cached = useUserLists.getState()[status];
  if (cached && !reload) return Promise.resolve(cached);
  let load = loads.get(status);
  if (!load || reload) {
    setError(status, null);
    // A reload keeps the rows shown until the new list is in; a first load shows its first rows early.
    const early = (rows: User[]) => {
      if (!useUserLists.getState()[status]) setFirst(status, rows);
    };
    load = fetchUserList(status, early).then(
      (rows) => {
        loads.delete(status);
        useUserLists.setState({ [status]: rows });
        setFirst(status, null);
        return rows;
      },
      (error: unknown) => {
        loads.delete(status);
        setFirst(status, null);
        setError(status, error);
        throw error;
      },
    );
    loads.set(status, load);
  }
  return load;
}

/** After a save: the user sits in the list matching its active flag, and not in the other. */
export function placeUser(user: User): void {
  const { active, inactive } = useUserLists.getState();
  const into: ListStatus = user.active ? 'active' : 'inactive';
  const from: ListStatus = user.active ? 'inactive' : 'active';
  const target = into === 'active' ? active : inactive;
  const source = from === 'active' ? active : inactive;
  useUserLists.setState({
    // A list never loaded stays unloaded: its first load brings the user.
    [into]: target ? withUser(target, user) : null,
    [from]: source ? withoutUser(source, user.uuid) : null,
  });
}

/** After an activate/inactivate call: the server's list for the new status, and the user out of the other. */
export function applyStatusChange(user: User, nowActive: boolean, newList: User[]): void {
  const from: ListStatus = nowActive ? 'inactive' : 'active';
  const source = useUserLists.getState()[from];
  useUserLists.setState({
    [nowActive ? 'active' : 'inactive']: newList,
    [from]: source ? withoutUser(source, user.uuid) : null,
  });
}

/** After an import: both lists are stale; the next visit loads them again. */
export function invalidateUserLists(): void {
  useUserLists.setState(empty(), true);
}

/** Merges two lists in username order (both already in it). */
function mergeByUsername(a: readonly User[], b: readonly User[]): User[] {
  const out: User[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (compareValues((a[i] as User).username, (b[j] as User).username) <= 0) out.push(a[i++] as User);
    else out.push(b[j++] as User);
  }
  while (i < a.length) out.push(a[i++] as User);
  while (j < b.length) out.push(b[j++] as User);
  return out;
}

/**
 * After a bulk action: the users it changed, changed in the cached
 * lists as the server did (activated users move to the active list and so on),
 * without loading 100000 users again.
 */
export function applyBulkChange(
  changed: ReadonlySet<string>,
  change:
    | { action: 'activate' | 'deactivate' }
    | { action: 'assignBusinessProfile' | 'assignVisibilityProfile'; profile: { uuid: string; name: string } },
): void {
  if (changed.size === 0) return;
  const { active, inactive } = useUserLists.getState();
  if (change.action === 'activate' || change.action === 'deactivate') {
    const nowActive = change.action === 'activate';
    const from = nowActive ? inactive : active;
    const to = nowActive ? active : inactive;
    const moved = (from ?? []).filter((u) => changed.has(u.uuid)).map((u) => ({ ...u, active: nowActive }));
    const rest = from ? from.filter((u) => !changed.has(u.uuid)) : null;
    // A list never loaded stays unloaded: its first load brings the users. A user moved from a list
    // not loaded is not known here: a loaded target list is asked again, its rows shown (and the
    // screen with them, the bulk result and its Undo) until the server's list is in.
    if (to && !from) {
      useUserLists.setState(nowActive ? { inactive: rest } : { active: rest });
      void loadUserList(nowActive ? 'active' : 'inactive', true).catch(() => undefined);
      return;
    }
    const target = to && from ? mergeByUsername(to, moved) : null;
    useUserLists.setState(nowActive ? { inactive: rest, active: target } : { active: rest, inactive: target });
    return;
  }
  if (!('profile' in change)) return;
  const field = change.action === 'assignBusinessProfile' ? 'businessProfile' : 'visibilityProfile';
  const profile = { uuid: change.profile.uuid, name: change.profile.name };
  const update = (list: User[] | null) =>
    list ? list.map((u) => (changed.has(u.uuid) ? { ...u, [field]: profile } : u)) : null;
  useUserLists.setState({ active: update(active), inactive: update(inactive) });
}
