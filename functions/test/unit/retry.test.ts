import { describe, expect, it, vi } from 'vitest';
import { backoffMs, retry, sleep } from '../../src/lib/retry.js';

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

  it("tries again a result retryResult names, and answers the last try's result whatever it is", async () => {
    const { waits, sleep: wait } = noWait();
    const answers = ['busy', 'busy', 'done'];
    const work = vi.fn(async (attempt: number) => answers[attempt - 1] ?? 'none');
    const options = { delayMs: (attempt: number) => attempt, sleep: wait, retryResult: (r: string) => r === 'busy' };
    await expect(retry(work, { ...options, tries: 5 })).resolves.toBe('done');
    expect(work).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([1, 2]);

    work.mockClear();
    await expect(retry(work, { ...options, tries: 2 })).resolves.toBe('busy');
    expect(work).toHaveBeenCalledTimes(2);
  });
});

describe('backoffMs', () => {
  it('doubles per retry and stays within its jitter band (20-60 ms, 40-120 ms, 80-240 ms by default)', () => {
    expect(backoffMs(1, { random: () => 0 })).toBe(20);
    expect(backoffMs(1, { random: () => 1 })).toBe(60);
    expect(backoffMs(2, { random: () => 0.5 })).toBe(80);
    expect(backoffMs(3, { random: () => 0 })).toBe(80);
    expect(backoffMs(3, { random: () => 1 })).toBe(240);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wait = backoffMs(attempt);
      expect(wait).toBeGreaterThanOrEqual(20 * 2 ** (attempt - 1));
      expect(wait).toBeLessThanOrEqual(60 * 2 ** (attempt - 1));
    }
  });

  it('takes its base and jitter: none for a fixed schedule, a band around the base for an upstream', () => {
    expect([1, 2, 3].map((attempt) => backoffMs(attempt, { baseMs: 100, jitter: 0 }))).toEqual([100, 200, 400]);
    expect(backoffMs(1, { baseMs: 225, jitter: 2 / 3, random: () => 0 })).toBe(225);
    expect(backoffMs(1, { baseMs: 225, jitter: 2 / 3, random: () => 1 })).toBe(375);
  });
});
