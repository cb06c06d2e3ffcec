import { formatRatio, formatUnits, growthRatio, ratioVerdict, type Check } from './budget.js';
import type { CapacityCase } from './capacity-cases.js';
import { renderTable } from './markdown.js';

/**
 * Judging and tabulating the capacity measurements (pure: unit-tested in
 * scripts/test/bench-budget.test.ts).
 */
export interface Measurement {
  /** Read capacity units of one invocation, the session guard's profile read left out. */
  readUnits: number;
  writeUnits: number;
  /** DynamoDB requests of one invocation, the guard's read left out. */
  requests: number;
  scans: number;
  /** Rows the page answered. */
  rows?: number;
  /** Wall-clock time of the invocation in this process (DynamoDB Local's latency included). */
  milliseconds?: number;
  /** The requests by operation with their units, e.g. "Query 1× 4.5, GetItem 1× 0.5" (console diagnostics). */
  operations?: string;
}

export type CaseOutcome =
  | { kind: 'measured'; small: Measurement; large: Measurement }
  | { kind: 'not built' }
  | { kind: 'error'; message: string };

export interface JudgedCase {
  testCase: Pick<CapacityCase, 'route' | 'request' | 'budgeted'>;
  outcome: CaseOutcome;
  ratio?: number;
  check: Check;
}

export function judgeCase(
  testCase: Pick<CapacityCase, 'route' | 'request' | 'budgeted'>,
  outcome: CaseOutcome,
  limit: number,
): JudgedCase {
  const label = `${testCase.route} (${testCase.request})`;
  if (outcome.kind === 'not built') {
    return { testCase, outcome, check: { label, verdict: 'not built', detail: 'no handler yet' } };
  }
  if (outcome.kind === 'error') {
    return { testCase, outcome, check: { label, verdict: 'error', detail: outcome.message } };
  }
  const { small, large } = outcome;
  const ratio = growthRatio(small.readUnits, large.readUnits);
  const figures = `${formatUnits(small.readUnits)} → ${formatUnits(large.readUnits)} RCU, ratio ${formatRatio(ratio)}`;
  if (small.scans + large.scans > 0) {
    return { testCase, outcome, ratio, check: { label, verdict: 'fail', detail: `${figures}; uses Scan` } };
  }
  if (!testCase.budgeted) return { testCase, outcome, ratio, check: { label, verdict: 'reported', detail: figures } };
  const verdict = ratioVerdict(ratio, limit);
  return {
    testCase,
    outcome,
    ratio,
    check: { label, verdict, detail: `${figures} (budget ≤ ${limit.toFixed(1)}×)` },
  };
}

const count = (n: number) => n.toLocaleString('en-US');

const RESULT_TEXT = {
  pass: 'pass',
  fail: '**FAIL**',
  reported: 'reported',
  'not built': 'not built',
  error: '**ERROR**',
} as const;

/** The capacity table: one row per case, small and large side by side. */
export function capacityTable(cases: readonly JudgedCase[], smallRecords: number, largeRecords: number): string {
  const headers = [
    'Endpoint',
    'Request',
    'Rows',
    'Requests',
    `RCU at ${count(smallRecords)}`,
    `RCU at ${count(largeRecords)}`,
    'Ratio',
    'Result',
  ];
  const pair = (a: number | undefined, b: number | undefined) =>
    a === undefined || b === undefined ? '—' : a === b ? String(a) : `${a} / ${b}`;
  const rows = cases.map(({ testCase, outcome, ratio, check }) => {
    const name = `\`${testCase.route}\``;
    const result = RESULT_TEXT[check.verdict];
    if (outcome.kind !== 'measured') {
      const why = outcome.kind === 'error' ? `${result}: ${outcome.message}` : result;
      return [name, testCase.request, '—', '—', '—', '—', '—', why];
    }
    const { small, large } = outcome;
    return [
      name,
      testCase.request,
      pair(small.rows, large.rows),
      pair(small.requests, large.requests),
      formatUnits(small.readUnits),
      formatUnits(large.readUnits),
      ratio === undefined ? '—' : formatRatio(ratio),
      testCase.budgeted || check.verdict === 'fail' ? result : 'reported',
    ];
  });
  return renderTable(headers, rows, ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'left']);
}
