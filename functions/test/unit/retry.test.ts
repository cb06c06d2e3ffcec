import { describe, expect, it, vi } from 'vitest';
import { retry, sleep } from '../../src/lib/retry.js';

describe('sleep', () => {
  it('resolves after the time has passed', async () => {
    vi.useFakeTimers();
    try {
      let done = false;
      const waiting = sleep(100).then(() => {
        done = true;
      });
      await vi.advanceTimersByTimeAsync(99);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await waiting;
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('retry', () => {
  const noWait = () => {
    const waits: number[] = [];
    return { waits, sleep: async (ms: number) => void waits.push(ms) };
  };

  it('answers the first success, numbering the tries from 1', async () => {
    const { waits, sleep: wait } = noWait();
    const seen: number[] = [];
    const result = await retry(
      async (attempt) => {
        seen.push(attempt);
        if (attempt < 3) throw new Error(`try ${attempt}`);
        return 'ok';
      },
      { tries: 5, delayMs: (attempt) => attempt * 10, sleep: wait },
    );
    expect(result).toBe('ok');
    expect(seen).toEqual([1, 2, 3]);
    expect(waits).toEqual([10, 20]);
  });

  it('throws the last failure once the tries are used, without a wait after it', async () => {
    const { waits, sleep: wait } = noWait();
    const work = vi.fn(async (attempt: number) => {
      throw new Error(`try ${attempt}`);
    });
    await expect(retry(work, { tries: 3, delayMs: () => 5, sleep: wait })).rejects.toThrow('try 3');
    expect(work).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([5, 5]);
  });

  it('throws at once a failure retryOn refuses', async () => {
    const { waits, sleep: wait } = noWait();
    const work = vi.fn(async () => {
      throw new Error('ConditionalCheckFailed');
    });
    await expect(
      retry(work, {
        tries: 4,
        retryOn: (error) => (error as Error).message === 'TransactionConflict',
        delayMs: () => 1,
        sleep: wait,
      }),
    ).rejects.toThrow('ConditionalCheckFailed');
    expect(work).toHaveBeenCalledTimes(1);
    expect(waits).toEqual([]);
  });

  it('tries once with tries 1, and waits for real without a sleep of its own', async () => {
    const work = vi.fn(async () => {
      throw new Error('no');
    });
    await expect(retry(work, { tries: 1, delayMs: () => 1 })).rejects.toThrow('no');
    expect(work).toHaveBeenCalledTimes(1);
    let calls = 0;
    const started = Date.now();
    await retry(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('once');
      },
      { tries: 2, delayMs: () => 20 },
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
  });
});
