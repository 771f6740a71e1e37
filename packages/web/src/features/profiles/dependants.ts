// What depends on a profile, loaded on demand (the delete confirmation, the
// editor's list of its users): one load per open, its failure named with the
// area's spec §8 message (a toast, and the state the screen shows).
import { useCallback, useRef, useState } from 'react';
import { notify } from '../../lib/toaster.ts';

export interface Dependants<T> {
  data: T[] | null;
  loading: boolean;
  /** The spec §8 message when the load failed. */
  error: string | null;
  /** Loads (again); a load already running is shared. */
  load: () => void;
}

export function useDependants<T>(fetch: () => Promise<T[]>, failureMessage: string): Dependants<T> {
  const [data, setData] = useState<T[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const running = useRef(false);
  const latest = useRef(fetch);
  latest.current = fetch;

  const load = useCallback(() => {
    if (running.current) return;
    running.current = true;
    setLoading(true);
    setError(null);
    latest.current().then(
      (rows) => {
        setData(rows);
        setLoading(false);
        running.current = false;
      },
      () => {
        setData(null);
        setError(failureMessage);
        setLoading(false);
        running.current = false;
        notify.error(failureMessage);
      },
    );
  }, [failureMessage]);

  return { data, loading, error, load };
}
