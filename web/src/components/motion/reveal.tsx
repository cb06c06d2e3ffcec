import type { CSSProperties, ReactNode } from 'react';
import { usePrerendered } from '@/hooks/use-prerendered';
import { classNames } from '@/lib/class-names';
import { useInView } from './use-in-view';
import { useReducedMotion } from './use-reduced-motion';
import './reveal.css';

export interface RevealProps {
  children: ReactNode;
  className?: string;
  /** Extra delay before this element moves in, to stagger siblings. */
  delayMs?: number;
  variant?: 'fade-up' | 'fade' | 'slide-left' | 'slide-right';
}

/**
 * Scroll reveal (cosmetic only): the content fades or slides in the first time it comes
 * into view. With reduced motion it is simply there, and so it is on a prerendered page: static
 * HTML shows it (also without JavaScript) and hydration does not hide it again.
 */
export function Reveal({ children, className, delayMs = 0, variant = 'fade-up' }: RevealProps) {
  const reducedMotion = useReducedMotion();
  const [ref, inView] = useInView<HTMLDivElement>({ threshold: 0.15, rootMargin: '0px 0px -40px 0px', once: true });
  const prerendered = usePrerendered();
  const shown = reducedMotion || inView || prerendered;
  const style = delayMs ? ({ '--reveal-delay': `${delayMs}ms` } as CSSProperties) : undefined;
  return (
    <div
      ref={ref}
      className={classNames('reveal', `reveal--${variant}`, shown && 'reveal--visible', className)}
      style={style}
    >
      {children}
    </div>
  );
}
