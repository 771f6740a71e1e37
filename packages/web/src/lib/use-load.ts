import { useEffect, useState } from 'react';

export interface Loaded<T> {
  data: T | null;
  error: unknown;
  /** Loads again (the Retry of a failure). */
  retry: () => void;
  /** Takes an answer that replaces the loaded one (an action's result). */
  replace: (data: T) => void;
}

/**
 * One load of a screen part: again whenever `key` changes (a new record
 * version after a save) or on retry; an answer that arrives after a newer
 * load began, or after the part is gone, is dropped. `load` null: nothing to
 * load yet.
 */
export function useLoad<T>(load: (() => Promise<T>) | null, key: unknown): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const active = load !== null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads again for a new key or a Retry (attempt), not for a new closure
  useEffect(() => {
    if (!load) return;
    let live = true;
    setError(null);
    load().then(
      (answer) => {
        if (live) setData(answer);
      },
      (failure: unknown) => {
        if (live) setError(failure);
      },
    );
    return () => {
      live = false;
    };
  }, [active, key, attempt]);

  return { data, error, retry: () => setAttempt((n) => n + 1), replace: setData };
}
