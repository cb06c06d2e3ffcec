import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `delayMs`; `flush` takes the current one at once. */
export function useDebouncedValue<T>(value: T, delayMs: number): [T, (now: T) => void] {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return [debounced, setDebounced];
}
