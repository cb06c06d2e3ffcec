import { useCallback, useSyncExternalStore } from 'react';

function subscribeToScroll(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/** True once the page is scrolled more than `offsetPx`; re-renders only when that flips. */
export function useScrolledPast(offsetPx: number): boolean {
  const getSnapshot = useCallback(() => window.scrollY > offsetPx, [offsetPx]);
  return useSyncExternalStore(subscribeToScroll, getSnapshot, () => false);
}
