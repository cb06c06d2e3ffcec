import { describe, expect, it } from 'vitest';
import {
  COLD_IMPORT_ENFORCED,
  COLD_IMPORT_LIMIT,
  countingFigures,
  judgeImport,
  median,
  pairwise,
} from '../bench/cold-import-section.js';

describe('cold-import section', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow(RangeError);
  });

  it('compares each function with its baselines round by round, so a noisy round cannot move the figure', () => {
    const rounds = [
      { fn: 60, base: 40, dynamodb: 30 },
      { fn: 62, base: 40, dynamodb: 31 },
      { fn: 300, base: 200, dynamodb: 150 }, // the machine was busy for this round: every side slowed down
      { fn: 58, base: 41, dynamodb: 29 },
      { fn: 61, base: 40, dynamodb: 30 },
      { fn: 59, base: 39, dynamodb: 30 },
      { fn: 63, base: 42, dynamodb: 31 },
    ];
    const figures = pairwise('auth-login', rounds);
    expect(figures.ratio).toBeCloseTo(1.5, 5);
    expect(figures.dynamodbRatio).toBeCloseTo(2, 5);
    expect(figures.functionMs).toBe(61);
    expect(figures.baselineMs).toBe(40);
  });

  it('reports a slow import until the budget is enforced, then fails it', () => {
    const figures = { id: 'health', functionMs: 90, baselineMs: 45, ratio: 2, dynamodbRatio: 0.4 };
    expect(judgeImport(figures, false).verdict).toBe('reported');
    expect(judgeImport(figures, true).verdict).toBe('fail');
    expect(judgeImport({ ...figures, ratio: COLD_IMPORT_LIMIT }, true).verdict).toBe('pass');
    expect(judgeImport(figures, true).detail).toBe(
      '2.00× its baseline (90 vs 45 ms), budget ≤ 1.5×; 0.40× the DynamoDB-only handler',
    );
  });

  it('counts the second measurement of a function over the budget, and says so', () => {
    const first = { id: 'auth-login', functionMs: 52, baselineMs: 34, ratio: 1.53, dynamodbRatio: 1.7 };
    const second = { id: 'auth-login', functionMs: 47, baselineMs: 34, ratio: 1.38, dynamodbRatio: 1.6 };
    const counting = countingFigures(first, second);
    expect(counting).toEqual({ ...second, remeasured: 1.53 });
    expect(judgeImport(counting, true)).toMatchObject({ verdict: 'pass' });
    expect(judgeImport(counting, true).detail).toContain('measured again: the first 7 pairs gave 1.53×');
    // Over twice: over.
    expect(judgeImport(countingFigures(first, { ...second, ratio: 1.52 }), true).verdict).toBe('fail');
    // Within the budget the first time: the first figure counts, whatever a second one says.
    const within = { ...first, ratio: 1.3 };
    expect(countingFigures(within, { ...second, ratio: 1.6 })).toBe(within);
  });

  it('is enforced', () => {
    expect(COLD_IMPORT_ENFORCED).toBe(true);
  });
});
