// The cached active and inactive user lists (spec §4 "Lists are cached in
// memory"): loaded once, then kept up to date by status changes and saves,
// which move a user into the list matching its active flag (username order).
// Sign-out clears them (lib/caches.ts).
import { create } from 'zustand';
import { registerCache } from '../../lib/caches.ts';
import { fetchUserList } from './api.ts';
import { type ListStatus, type User, withoutUser, withUser } from './list-view.ts';

export interface UserListsState {
  active: User[] | null;
  inactive: User[] | null;
  /** The failure of each list's last load (the screen names it and offers Retry). */
  errors: Record<ListStatus, unknown>;
}

const empty = (): UserListsState => ({ active: null, inactive: null, errors: { active: null, inactive: null } });

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
    load = fetchUserList(status).then(
      (rows) => {
        loads.delete(status);
        useUserLists.setState({ [status]: rows });
        return rows;
      },
      (error: unknown) => {
        loads.delete(status);
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
