import { useCallback, useRef, useState } from 'react';

/**
 * Runs `task` one call at a time: a second call while one is on its way is ignored (null), so a
 * double click sends one request. `running` says one is on its way. `task` is a module function
 * (stable across renders).
 */
export function useSingleFlight<A extends unknown[], R>(task: (...args: A) => Promise<R>) {
  // State updates land a render later; the ref stops a second call in the same tick.
  const inFlight = useRef(false);
  const [running, setRunning] = useState(false);
  const run = useCallback(
    async (...args: A): Promise<R | null> => {
      if (inFlight.current) return null;
      inFlight.current = true;
      setRunning(true);
      try {
        return await task(...args);
      } finally {
        inFlight.current = false;
        setRunning(false);
      }
    },
    [task],
  );
  return { run, running };
}

/**
 * Runs `task` one call per key at a time (a package, a mail): a second call for a key whose call is
 * on its way is ignored (null); other keys run alongside. `running` holds the keys on their way.
 */
export function useSingleFlightPerKey<K, A extends unknown[], R>(task: (key: K, ...args: A) => Promise<R>) {
  const inFlight = useRef(new Set<K>());
  const [running, setRunning] = useState<ReadonlySet<K>>(new Set());
  const run = useCallback(
    async (key: K, ...args: A): Promise<R | null> => {
      if (inFlight.current.has(key)) return null;
      inFlight.current.add(key);
      setRunning(new Set(inFlight.current));
      try {
        return await task(key, ...args);
      } finally {
        inFlight.current.delete(key);
        setRunning(new Set(inFlight.current));
      }
    },
    [task],
  );
  return { run, running };
}
