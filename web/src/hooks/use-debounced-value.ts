import { useEffect, useState } from 'react';

/**
 * `value` once it has stopped changing for `delayMs` (a search box, the referral code, an e-mail
 * preview), and `flush`, which takes a value at once without waiting (a cleared search).
 */
export function useDebouncedValue<T>(value: T, delayMs: number): [T, (now: T) => void] {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return [debounced, setDebounced];
}
