import { describe, expect, it, vi } from 'vitest';
import { addDays, daysBetween, sweep } from '../../src/domain/jobs/sweep.js';

/**
 * The sweep the subscription jobs run on (functions/src/domain/jobs/sweep.ts): pages, counts,
 * failed items, and its date arithmetic.
 */
const plenty = () => 60_000;

describe('sweep', () => {
  it('reads every page, counts outcomes and keeps going after a failed item', async () => {
    const first = { items: [1, 2, 3], cursor: 'p2' };
    const last = { items: [4, 5], cursor: undefined };
    const readPage = vi.fn(async (cursor: string | undefined) => (cursor === 'p2' ? last : first));
    const failures: number[] = [];
    const result = await sweep({
      readPage,
      handle: async (n: number) => {
        if (n === 2) throw new Error('boom');
        return n % 2 === 0 ? 'even' : 'odd';
      },
      onFailure: (n) => failures.push(n),
      remainingMs: plenty,
    });
    expect(readPage.mock.calls.map(([c]) => c)).toEqual([undefined, 'p2']);
    expect(result).toEqual({ processed: 5, failed: 1, complete: true, outcomes: { odd: 3, even: 1 } });
    expect(failures).toEqual([2]);
  });

  it('stops before the time budget runs out and says it did not finish', async () => {
    let left = 100_000;
    const result = await sweep({
      readPage: async () => ({ items: [1, 2, 3, 4], cursor: 'more' }),
      handle: async () => {
        left -= 30_000;
        return 'done';
      },
      onFailure: () => undefined,
      remainingMs: () => left,
      reserveMs: 15_000,
    });
    expect(result).toMatchObject({ processed: 3, complete: false, outcomes: { done: 3 } });
  });

  it('counts days in UTC across month and year ends', () => {
    expect(addDays('2026-02-27', 3)).toBe('2026-03-02');
    expect(addDays('2024-02-27', 3)).toBe('2024-03-01');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(daysBetween('2026-03-10', '2026-03-13')).toBe(3);
    expect(daysBetween('2026-10-24', '2026-10-27')).toBe(3);
  });
});
