import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ParticleWorkerMessage } from '../lib/particles';
import { ParticleBackground } from './particle-background';

/** A stand-in 2D context that counts the particles drawn. */
function fakeContext() {
  const counts = { arc: 0, clearRect: 0 };
  const context = {
    setTransform: vi.fn(),
    clearRect: () => (counts.clearRect += 1),
    arc: () => (counts.arc += 1),
    beginPath: () => {},
    fill: () => {},
    moveTo: () => {},
    lineTo: () => {},
    stroke: () => {},
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
  };
  return { context, counts };
}

let frames: Map<number, FrameRequestCallback>;
let nextFrame: number;
let hidden: boolean;

/** Runs the pending animation frame at `time`. */
function runFrame(time: number) {
  const pending = [...frames.entries()];
  frames.clear();
  for (const [, callback] of pending) callback(time);
}

function reducedMotion(matches: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches, addEventListener: () => {}, removeEventListener: () => {} })),
  );
}

beforeEach(() => {
  frames = new Map();
  nextFrame = 1;
  hidden = false;
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    const id = nextFrame++;
    frames.set(id, callback);
    return id;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 800, 600));
  reducedMotion(false);
});

afterEach(() => {
  Reflect.deleteProperty(document, 'hidden');
});

function renderBackground() {
  const { context, counts } = fakeContext();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as RenderingContext);
  const view = render(<ParticleBackground />);
  return { ...view, counts };
}

describe('ParticleBackground', () => {
  it('is a decorative canvas, hidden from assistive technology', () => {
    renderBackground();
    const background = screen.getByTestId('particle-background');
    expect(background).toHaveAttribute('aria-hidden', 'true');
    expect(background.querySelectorAll('canvas')).toHaveLength(1);
  });

  it('animates 40 particles, at most 120 frames a second', () => {
    const { counts } = renderBackground();
    // The first picture is drawn at once.
    expect(counts.arc).toBe(40);
    runFrame(0);
    expect(counts.arc).toBe(80);
    runFrame(4); // too soon after the last frame: skipped
    expect(counts.arc).toBe(80);
    runFrame(8.4);
    expect(counts.arc).toBe(120);
    expect(frames.size).toBe(1);
  });

  it('stands still under prefers-reduced-motion: drawn once, no animation frames', () => {
    reducedMotion(true);
    const { counts } = renderBackground();
    expect(counts.arc).toBe(40);
    expect(frames.size).toBe(0);
  });

  it('pauses while the tab is hidden and resumes when it is shown', () => {
    const { counts } = renderBackground();
    runFrame(0);
    act(() => {
      hidden = true;
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(frames.size).toBe(0);
    const drawn = counts.arc;
    act(() => {
      hidden = false;
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(frames.size).toBe(1);
    runFrame(1000);
    expect(counts.arc).toBe(drawn + 40);
  });

  it('stops on unmount and takes its canvas away', () => {
    const { unmount, container } = renderBackground();
    expect(frames.size).toBe(1);
    unmount();
    expect(frames.size).toBe(0);
    expect(container.querySelector('canvas')).toBeNull();
  });

  it('draws nothing where there is no ResizeObserver', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext');
    render(<ParticleBackground />);
    expect(getContext).not.toHaveBeenCalled();
    expect(frames.size).toBe(0);
  });

  describe('where a canvas can be handed to a worker', () => {
    interface FakeWorker {
      url: string;
      messages: Array<{ message: ParticleWorkerMessage; transfer: unknown[] }>;
      terminated: boolean;
    }
    let workers: FakeWorker[];
    const offscreen = { offscreen: true };

    beforeEach(() => {
      workers = [];
      vi.stubGlobal(
        'Worker',
        class {
          record: FakeWorker;
          constructor(url: URL) {
            this.record = { url: String(url), messages: [], terminated: false };
            workers.push(this.record);
          }
          postMessage(message: ParticleWorkerMessage, transfer: unknown[] = []) {
            this.record.messages.push({ message, transfer });
          }
          terminate() {
            this.record.terminated = true;
          }
        },
      );
      Object.defineProperty(HTMLCanvasElement.prototype, 'transferControlToOffscreen', {
        configurable: true,
        value: () => offscreen,
      });
    });

    afterEach(() => {
      Reflect.deleteProperty(HTMLCanvasElement.prototype, 'transferControlToOffscreen');
    });

    const sent = (worker: FakeWorker | undefined) => worker?.messages.map(({ message }) => message.type);

    it('draws in the worker: the page requests no animation frame of its own', () => {
      const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext');
      render(<ParticleBackground />);
      const [worker] = workers;
      expect(worker?.url).toContain('particle-worker');
      expect(worker?.messages[0]).toEqual({
        message: { type: 'start', canvas: offscreen, count: 40 },
        transfer: [offscreen],
      });
      expect(worker?.messages[1]?.message).toEqual({ type: 'resize', width: 800, height: 600, pixelRatio: 1 });
      expect(sent(worker)).toEqual(['start', 'resize', 'play']);
      expect(getContext).not.toHaveBeenCalled();
      expect(frames.size).toBe(0);
    });

    it('pauses the worker while the tab is hidden, and stops it on unmount', () => {
      const { unmount } = render(<ParticleBackground />);
      act(() => {
        hidden = true;
        document.dispatchEvent(new Event('visibilitychange'));
      });
      act(() => {
        hidden = false;
        document.dispatchEvent(new Event('visibilitychange'));
      });
      unmount();
      const [worker] = workers;
      expect(sent(worker)).toEqual(['start', 'resize', 'play', 'pause', 'play', 'pause']);
      expect(worker?.terminated).toBe(true);
    });

    it('under prefers-reduced-motion starts no worker: the still picture is drawn once on the page', () => {
      reducedMotion(true);
      const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
      render(<ParticleBackground />);
      expect(workers).toHaveLength(0);
      expect(getContext).toHaveBeenCalled();
      expect(frames.size).toBe(0);
    });
  });
});
