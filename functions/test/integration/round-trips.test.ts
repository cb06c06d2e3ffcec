import { describe, expect, it } from 'vitest';
import { CUSTOMER_ROUTES, runCustomerJourney } from '../../../scripts/bench/customer-journey.js';
import {
  ACCOUNT_ROUND_TRIP_BUDGET,
  ROUND_TRIP_BUDGET,
  judgeRoundTrips,
  summarizeRoundTrips,
} from '../../../scripts/bench/round-trips-section.js';
import { stack } from './http-client.js';

/**
 * The round-trip budget as a regression test: the bench's customer journey
 * (scripts/bench/customer-journey.ts) over this suite's local stack, every customer route within its
 * budget of DynamoDB requests per call (ROUND_TRIP_BUDGET, ACCOUNT_ROUND_TRIP_BUDGET for `auth-*`). `npm run bench -- round-trips` writes the
 * same figures to docs/performance.md; this keeps `npm test` from letting one grow past it.
 */
describe('DynamoDB requests per customer route', () => {
  it(`stays within ${ROUND_TRIP_BUDGET} (${ACCOUNT_ROUND_TRIP_BUDGET} for account routes) for every customer route of the journey`, async () => {
    const observations = await runCustomerJourney(stack(), () => undefined);
    const figures = summarizeRoundTrips(observations);
    // Every customer route was called, so none escapes the budget by not being measured.
    expect(new Set(figures.map((f) => f.route))).toEqual(new Set(CUSTOMER_ROUTES));
    const over = judgeRoundTrips(figures).filter((check) => check.verdict !== 'pass');
    expect(over).toEqual([]);
  }, 120_000);
});
