import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { useNavigate, type NavigateOptions } from 'react-router-dom';

interface PendingNavigation {
  to: string;
  options?: NavigateOptions;
  delayMs: number;
}

/**
 * Navigates after a delay (the spec's "redirect after 1.5 s / 2 s"), cancelled if the page goes
 * away first. Returns the function that plans it.
 */
export function useDelayedNavigate(): (to: string, delayMs: number, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const [pending, setPending] = useState<PendingNavigation | null>(null);
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => navigate(pending.to, pending.options), pending.delayMs);
    return () => clearTimeout(timer);
  }, [pending, navigate]);
  return (to, delayMs, options) => setPending(options ? { to, delayMs, options } : { to, delayMs });
}

/**
 * Seconds left of a cool-down; `start(seconds)` restarts it. Counted from an end time, so a
 * throttled background tab still shows the right figure when it wakes up.
 */
export function useCountdown(initialSeconds: number): [number, (seconds: number) => void] {
  const [until, setUntil] = useState(() => Date.now() + initialSeconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [until]);
  const start = (seconds: number) => {
    const current = Date.now();
    setNow(current);
    setUntil(current + Math.max(0, seconds) * 1000);
  };
  return [Math.max(0, Math.ceil((until - now) / 1000)), start];
}

/**
 * A value that clears itself `ms` after each change (the registration popup: 5 s; a copy
 * indicator: 2 s). Its setter takes an updater too, like `useState`'s.
 */
export function useAutoClear<T>(ms: number, initial: T | null = null): [T | null, Dispatch<SetStateAction<T | null>>] {
  const [value, setValue] = useState<T | null>(initial);
  useEffect(() => {
    if (value === null) return;
    const timer = setTimeout(() => setValue(null), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return [value, setValue];
}
