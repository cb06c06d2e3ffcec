import { useCallback, useRef, useState } from 'react';

/**
 * One request at a time, for a form's submit. `run(task)` marks the form running while `task`
 * runs (the button's spinner, `aria-busy`) and turns a second run away meanwhile. `isRunning()`
 * reads a flag set synchronously, so a second click before React re-renders is refused before the
 * form checks its fields again.
 */
export function useSingleFlight() {
  const inFlight = useRef(false);
  const [running, setRunning] = useState(false);
  const isRunning = useCallback(() => inFlight.current, []);
  const run = useCallback(async (task: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setRunning(true);
    try {
      await task();
    } finally {
      inFlight.current = false;
      setRunning(false);
    }
  }, []);
  return { running, isRunning, run };
}
