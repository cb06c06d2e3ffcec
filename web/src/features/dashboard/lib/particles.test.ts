import { afterEach, describe, expect, it, vi } from 'vitest';
import { UI } from '@goldbot/shared';
import {
  createFrameLimiter,
  createParticles,
  createParticleWorkerHandler,
  drawParticles,
  FRAME_INTERVAL_MS,
  PARTICLE_COUNT,
  stepParticles,
  type ParticleCanvas,
  type ParticleContext,
} from './particles';

function recordingContext() {
  const calls: string[] = [];
  const context = {
    clearRect: () => calls.push('clearRect'),
    beginPath: () => calls.push('beginPath'),
    arc: () => calls.push('arc'),
    fill: () => calls.push('fill'),
    moveTo: () => calls.push('moveTo'),
    lineTo: () => calls.push('lineTo'),
    stroke: () => calls.push('stroke'),
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
  } as unknown as ParticleContext;
  return { context, calls, count: (name: string) => calls.filter((call) => call === name).length };
}

describe('dashboard particles', () => {
  it('has 40 particles and a 120 fps cap', () => {
    expect(PARTICLE_COUNT).toBe(40);
    expect(UI.dashboardParticleFpsCap).toBe(120);
    expect(FRAME_INTERVAL_MS).toBeCloseTo(1000 / 120);
    const particles = createParticles(PARTICLE_COUNT, 800, 600);
    expect(particles).toHaveLength(40);
    for (const particle of particles) {
      expect(particle.x).toBeGreaterThanOrEqual(0);
      expect(particle.x).toBeLessThanOrEqual(800);
      expect(particle.y).toBeGreaterThanOrEqual(0);
      expect(particle.y).toBeLessThanOrEqual(600);
    }
  });

  it('moves by the elapsed time and wraps around the edges', () => {
    const [particle] = createParticles(1, 100, 100, () => 0.5);
    if (!particle) throw new Error('no particle');
    Object.assign(particle, { x: 95, y: 5, vx: 10, vy: -10 });
    stepParticles([particle], 100, 100, 1000);
    expect(particle.x).toBeCloseTo(5);
    expect(particle.y).toBeCloseTo(95);
  });

  it('draws every particle once per frame', () => {
    const { context, count } = recordingContext();
    drawParticles(context, createParticles(40, 800, 600), 800, 600);
    expect(count('clearRect')).toBe(1);
    expect(count('arc')).toBe(40);
    expect(count('fill')).toBe(40);
  });

  it('draws at most 120 frames a second, whatever the display rate', () => {
    const limiter = createFrameLimiter();
    // A 240 Hz display: a frame every ~4.17 ms.
    const drawn = Array.from({ length: 240 }, (_, index) => limiter.next(index * (1000 / 240))).filter(
      (elapsed) => elapsed !== null,
    );
    expect(drawn.length).toBeLessThanOrEqual(121);
    expect(drawn.length).toBeGreaterThanOrEqual(110);
  });

  it('draws every frame of a 60 Hz or 120 Hz display, jitter included', () => {
    for (const hz of [60, 120]) {
      const limiter = createFrameLimiter();
      const times = Array.from({ length: hz }, (_, index) => index * (1000 / hz) + (index % 2 ? -0.3 : 0.3));
      expect(times.map((time) => limiter.next(time)).filter((elapsed) => elapsed === null)).toHaveLength(0);
    }
  });

  it('does not jump after a long pause', () => {
    const limiter = createFrameLimiter();
    limiter.next(0);
    expect(limiter.next(5000)).toBe(100);
    limiter.reset();
    expect(limiter.next(9000)).toBeCloseTo(FRAME_INTERVAL_MS);
  });
});

describe('the particle worker', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A canvas handed over by the page, drawing into a recording context. */
  function offscreenCanvas() {
    const recording = recordingContext();
    const setTransform = vi.fn();
    const canvas = {
      width: 300,
      height: 150,
      getContext: () => Object.assign(recording.context, { setTransform }),
    } as unknown as ParticleCanvas;
    return { canvas: canvas as unknown as OffscreenCanvas, setTransform, ...recording };
  }

  it('draws the particles on the canvas it is handed, at the size and pixel ratio the page asks', () => {
    const handle = createParticleWorkerHandler({ requestAnimationFrame: () => 1, cancelAnimationFrame: () => {} });
    const { canvas, setTransform, count } = offscreenCanvas();
    handle({ type: 'start', canvas, count: 40 });
    handle({ type: 'resize', width: 400, height: 300, pixelRatio: 2 });
    expect([canvas.width, canvas.height]).toEqual([800, 600]);
    expect(setTransform).toHaveBeenCalledWith(2, 0, 0, 2, 0, 0);
    expect(count('arc')).toBe(40);
  });

  it("animates on the worker's animation frames while playing, and stops when paused", () => {
    const pending = new Map<number, (now: number) => void>();
    let next = 1;
    const handle = createParticleWorkerHandler({
      requestAnimationFrame: (callback) => {
        pending.set(next, callback);
        return next++;
      },
      cancelAnimationFrame: (id) => pending.delete(id),
    });
    const { canvas, count } = offscreenCanvas();
    handle({ type: 'start', canvas, count: 40 });
    handle({ type: 'resize', width: 400, height: 300, pixelRatio: 1 });
    handle({ type: 'play' });
    const runFrame = (now: number) => {
      const callbacks = [...pending.values()];
      pending.clear();
      for (const callback of callbacks) callback(now);
    };
    runFrame(0);
    runFrame(20);
    expect(count('arc')).toBe(120);
    handle({ type: 'pause' });
    expect(pending.size).toBe(0);
  });

  it('steps on timers at the frame cap where a worker has no animation frames', () => {
    vi.useFakeTimers();
    const handle = createParticleWorkerHandler({});
    const { canvas, count } = offscreenCanvas();
    handle({ type: 'start', canvas, count: 40 });
    handle({ type: 'resize', width: 400, height: 300, pixelRatio: 1 });
    handle({ type: 'play' });
    vi.advanceTimersByTime(Math.ceil(FRAME_INTERVAL_MS) * 3);
    expect(count('arc')).toBe(40 * 4);
    handle({ type: 'pause' });
    vi.advanceTimersByTime(1000);
    expect(count('arc')).toBe(40 * 4);
  });
});
