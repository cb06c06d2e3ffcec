import { useEffect } from 'react';

/** Nested modals share one lock; the page scrolls again when the last one closes. */
let lockCount = 0;
let saved: { overflow: string; paddingRight: string } | null = null;

function lock(): void {
  lockCount += 1;
  if (lockCount > 1) return;
  const root = document.documentElement;
  const { body } = document;
  saved = { overflow: root.style.overflow, paddingRight: body.style.paddingRight };
  // Keeps the page from jumping sideways when the scrollbar disappears.
  const scrollbarWidth = window.innerWidth - root.clientWidth;
  root.style.overflow = 'hidden';
  if (scrollbarWidth > 0) body.style.paddingRight = `${scrollbarWidth}px`;
  root.dataset.scrollLocked = 'true';
}

function unlock(): void {
  lockCount = Math.max(0, lockCount - 1);
  if (lockCount > 0 || !saved) return;
  const root = document.documentElement;
  root.style.overflow = saved.overflow;
  document.body.style.paddingRight = saved.paddingRight;
  delete root.dataset.scrollLocked;
  saved = null;
}

/** Stops the page behind a modal from scrolling while `active`. */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    lock();
    return unlock;
  }, [active]);
}
