import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './after-first-paint';

type PaintCallback = (list: { getEntriesByName(name: string): unknown[] }) => void;

/** A PerformanceObserver that reports the paints the test hands it. */
function stubPaintObserver(supportedEntryTypes: string[]) {
  const observers: Array<{ callback: PaintCallback; disconnected: boolean; options?: unknown }> = [];
  class FakeObserver {
    static supportedEntryTypes = supportedEntryTypes;
    private readonly record: (typeof observers)[number];
    constructor(callback: PaintCallback) {
      this.record = { callback, disconnected: false };
      observers.push(this.record);
    }
    observe(options: unknown) {
      this.record.options = options;
    }
    disconnect() {
      this.record.disconnected = true;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  const paint = (...names: string[]) => {
    for (const observer of observers) {
      observer.callback({ getEntriesByName: (name) => names.filter((entry) => entry === name) });
    }
  };
  return { observers, paint };
}

const setVisibility = (state: DocumentVisibilityState) =>
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);

describe('afterFirstPaint', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts once the first contentful paint is recorded, not at the first paint, and only once', () => {
    setVisibility('visible');
    const { observers, paint } = stubPaintObserver(['paint', 'navigation']);
    const start = vi.fn();
    afterFirstPaint(start);
    expect(observers[0]?.options).toEqual({ type: 'paint', buffered: true });

    paint('first-paint');
    expect(start).not.toHaveBeenCalled();
    paint('first-contentful-paint');
    expect(start).toHaveBeenCalledTimes(1);
    expect(observers[0]?.disconnected).toBe(true);
  });

  it('starts at once in a tab out of sight, which paints nothing until shown', () => {
    setVisibility('hidden');
    stubPaintObserver(['paint']);
    const start = vi.fn();
    afterFirstPaint(start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('waits for the task after the next frame where the browser records no paints', () => {
    setVisibility('visible');
    const { observers } = stubPaintObserver(['navigation']);
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const start = vi.fn();
    afterFirstPaint(start);
    expect(observers).toHaveLength(0);

    frames.forEach((frame) => frame(0));
    expect(start).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(start).toHaveBeenCalledTimes(1);
  });
});
