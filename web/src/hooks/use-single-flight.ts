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
