import { beforeAll, describe, expect, it } from 'vitest';
import {
  analyzeLandingBundle,
  budgetProblems,
  buildWebInMemory,
  describeReport,
  LANDING_BUDGET_BYTES,
  type LandingBundleReport,
} from '../check-bundle-budget.js';

/** Fails `npm test` when the landing route outgrows its budget (docs/decisions.md, "Budgets"). */
describe('landing route bundle budget', () => {
  let report: LandingBundleReport;

  beforeAll(async () => {
    report = analyzeLandingBundle(await buildWebInMemory());
  }, 120_000);

  it(`keeps the initial JS of / within ${LANDING_BUDGET_BYTES / 1024} KB gzip`, () => {
    expect(report.totalGzipBytes, describeReport(report)).toBeLessThanOrEqual(LANDING_BUDGET_BYTES);
  });

  it('keeps recharts, Amplify and the admin area out of it', () => {
    for (const finding of report.lazyOnly) {
      expect(finding.inLanding, `${finding.label}\n${describeReport(report)}`).toEqual([]);
    }
    expect(budgetProblems(report)).toEqual([]);
  });

  it('gives the charts and the admin area chunks of their own', () => {
    const recharts = report.lazyOnly.find((finding) => finding.label === 'recharts');
    const admin = report.lazyOnly.find((finding) => finding.label === 'admin area');
    expect(recharts?.chunks.length).toBeGreaterThan(0);
    expect(admin?.chunks.length).toBeGreaterThan(0);
  });
});
