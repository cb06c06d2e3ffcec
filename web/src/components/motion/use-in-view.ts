import { useEffect, useRef, useState, type RefObject } from 'react';

export interface InViewOptions {
  /** Share of the element that must be visible (0-1); 0 means any pixel. */
  threshold?: number;
  /** Grows (or shrinks) the viewport for the test, CSS-margin syntax: '400px 0px'. */
  rootMargin?: string;
  /** Stop watching after the first time the element is seen. */
  once?: boolean;
  /** Counts as in view until the first observation (it always does without an observer). */
  initiallyInView?: boolean;
}

const canObserve = () => typeof IntersectionObserver === 'function';

/**
 * Whether the element is (or, with `once`, has been) in view. Without IntersectionObserver
 * (old browsers, jsdom) everything counts as visible, so nothing stays hidden. In the build's
 * prerender nothing is in view: deferred sections stay placeholders in static HTML, as the
 * browser's first render (the hydration) has them too.
 */
export function useInView<T extends Element>({
  threshold = 0,
  rootMargin = '0px',
  once = false,
  initiallyInView,
}: InViewOptions = {}): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [inView, setInView] = useState(
    () => initiallyInView === true || (typeof window !== 'undefined' && !canObserve()),
  );

  useEffect(() => {
    const node = ref.current;
    if (!node || !canObserve()) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.at(-1);
        if (!entry) return;
        // isIntersecting stays true below the threshold on the way out; the ratio decides.
        const visible = entry.isIntersecting && entry.intersectionRatio >= threshold;
        if (visible) {
          setInView(true);
          if (once) observer.disconnect();
        } else if (!once) {
          setInView(false);
        }
      },
      { threshold, rootMargin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [threshold, rootMargin, once]);

  return [ref, inView];
}
