import { memo, useEffect, useRef } from 'react';
import { useReducedMotion } from '@/components/motion/use-reduced-motion';
import {
  createParticleAnimator,
  PARTICLE_COUNT,
  type ParticleAnimator,
  type ParticleWorkerMessage,
} from '../lib/particles';

interface Animation extends ParticleAnimator {
  dispose(): void;
}

/**
 * The animation on `canvas`: in a worker where the browser can hand a canvas to one (the page's
 * main thread then does no drawing at all, however long the animation runs), on the page's own
 * frames otherwise. A worker that cannot load (a policy refusing workers) leaves the background
 * empty: it is decoration.
 */
function startAnimation(canvas: HTMLCanvasElement, count: number, still: boolean): Animation | null {
  // A still picture (reduced motion) is drawn once: no frames to move off the main thread, so no worker.
  if (!still && typeof Worker === 'function' && typeof canvas.transferControlToOffscreen === 'function') {
    const worker = new Worker(new URL('../lib/particle-worker.ts', import.meta.url), { type: 'module' });
    try {
      const offscreen = canvas.transferControlToOffscreen();
      const post = (message: ParticleWorkerMessage, transfer: Transferable[] = []) =>
        worker.postMessage(message, transfer);
      post({ type: 'start', canvas: offscreen, count }, [offscreen]);
      return {
        resize: (width, height, pixelRatio) => post({ type: 'resize', width, height, pixelRatio }),
        play: () => post({ type: 'play' }),
        pause: () => post({ type: 'pause' }),
        dispose: () => worker.terminate(),
      };
    } catch {
      worker.terminate();
    }
  }
  const animator = createParticleAnimator(canvas, count, {
    request: (callback) => requestAnimationFrame(callback),
    cancel: (handle) => cancelAnimationFrame(handle),
  });
  return animator && { ...animator, dispose: () => {} };
}

/**
 * The dashboard's animated particle background: 40 particles on a
 * canvas, at most 120 frames a second, drawn off the main thread where the browser allows. It
 * stands still under prefers-reduced-motion (drawn once), and pauses while the tab is hidden.
 * Purely decorative: hidden from assistive technology.
 *
 * It needs ResizeObserver to size the canvas; where that is missing (very old browsers, test
 * DOMs) the dashboard simply has no particles.
 */
export const ParticleBackground = memo(function ParticleBackground({ count = PARTICLE_COUNT }: { count?: number }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const reducedMotion = useReducedMotion();

  useEffect(() => {
    const host = hostRef.current;
    if (!host || typeof ResizeObserver === 'undefined') return;
    // A new canvas each time: one handed to a worker can never be drawn on from here again.
    const canvas = document.createElement('canvas');
    canvas.className = 'particle-background__canvas';
    host.append(canvas);
    const animation = startAnimation(canvas, count, reducedMotion);
    if (!animation) {
      canvas.remove();
      return;
    }

    const resize = () => {
      const rect = canvas.getBoundingClientRect();
      animation.resize(Math.round(rect.width), Math.round(rect.height), Math.min(window.devicePixelRatio || 1, 2));
    };
    const observer = new ResizeObserver(resize);
    observer.observe(canvas);
    resize();
    const onVisibilityChange = () => (document.hidden ? animation.pause() : animation.play());
    if (!reducedMotion) {
      document.addEventListener('visibilitychange', onVisibilityChange);
      onVisibilityChange();
    }
    return () => {
      animation.pause();
      animation.dispose();
      observer.disconnect();
      document.removeEventListener('visibilitychange', onVisibilityChange);
      canvas.remove();
    };
  }, [count, reducedMotion]);

  return <div ref={hostRef} className="particle-background" aria-hidden="true" data-testid="particle-background" />;
});
