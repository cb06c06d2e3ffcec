import { useCallback, useRef, useState } from 'react';

/**
 * One request at a time, for a form's submit. `run(task)` marks the form running while `task`
 * runs (the button's spinner, `aria-busy`) and turns a second run away meanwhile. `isRunning()`
 * reads a flag set synchronously, so a second click before React re-renders is refused before the
 * form checks its fields again. A form with several buttons names the one that started the run
 * (`run(task, 'resend')`), for `runningKind` to show its spinner only.
 */
export function useSingleFlight<Kind extends string = never>() {
  const inFlight = useRef(false);
  const [current, setCurrent] = useState<{ kind: Kind | null } | null>(null);
  const isRunning = useCallback(() => inFlight.current, []);
  const run = useCallback(async (task: () => Promise<void>, kind: Kind | null = null) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setCurrent({ kind });
    try {
      await task();
    } finally {
      inFlight.current = false;
      setCurrent(null);
    }
  }, []);
  return { running: current !== null, runningKind: current?.kind ?? null, isRunning, run };
}

/**
 * The same guard around one function (a save, a test mail): `run(...args)` calls `task`, or answers
 * null while a call is already on its way, so a double click sends one request. `task` is a module
 * function (stable across renders).
 */
export function useSingleFlightCall<A extends unknown[], R>(task: (...args: A) => Promise<R>) {
  const { running, run: runOnce } = useSingleFlight();
  const run = useCallback(
    async (...args: A): Promise<R | null> => {
      const answers: R[] = [];
      await runOnce(async () => {
        answers.push(await task(...args));
      });
      return answers.length > 0 ? (answers[0] as R) : null;
    },
    [runOnce, task],
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
