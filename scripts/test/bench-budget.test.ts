import { describe, expect, it } from 'vitest';
import { formatRatio, formatUnits, growthRatio, ratioVerdict, summarize, type Check } from '../bench/budget.js';
import { judgeCase, capacityTable, type Measurement } from '../bench/capacity-report.js';
import { selectSections } from '../bench/registry.js';
import type { BenchSection } from '../bench/section.js';
import { judgeLoad } from '../bench/throughput-section.js';

const measured = (readUnits: number, extra: Partial<Measurement> = {}): Measurement => ({
  readUnits,
  writeUnits: 0,
  requests: 2,
  scans: 0,
  rows: 50,
  ...extra,
});
const LIMIT = 1.2;
const list = { route: 'payment-all', request: 'first page', budgeted: true } as const;

describe('bench budgets', () => {
  it('divides the large cost by the small one, and treats nothing read as no growth', () => {
    expect(growthRatio(5, 5)).toBe(1);
    expect(growthRatio(2.5, 3)).toBeCloseTo(1.2, 12);
    expect(growthRatio(4, 2)).toBe(0.5);
    expect(growthRatio(0, 0)).toBe(1);
    expect(growthRatio(0, 0.5)).toBe(Number.POSITIVE_INFINITY);
    expect(() => growthRatio(-1, 2)).toThrow(RangeError);
    expect(() => growthRatio(1, Number.NaN)).toThrow(RangeError);
  });

  it('allows the limit itself despite binary rounding, and nothing above it', () => {
    expect(ratioVerdict(growthRatio(2.5, 3), LIMIT)).toBe('pass');
    // A sum of capacity units can land a hair above the exact quotient.
    expect(ratioVerdict(1.2 + 1e-12, LIMIT)).toBe('pass');
    expect(ratioVerdict(1, LIMIT)).toBe('pass');
    expect(ratioVerdict(1.21, LIMIT)).toBe('fail');
    expect(ratioVerdict(Number.POSITIVE_INFINITY, LIMIT)).toBe('fail');
  });

  it('formats ratios and capacity units as the table shows them', () => {
    expect(formatRatio(1)).toBe('1.00×');
    expect(formatRatio(98.6)).toBe('98.60×');
    expect(formatRatio(Number.POSITIVE_INFINITY)).toBe('∞');
    expect(formatUnits(3)).toBe('3');
    expect(formatUnits(2.5)).toBe('2.5');
  });

  it('exits non-zero on a failed budget or a broken measurement, not on reported or unbuilt figures', () => {
    const check = (verdict: Check['verdict']): Check => ({ label: verdict, verdict, detail: '' });
    expect(summarize([check('pass'), check('reported'), check('not built')]).exitCode).toBe(0);
    expect(summarize([check('pass'), check('fail')]).exitCode).toBe(1);
    expect(summarize([check('error')]).exitCode).toBe(1);
    const summary = summarize([check('pass'), check('pass'), check('not built'), check('fail')]);
    expect(summary.passed).toBe(2);
    expect(summary.notBuilt).toHaveLength(1);
    expect(summary.failed.map((c) => c.label)).toEqual(['fail']);
  });
});

describe('capacity verdicts', () => {
  it('passes a budgeted request whose cost stays within 1.2× and fails one that grows', () => {
    const flat = judgeCase(list, { kind: 'measured', small: measured(8.5), large: measured(8) }, LIMIT);
    expect(flat.check.verdict).toBe('pass');
    expect(flat.ratio).toBeCloseTo(0.941, 3);
    const growing = judgeCase(list, { kind: 'measured', small: measured(5.5), large: measured(7) }, LIMIT);
    expect(growing.check.verdict).toBe('fail');
    expect(growing.check.detail).toBe('5.5 → 7 RCU, ratio 1.27× (budget ≤ 1.2×)');
  });

  it('reports a search without judging its ratio, unless it scans', () => {
    const search = { ...list, request: 'search', budgeted: false };
    const grows = judgeCase(search, { kind: 'measured', small: measured(23.5), large: measured(2317) }, LIMIT);
    expect(grows.check.verdict).toBe('reported');
    const scans = judgeCase(search, { kind: 'measured', small: measured(1), large: measured(1, { scans: 1 }) }, LIMIT);
    expect(scans.check.verdict).toBe('fail');
    expect(scans.check.detail).toContain('uses Scan');
  });

  it('names a missing handler "not built" and carries an error through', () => {
    expect(judgeCase(list, { kind: 'not built' }, LIMIT).check.verdict).toBe('not built');
    const broken = judgeCase(list, { kind: 'error', message: 'HTTP 500: boom' }, LIMIT);
    expect(broken.check).toEqual({ label: 'payment-all (first page)', verdict: 'error', detail: 'HTTP 500: boom' });
  });

  it('tabulates both sizes side by side, one figure where they are equal', () => {
    const rows = [
      judgeCase(list, { kind: 'measured', small: measured(8.5), large: measured(8, { requests: 3 }) }, LIMIT),
      judgeCase({ route: 'admin-users', request: 'first page', budgeted: true }, { kind: 'not built' }, LIMIT),
    ];
    expect(capacityTable(rows, 1001, 99_999).split('\n')).toEqual([
      '| Endpoint      | Request    | Rows | Requests | RCU at 1,001 | RCU at 99,999 | Ratio | Result    |',
      '| ------------- | ---------- | ---: | -------: | -----------: | ------------: | ----: | --------- |',
      '| `payment-all` | first page |   50 |    2 / 3 |          8.5 |             8 | 0.94× | pass      |',
      '| `admin-users` | first page |    — |        — |            — |             — |     — | not built |',
    ]);
  });
});

describe('throughput verdicts', () => {
  const target = { route: 'health', path: '/api/health', auth: 'anonymous' } as const;
  const figures = { requestsPerSecond: 1234.4, p50Ms: 3, p99Ms: 12, maxMs: 40, total: 12_344, non2xx: 0, errors: 0 };

  it('reports clean runs and turns failed answers into an error', () => {
    expect(judgeLoad(target, figures)).toEqual({
      label: 'health under load',
      verdict: 'reported',
      detail: '1234 req/s, p99 12 ms',
    });
    expect(judgeLoad(target, { ...figures, non2xx: 3 }).verdict).toBe('error');
    expect(judgeLoad(target, { ...figures, total: 0 }).verdict).toBe('error');
  });
});

describe('section selection', () => {
  const section = (id: string): BenchSection => ({
    id,
    title: id,
    budget: 'none',
    run: async () => ({ markdown: '', checks: [] }),
  });
  const registry = [section('capacity'), section('throughput')];

  it('runs every built section by default, and the named ones in registry order', () => {
    expect(selectSections([], registry)).toEqual({ sections: registry });
    const picked = selectSections(['throughput', 'capacity'], registry);
    expect('sections' in picked && picked.sections.map((s) => s.id)).toEqual(['capacity', 'throughput']);
  });

  it('names the sections there are when asked for an unknown one', () => {
    expect(selectSections(['nope'], registry)).toEqual({
      error: 'unknown section "nope". Sections: capacity, throughput',
    });
  });
});
