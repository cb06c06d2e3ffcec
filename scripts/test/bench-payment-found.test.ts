import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  FOUND_BUDGET_SECONDS,
  foundTable,
  judgeCatchUp,
  judgeFound,
  judgeRunLength,
  requestsPerDay,
} from '../bench/payment-found-section.js';
import { WatcherLog, spreadTimes } from '../bench/watcher-catch-up.js';

describe('bench payment-found: transfer to found', () => {
  it(`passes when every transfer was found within ${FOUND_BUDGET_SECONDS} s, at the limit too`, () => {
    const check = judgeFound([
      { sentAtSecond: 3, foundAfterSeconds: 58.2 },
      { sentAtSecond: 18, foundAfterSeconds: FOUND_BUDGET_SECONDS },
    ]);
    expect(check).toEqual({
      label: 'transfer confirmed → order found',
      verdict: 'pass',
      detail: `at most 75.0 s over 2 transfers, budget ≤ ${FOUND_BUDGET_SECONDS} s`,
    });
  });

  it('fails past the budget, and when a transfer was never found', () => {
    expect(judgeFound([{ sentAtSecond: 3, foundAfterSeconds: 75.1 }]).verdict).toBe('fail');
    const missed = judgeFound([
      { sentAtSecond: 3, foundAfterSeconds: 20 },
      { sentAtSecond: 33, foundAfterSeconds: null },
    ]);
    expect(missed.verdict).toBe('fail');
    expect(missed.detail).toBe('1 of 2 transfers were not found within 180 s');
  });

  it('is an error with nothing measured', () => {
    expect(judgeFound([]).verdict).toBe('error');
  });

  it('tables each transfer with the second of the minute it was confirmed at', () => {
    expect(
      foundTable([
        { sentAtSecond: 7, foundAfterSeconds: 61.04 },
        { sentAtSecond: 22, foundAfterSeconds: null },
      ]),
    ).toBe(`| Transfer | Confirmed at (second of the minute) | Order found after |
| -------: | ----------------------------------: | ----------------: |
|        1 |                                 :07 |            61.0 s |
|        2 |                                 :22 |             never |`);
  });
});

describe('bench payment-found: catch-up', () => {
  const figures = {
    transfers: 1000,
    backlogHours: 6,
    caughtUpSeconds: 130.4,
    runs: 3,
    incompleteRuns: 2,
    longestRunMs: 54_000,
    noticesMailed: 40,
    listingRequests: 11,
    recorded: 1000,
  };

  it('passes when every transfer of the backlog was recorded', () => {
    expect(judgeCatchUp(figures)).toEqual({
      label: 'catch-up of 1,000 transfers over 6 h',
      verdict: 'pass',
      detail: '1,000 recorded in 130 s, 3 runs (2 stopped at their time budget), 11 TronGrid requests',
    });
  });

  it('fails when one was lost, or when the runs never caught up', () => {
    expect(judgeCatchUp({ ...figures, recorded: 999 }).verdict).toBe('fail');
    expect(judgeCatchUp({ ...figures, caughtUpSeconds: null })).toMatchObject({
      verdict: 'fail',
      detail: 'not caught up after 3 runs',
    });
  });

  it('fails a run longer than its 55 s lease (two runs would overlap)', () => {
    expect(judgeRunLength({ runs: 4, longestRunMs: 55_000 }).verdict).toBe('pass');
    expect(judgeRunLength({ runs: 4, longestRunMs: 126_400 })).toEqual({
      label: 'longest watcher run while catching up',
      verdict: 'fail',
      detail: '126.4 s over 4 runs, budget ≤ 55 s (its lease)',
    });
    expect(judgeRunLength({ runs: 0, longestRunMs: 0 }).verdict).toBe('error');
  });

  it('spreads the block times evenly over the backlog, oldest first, inside it', () => {
    const times = spreadTimes(4, 1_000, 5_000);
    expect(times).toEqual([1_500, 2_500, 3_500, 4_500]);
  });
});

describe('bench payment-found: requests per day', () => {
  it('scales the idle requests per run to a run a minute', () => {
    expect(requestsPerDay({ runs: 2, listingRequests: 2 })).toBe(1_440);
    expect(requestsPerDay({ runs: 4, listingRequests: 6 })).toBe(2_160);
    expect(requestsPerDay({ runs: 0, listingRequests: 0 })).toBeNaN();
  });

  it("reads the watcher's runs from the stack's output, across chunks", () => {
    const output = new PassThrough();
    const counter = new WatcherLog(output);
    const line = (fields: Record<string, unknown>) =>
      `${JSON.stringify({ level: 'info', message: 'job completed', job: 'job-watch-wallets', ...fields })}\n`;
    const first = line({ complete: true, durationMs: 800, noticesMailed: 0 });
    output.write(first.slice(0, 30));
    output.write(first.slice(30));
    output.write(line({ complete: false, durationMs: 55_400, noticesMailed: 12 }));
    output.write(line({ complete: true, leaseHeld: 1, durationMs: 20 }));
    output.write(`${JSON.stringify({ level: 'info', message: 'job completed', job: 'job-chain-recheck' })}\n`);
    output.write('{"level":"info","message":"request"}\nnot json {\n');
    output.write(
      'scheduler: job-watch-wallets failed: job-watch-wallets: stopped before the end (time budget); 0 item(s) failed\n',
    );
    output.write('scheduler: job-watch-wallets failed: job-watch-wallets: 2 of 40 item(s) failed\n');
    expect(counter).toMatchObject({
      runs: 2,
      complete: 1,
      incomplete: 1,
      leaseHeld: 1,
      longestRunMs: 55_400,
      noticesMailed: 12,
    });
    // A run that used its time budget is incomplete, by design; a run whose items failed is a failure.
    expect(counter.failures).toEqual([
      'scheduler: job-watch-wallets failed: job-watch-wallets: 2 of 40 item(s) failed',
    ]);
  });
});
