// The events of one query as the screen shows them: the newest page, older
// pages appended on Load older (keyset cursors, so an event recorded
// meanwhile neither repeats nor shifts a page), and in live mode the events
// recorded since, asked every second while the tab is visible and put on top.
// An answer that arrives after the query changed is dropped.
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ActivityEvent, fetchActivity } from './api.ts';

/** How often live mode asks for new events. */
export const LIVE_INTERVAL_MS = 1000;
/** Events a live poll takes at most; a fuller answer means some may have been skipped. */
export const LIVE_LIMIT = 200;
/** How long a new event stays marked. */
export const NEW_MARK_MS = 5000;

export interface ActivityLog {
  events: ActivityEvent[];
  /** The cursor of older events; null when none remain. */
  next: string | null;
  /** Where the last page stopped searching (older events not searched yet), or null. */
  searchedTo: string | null;
  /** The cursor of events recorded since. */
  live: string;
  /** Events live mode added, still marked new. */
  fresh: ReadonlySet<string>;
  /** Live mode got a full answer: events between may be missing until the list is loaded again. */
  gap: boolean;
}

export interface ActivityLogState {
  log: ActivityLog | null;
  error: unknown;
  retry: () => void;
  older: { loading: boolean; error: unknown };
  loadOlder: () => void;
  /** A live poll's failure (the list stays; polling goes on). */
  liveError: unknown;
}

/** `q` null: the query cannot be read, nothing is asked. */
export function useActivityLog(q: string | null, live: boolean): ActivityLogState {
  const [log, setLog] = useState<ActivityLog | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const [older, setOlder] = useState<{ loading: boolean; error: unknown }>({ loading: false, error: null });
  const [liveError, setLiveError] = useState<unknown>(null);
  // Each first-page load starts a generation; an answer of an earlier one is dropped.
  const generation = useRef(0);
  const current = useRef(log);
  current.current = log;

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads again for a new query or a Retry (attempt)
  useEffect(() => {
    const mine = ++generation.current;
    setLog(null);
    setError(null);
    setOlder({ loading: false, error: null });
    setLiveError(null);
    if (q === null) return;
    fetchActivity(q).then(
      (page) => {
        if (generation.current !== mine) return;
        setLog({
          events: page.events,
          next: page.next,
          searchedTo: page.searchedTo,
          live: page.live,
          fresh: new Set(),
          gap: false,
        });
      },
      (failure: unknown) => {
        if (generation.current === mine) setError(failure);
      },
    );
  }, [q, attempt]);

  const loadOlder = useCallback(() => {
    const at = current.current;
    if (q === null || !at?.next) return;
    const mine = generation.current;
    setOlder({ loading: true, error: null });
    fetchActivity(q, { before: at.next }).then(
      (page) => {
        if (generation.current !== mine) return;
        setLog((l) => {
          if (!l) return l;
          const seen = new Set(l.events.map((e) => e.id));
          return {
            ...l,
            events: [...l.events, ...page.events.filter((e) => !seen.has(e.id))],
            next: page.next,
            searchedTo: page.searchedTo,
          };
        });
        setOlder({ loading: false, error: null });
      },
      (failure: unknown) => {
        if (generation.current === mine) setOlder({ loading: false, error: failure });
      },
    );
  }, [q]);

  // Live mode: one poll at a time, none while the tab is hidden.
  const loaded = log !== null;
  useEffect(() => {
    if (!live || !loaded || q === null) return;
    const mine = generation.current;
    let busy = false;
    const poll = async () => {
      const at = current.current;
      if (busy || !at || document.visibilityState !== 'visible') return;
      busy = true;
      try {
        const page = await fetchActivity(q, { after: at.live }, LIVE_LIMIT);
        if (generation.current !== mine) return;
        setLiveError(null);
        setLog((l) => {
          if (!l) return l;
          const seen = new Set(l.events.map((e) => e.id));
          const added = page.events.filter((e) => !seen.has(e.id));
          if (added.length === 0 && page.live === l.live) return l;
          return {
            ...l,
            events: [...added, ...l.events],
            live: page.live,
            fresh: added.length > 0 ? new Set([...l.fresh, ...added.map((e) => e.id)]) : l.fresh,
            gap: l.gap || page.events.length >= LIVE_LIMIT,
          };
        });
      } catch (failure) {
        if (generation.current === mine) setLiveError(failure);
      } finally {
        busy = false;
      }
    };
    void poll();
    const timer = setInterval(() => void poll(), LIVE_INTERVAL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void poll();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [live, loaded, q]);

  // A new event's mark fades after a while.
  const freshCount = log?.fresh.size ?? 0;
  useEffect(() => {
    if (freshCount === 0) return;
    const timer = setTimeout(() => setLog((l) => (l ? { ...l, fresh: new Set() } : l)), NEW_MARK_MS);
    return () => clearTimeout(timer);
  }, [freshCount]);

  return {
    log,
    error,
    retry: () => setAttempt((n) => n + 1),
    older,
    loadOlder,
    liveError,
  };
}
