import { UI } from '@goldbot/shared';

/** The dashboard's particle background: 40 particles, at most 120 frames a second. */
export const PARTICLE_COUNT = UI.dashboardParticles;
export const FRAME_INTERVAL_MS = 1000 / UI.dashboardParticleFpsCap;
/** Frames arrive with a little jitter; one this close to the interval still counts as on time. */
const FRAME_TOLERANCE_MS = 1;
/** Particles closer than this are joined by a faint line. */
const LINK_DISTANCE_PX = 120;

export interface Particle {
  x: number;
  y: number;
  /** Pixels per second. */
  vx: number;
  vy: number;
  radius: number;
  alpha: number;
}

export function createParticles(count: number, width: number, height: number, random = Math.random): Particle[] {
  return Array.from({ length: count }, () => {
    const angle = random() * Math.PI * 2;
    const speed = 8 + random() * 22;
    return {
      x: random() * width,
      y: random() * height,
      vx: Math.cos(angle) * speed,
      vy: Math.sin(angle) * speed,
      radius: 1 + random() * 2,
      alpha: 0.25 + random() * 0.45,
    };
  });
}

const wrap = (value: number, size: number) => (size <= 0 ? 0 : ((value % size) + size) % size);

/** Moves every particle by `elapsedMs`, wrapping around the edges. */
export function stepParticles(particles: Particle[], width: number, height: number, elapsedMs: number): void {
  const seconds = elapsedMs / 1000;
  for (const particle of particles) {
    particle.x = wrap(particle.x + particle.vx * seconds, width);
    particle.y = wrap(particle.y + particle.vy * seconds, height);
  }
}

/** The drawing calls used, so tests can hand in a recording stand-in for a 2D context. */
export type ParticleContext = Pick<
  CanvasRenderingContext2D,
  | 'clearRect'
  | 'beginPath'
  | 'arc'
  | 'fill'
  | 'moveTo'
  | 'lineTo'
  | 'stroke'
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
>;

export function drawParticles(context: ParticleContext, particles: readonly Particle[], width: number, height: number) {
  context.clearRect(0, 0, width, height);
  context.lineWidth = 1;
  for (let i = 0; i < particles.length; i += 1) {
    const a = particles[i];
    if (!a) continue;
    for (let j = i + 1; j < particles.length; j += 1) {
      const b = particles[j];
      if (!b) continue;
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      if (distance >= LINK_DISTANCE_PX) continue;
      context.strokeStyle = `rgba(212, 175, 55, ${((1 - distance / LINK_DISTANCE_PX) * 0.15).toFixed(3)})`;
      context.beginPath();
      context.moveTo(a.x, a.y);
      context.lineTo(b.x, b.y);
      context.stroke();
    }
  }
  for (const particle of particles) {
    context.fillStyle = `rgba(233, 201, 106, ${particle.alpha.toFixed(3)})`;
    context.beginPath();
    context.arc(particle.x, particle.y, particle.radius, 0, Math.PI * 2);
    context.fill();
  }
}

/**
 * Decides which animation frames are drawn so that at most 120 a second are, whatever the
 * display's refresh rate. Returns the milliseconds to advance by, or null to skip the frame.
 */
export function createFrameLimiter(intervalMs: number = FRAME_INTERVAL_MS) {
  let last: number | null = null;
  return {
    next(now: number): number | null {
      if (last === null) {
        last = now;
        return intervalMs;
      }
      const elapsed = now - last;
      if (elapsed < intervalMs - FRAME_TOLERANCE_MS) return null;
      // Keep the remainder, so a 144 Hz display still averages close to the cap.
      last = elapsed > intervalMs ? now - (elapsed % intervalMs) : now;
      // A long gap (a stalled tab) does not make the particles jump.
      return Math.min(elapsed, 100);
    },
    reset() {
      last = null;
    },
  };
}

/** The canvases the animation draws on: the page's own, or one handed to a worker. */
export type ParticleCanvas = Pick<HTMLCanvasElement | OffscreenCanvas, 'width' | 'height' | 'getContext'>;

/** Animation frames: the window's, or a worker's (which may only have timers). */
export interface FrameScheduler {
  request(callback: (now: number) => void): number;
  cancel(handle: number): void;
}

/** The particle animation on one canvas, driven by whoever owns it (the page or a worker). */
export interface ParticleAnimator {
  /** Fits the canvas to a new CSS size and draws the particles there at once. */
  resize(width: number, height: number, pixelRatio: number): void;
  play(): void;
  pause(): void;
}

export function createParticleAnimator(
  canvas: ParticleCanvas,
  count: number,
  frames: FrameScheduler,
): ParticleAnimator | null {
  const context = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!context) return null;
  let width = 0;
  let height = 0;
  let particles: Particle[] = [];
  let frame = 0;
  const limiter = createFrameLimiter();
  const draw = () => drawParticles(context, particles, width, height);
  const tick = (now: number) => {
    frame = frames.request(tick);
    const elapsed = limiter.next(now);
    if (elapsed === null) return;
    stepParticles(particles, width, height, elapsed);
    draw();
  };
  return {
    resize(nextWidth, nextHeight, pixelRatio) {
      canvas.width = Math.round(nextWidth * pixelRatio);
      canvas.height = Math.round(nextHeight * pixelRatio);
      context.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
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
    },
    play() {
      if (frame !== 0) return;
      limiter.reset();
      frame = frames.request(tick);
    },
    pause() {
      if (frame !== 0) frames.cancel(frame);
      frame = 0;
    },
  };
}

/** What the page tells the particle worker (particle-worker.ts). */
export type ParticleWorkerMessage =
  | { type: 'start'; canvas: OffscreenCanvas; count: number }
  | { type: 'resize'; width: number; height: number; pixelRatio: number }
  | { type: 'play' }
  | { type: 'pause' };

/**
 * The worker's side: starts an animator on the canvas it is handed and passes the page's requests
 * on. A worker without animation frames (some browsers give workers timers only) steps at the cap.
 */
export function createParticleWorkerHandler(scope: {
  requestAnimationFrame?: (callback: (now: number) => void) => number;
  cancelAnimationFrame?: (handle: number) => void;
}) {
  const frames: FrameScheduler =
    typeof scope.requestAnimationFrame === 'function' && typeof scope.cancelAnimationFrame === 'function'
      ? { request: scope.requestAnimationFrame.bind(scope), cancel: scope.cancelAnimationFrame.bind(scope) }
      : {
          request: (callback) => Number(setTimeout(() => callback(performance.now()), FRAME_INTERVAL_MS)),
          cancel: (handle) => clearTimeout(handle),
        };
  let animator: ParticleAnimator | null = null;
  return (message: ParticleWorkerMessage) => {
    if (message.type === 'start') animator = createParticleAnimator(message.canvas, message.count, frames);
    else if (message.type === 'resize') animator?.resize(message.width, message.height, message.pixelRatio);
    else if (message.type === 'play') animator?.play();
    else animator?.pause();
  };
}
