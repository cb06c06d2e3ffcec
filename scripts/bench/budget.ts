/**
 * Budget arithmetic of `npm run bench` (docs/decisions.md, "Budgets"), kept free of I/O so it is unit-tested
 * (scripts/test/bench-budget.test.ts). Every figure of a section ends up as one Check; only
 * `fail` and `error` make the run exit non-zero.
 */
export type Verdict = 'pass' | 'fail' | 'reported' | 'not built' | 'error';

export interface Check {
  /** What was measured, e.g. `admin-users` first page. */
  label: string;
  verdict: Verdict;
  /** The figure against its budget, or why there is no figure. */
  detail: string;
}

/** A measurement that broke (an endpoint answering 5xx, a load test full of errors) fails the run too. */
export const failsRun = (verdict: Verdict) => verdict === 'fail' || verdict === 'error';

/**
 * How much more a request costs on the large data set than on the small one. Equal costs are 1;
 * a request that reads nothing at either size is 1 too; one that reads nothing on the small set
 * but something on the large one grew without bound (Infinity).
 */
export function growthRatio(small: number, large: number): number {
  if (!Number.isFinite(small) || !Number.isFinite(large) || small < 0 || large < 0) {
    throw new RangeError(`capacity must be a finite, non-negative number (got ${small} and ${large})`);
  }
  if (small === 0) return large === 0 ? 1 : Number.POSITIVE_INFINITY;
  return large / small;
}

/** At or under the limit passes; the limit itself is allowed (the budget says "1.2 or less"). */
export function ratioVerdict(ratio: number, limit: number): 'pass' | 'fail' {
  // Capacity units come in halves, so a ratio is a quotient of small decimals: compare with a
  // tolerance far below any real difference instead of trusting the last binary digit.
  return ratio <= limit + 1e-9 ? 'pass' : 'fail';
}

export const formatRatio = (ratio: number) => (Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : '∞');

/** Capacity units as DynamoDB reports them: halves for eventually consistent reads, so one decimal. */
export const formatUnits = (units: number) => (Number.isInteger(units) ? String(units) : units.toFixed(1));

export interface RunSummary {
  passed: number;
  failed: Check[];
  notBuilt: Check[];
  exitCode: 0 | 1;
}

export function summarize(checks: readonly Check[]): RunSummary {
  const failed = checks.filter((c) => failsRun(c.verdict));
  return {
    passed: checks.filter((c) => c.verdict === 'pass').length,
    failed,
    notBuilt: checks.filter((c) => c.verdict === 'not built'),
    exitCode: failed.length > 0 ? 1 : 0,
  };
}
