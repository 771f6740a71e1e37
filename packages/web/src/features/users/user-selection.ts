// The users chosen for a bulk action: a set of uuids of the list
// shown (Active or Inactive), kept while the admin filters, sorts and pages,
// so "select all N matching" and a page's boxes add up. Another list, a
// reload of the list, or sign-out starts an empty selection.
import { create } from 'zustand';
import { registerCache } from '../../lib/caches.ts';

interface Selection {
  uuids: ReadonlySet<string>;
}

const EMPTY: ReadonlySet<string> = new Set();

export const useSelection = create<Selection>(() => ({ uuids: EMPTY }));

registerCache(() => clearSelection());

export function clearSelection(): void {
  if (useSelection.getState().uuids.size > 0) useSelection.setState({ uuids: EMPTY });
}

export function setSelection(uuids: Iterable<string>): void {
  useSelection.setState({ uuids: new Set(uuids) });
}

/** Adds (or removes) users: a row's box, a page's box. */
export function selectUsers(uuids: readonly string[], selected: boolean): void {
  const next = new Set(useSelection.getState().uuids);
  for (const uuid of uuids) {
    if (selected) next.add(uuid);
    else next.delete(uuid);
  }
  useSelection.setState({ uuids: next });
}
