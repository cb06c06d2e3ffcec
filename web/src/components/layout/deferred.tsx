import { Suspense, type ReactNode } from 'react';
import { useInView } from '@/components/motion/use-in-view';
import { classNames } from '@/lib/class-names';

export interface DeferredProps {
  /** Usually lazy components: they are requested only once this block nears the viewport. */
  children: ReactNode;
  /** Space held while waiting, close to the final height so nothing jumps when it arrives. */
  minHeight: string;
  /** How far ahead of the viewport loading starts. */
  rootMargin?: string;
  className?: string;
}

/**
 * Renders its children only when the block comes within `rootMargin` of the viewport, and shows a
 * skeleton until then. Keeps below-the-fold code (charts, forms, validation) out of the landing
 * route's initial download.
 */
export function Deferred({ children, minHeight, rootMargin = '800px 0px', className }: DeferredProps) {
  const [ref, near] = useInView<HTMLDivElement>({ rootMargin, once: true });
  const placeholder = <div className="skeleton skeleton--block" style={{ minHeight }} aria-hidden="true" />;
  return (
    <div ref={ref} className={classNames('deferred', className)}>
      {near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}
