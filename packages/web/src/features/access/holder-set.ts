// Every holder of one row, held in the browser: Who Has
// It's filter then follows each keystroke as the users list's does, instead
// of a server question per keystroke (3.3 s and 1.3 s for 85,136 holders).
// The set is read once through the paged call (pages of the call's largest
// size, a few at a time), after the screen's first page is on screen; until it is
// complete the screen asks the server as before. The filter is the server's
// rule (listAccessHolders): the text in the username, first or last name, or
// in the path's business or application profile name; counts per state.
import { useEffect, useState } from 'react';
import type { HeldRowRef } from '../../lib/paths.ts';
import { type AccessHolder, type AccessHolders, fetchHolders } from './api.ts';

/** The call's largest page (openapi/userprofile.yaml: size 1 to 500). */
const SET_PAGE = 500;
/** Pages asked at once. */
const AT_ONCE = 3;

export interface HolderSet {
  /** The answer's frame: application, row, and the unfiltered counts (withheld among them). */
  frame: AccessHolders;
  holders: readonly AccessHolder[];
  /** What the filter matches, per holder, in lower case: the user's names and the path's names apart. */
  userText: readonly string[];
  pathText: readonly string[];
}

export interface HolderMatch {
  /** Those matching the text and the status, in username order. */
  holders: AccessHolder[];
  /** Those matching the text, per state. */
  active: number;
  inactive: number;
}

/** The holders matching `q` (trimmed, any case) and the status. */
export function matchHolders(set: HolderSet, q: string, status: 'all' | 'active' | 'inactive'): HolderMatch {
  const needle = q.trim().toLowerCase();
  const result: HolderMatch = { holders: [], active: 0, inactive: 0 };
  const { holders, userText, pathText } = set;
  for (let i = 0; i < holders.length; i++) {
    if (needle !== '' && !(userText[i] as string).includes(needle) && !(pathText[i] as string).includes(needle))
      continue;
    const holder = holders[i] as AccessHolder;
    if (holder.user.active) result.active++;
    else result.inactive++;
    if (status === 'all' || holder.user.active === (status === 'active')) result.holders.push(holder);
  }
  return result;
}

export function toHolderSet(frame: AccessHolders, holders: readonly AccessHolder[]): HolderSet {
  // '\n' between the names: a filter text (one line) cannot match across two of them.
  return {
    frame,
    holders,
    userText: holders.map(({ user }) => `${user.username}\n${user.firstName}\n${user.lastName}`.toLowerCase()),
    pathText: holders.map(({ path }) => `${path.businessProfile.name}\n${path.appProfile.name}`.toLowerCase()),
  };
}

async function loadHolderSet(application: string, row: HeldRowRef, live: () => boolean): Promise<HolderSet | null> {
  const first = await fetchHolders(application, row, { page: 1 }, SET_PAGE);
  const pages = Math.ceil(first.total / SET_PAGE);
  const rest: AccessHolder[][] = [];
  for (let start = 2; start <= pages && live(); start += AT_ONCE) {
    const batch = [];
    for (let page = start; page < start + AT_ONCE && page <= pages; page++)
      batch.push(fetchHolders(application, row, { page }, SET_PAGE).then((a) => a.holders));
    rest.push(...(await Promise.all(batch)));
  }
  if (!live()) return null;
  const holders = [first.holders, ...rest].flat();
  // A write between the pages may have moved holders across them: the set is only as good as it is whole.
  if (holders.length !== first.total) return null;
  return toHolderSet(first, holders);
}

/**
 * The row's whole holder set once it is in (null until then, or when it could
 * not be read whole). It is read once `start` holds (the screen's own first
 * answer is on screen), so the first page is asked once and any failure of it
 * is the screen's to name, not swallowed here.
 */
export function useHolderSet(application: string, row: HeldRowRef | null, start: boolean): HolderSet | null {
  const [set, setSet] = useState<{ key: string; set: HolderSet } | null>(null);
  const key = row ? `${application}|${row.role ?? ''}|${row.element ?? ''}` : '';
  // Once started for a row it goes on, whatever the screen asks meanwhile.
  const [startedFor, setStartedFor] = useState('');
  useEffect(() => {
    if (start && key !== '' && startedFor !== key) setStartedFor(key);
  }, [start, key, startedFor]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per row (its key), not per render's new row object
  useEffect(() => {
    if (!row || startedFor !== key) return;
    let alive = true;
    loadHolderSet(application, row, () => alive).then(
      (loaded) => {
        if (alive && loaded) setSet({ key, set: loaded });
      },
      // The screen's own question names any failure; without the set it asks the server as before.
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [key, startedFor]);
  return set && set.key === key ? set.set : null;
}
