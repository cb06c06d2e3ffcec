import { memo, useEffect, useRef } from 'react';
import { useReducedMotion } from '@/components/motion/use-reduced-motion';
import {
  createFrameLimiter,
  createParticles,
  drawParticles,
  PARTICLE_COUNT,
  stepParticles,
  type Particle,
} from '../lib/particles';

/**
 * The dashboard's animated particle background: 40 particles on a
 * canvas, at most 120 frames a second. It stands still under prefers-reduced-motion (drawn once),
 * and pauses while the tab is hidden. Purely decorative: hidden from assistive technology.
 *
 * It needs ResizeObserver to size the canvas; where that is missing (very old browsers, test
 * DOMs) the dashboard simply has no particles.
 */
export const ParticleBackground = memo(function ParticleBackground({ count = PARTICLE_COUNT }: { count?: number }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const reducedMotion = useReducedMotion();

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || typeof ResizeObserver === 'undefined') return;
    const context = canvas.getContext('2d');
    if (!context) return;

    let width = 0;
    let height = 0;
    let particles: Particle[] = [];
    const draw = () => drawParticles(context, particles, width, height);

    const resize = () => {
      const rect = canvas.getBoundingClientRect();
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      const nextWidth = Math.round(rect.width);
      const nextHeight = Math.round(rect.height);
      canvas.width = Math.round(nextWidth * ratio);
      canvas.height = Math.round(nextHeight * ratio);
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      if (particles.length === 0) particles = createParticles(count, nextWidth, nextHeight);
      else if (width > 0 && height > 0) {
        // Spread the same particles over the new size instead of starting again.
        for (const particle of particles) {
          particle.x = (particle.x / width) * nextWidth;
          particle.y = (particle.y / height) * nextHeight;
        }
      }
      width = nextWidth;
      height = nextHeight;
      draw();
    };
    const observer = new ResizeObserver(resize);
    observer.observe(canvas);
    resize();

    if (reducedMotion) return () => observer.disconnect();

    const limiter = createFrameLimiter();
    let frame = 0;
    const tick = (now: number) => {
      frame = requestAnimationFrame(tick);
      const elapsed = limiter.next(now);
      if (elapsed === null) return;
      stepParticles(particles, width, height, elapsed);
      draw();
    };
    const start = () => {
      if (frame !== 0 || document.hidden) return;
      limiter.reset();
      frame = requestAnimationFrame(tick);
    };
    const stop = () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      frame = 0;
    };
    const onVisibilityChange = () => (document.hidden ? stop() : start());

    document.addEventListener('visibilitychange', onVisibilityChange);
    start();
    return () => {
      stop();
      observer.disconnect();
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [count, reducedMotion]);

  return (
    <canvas ref={canvasRef} className="particle-background" aria-hidden="true" data-testid="particle-background" />
  );
});
