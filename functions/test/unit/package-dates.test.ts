import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FREE_TRIAL_DAYS, PRO_DURATION_MONTHS } from '@goldbot/shared';
import {
  basicIsActive,
  basicPeriod,
  freeTrialPeriod,
  proPeriod,
  ultimatePeriod,
  utcDay,
} from '../../src/domain/commerce/package-dates.js';

/**
 * The package date rules (docs/decisions.md, "Data: one table") over any instant of any four-digit year,
 * checked against an independent calendar model (year/month arithmetic and a days-in-month table)
 * rather than against Date again.
 */
const DAY_MS = 86_400_000;
const anyInstant = fc.date({
  min: new Date('0001-01-01T00:00:00.000Z'),
  // Room for two years of extensions within four-digit years.
  max: new Date('9996-12-31T23:59:59.999Z'),
  noInvalidDate: true,
});

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysIn = (y: number, m: number) => [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] ?? 0;
const parse = (day: string) => ({
  y: Number(day.slice(0, 4)),
  m: Number(day.slice(5, 7)),
  d: Number(day.slice(8, 10)),
});
const show = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
/** The month `offset` months after (y, m), 1-based months. */
const plusMonths = (y: number, m: number, offset: number) => {
  const index = y * 12 + (m - 1) + offset;
  return { y: Math.floor(index / 12), m: (index % 12) + 1 };
};
const firstOf = (y: number, m: number) => show(y, m, 1);
const lastOf = (y: number, m: number) => show(y, m, daysIn(y, m));
/** Whole days from one `YYYY-MM-DD` to another. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
const nextDay = (day: string) => {
  const { y, m, d } = parse(day);
  if (d < daysIn(y, m)) return show(y, m, d + 1);
  const next = plusMonths(y, m, 1);
  return firstOf(next.y, next.m);
};

describe('utcDay', () => {
  it('is the UTC calendar day, whatever the time of day', () => {
    expect(utcDay(new Date('2026-11-22T23:59:59.999Z'))).toBe('2026-11-22');
    expect(utcDay(new Date('2026-11-23T00:00:00.000Z'))).toBe('2026-11-23');
    fc.assert(
      fc.property(anyInstant, (at) => {
        const day = utcDay(at);
        expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        const { y, m, d } = parse(day);
        expect([y, m, d]).toEqual([at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate()]);
      }),
    );
  });
});

describe('Basic', () => {
  it('starts on the 1st of next month and ends on that month’s last day (examples)', () => {
    expect(basicPeriod(new Date('2026-11-23T10:00:00Z'))).toEqual({ startDate: '2026-12-01', endDate: '2026-12-31' });
    expect(basicPeriod(new Date('2026-12-31T23:59:59Z'))).toEqual({ startDate: '2027-01-01', endDate: '2027-01-31' });
    expect(basicPeriod(new Date('2028-01-15T00:00:00Z'))).toEqual({ startDate: '2028-02-01', endDate: '2028-02-29' });
    expect(basicPeriod(new Date('2100-01-15T00:00:00Z'))).toEqual({ startDate: '2100-02-01', endDate: '2100-02-28' });
  });

  it('starts on the 1st of next month and ends on that month’s last day, on any day of any year', () => {
    fc.assert(
      fc.property(anyInstant, (at) => {
        const today = parse(utcDay(at));
        const next = plusMonths(today.y, today.m, 1);
        expect(basicPeriod(at)).toEqual({ startDate: firstOf(next.y, next.m), endDate: lastOf(next.y, next.m) });
        expect(basicPeriod(at, null)).toEqual(basicPeriod(at));
      }),
    );
  });

  it('chains an extension right after the paid-through month, month after month', () => {
    fc.assert(
      fc.property(anyInstant, fc.integer({ min: 1, max: 24 }), (at, extensions) => {
        let period = basicPeriod(at);
        for (let i = 0; i < extensions; i += 1) {
          const extended = basicPeriod(at, period.endDate);
          // No gap and no overlap: the new month starts the day after the paid-through day...
          expect(extended.startDate).toBe(nextDay(period.endDate ?? ''));
          // ...and covers exactly that one calendar month.
          const { y, m } = parse(extended.startDate);
          expect(extended.endDate).toBe(lastOf(y, m));
          period = extended;
        }
        const today = parse(utcDay(at));
        const last = plusMonths(today.y, today.m, extensions + 1);
        expect(period.endDate).toBe(lastOf(last.y, last.m));
      }),
    );
  });

  it('chains after a paid-through day that is today, and starts afresh after one that has passed', () => {
    fc.assert(
      fc.property(anyInstant, fc.integer({ min: 1, max: 400 }), (at, daysAgo) => {
        const today = utcDay(at);
        const { y, m } = parse(today);
        const next = plusMonths(y, m, 1);
        expect(basicPeriod(at, today).startDate).toBe(firstOf(next.y, next.m));
        const past = utcDay(new Date(at.getTime() - daysAgo * DAY_MS));
        expect(basicPeriod(at, past)).toEqual(basicPeriod(at));
      }),
    );
  });

  it('is active through its paid-through day, inclusive', () => {
    expect(basicIsActive('2026-11-30', '2026-11-30')).toBe(true);
    expect(basicIsActive('2026-11-30', '2026-12-01')).toBe(false);
    expect(basicIsActive(null, '2026-12-01')).toBe(false);
    expect(basicIsActive(undefined, '2026-12-01')).toBe(false);
    fc.assert(
      fc.property(anyInstant, anyInstant, (a, b) => {
        const [paid, today] = [utcDay(a), utcDay(b)];
        expect(basicIsActive(paid, today)).toBe(paid >= today);
      }),
    );
  });
});

describe('Pro', () => {
  it(`starts on the 1st of next month and ends on the last day of its ${PRO_DURATION_MONTHS}th month`, () => {
    expect(proPeriod(new Date('2026-11-23T10:00:00Z'))).toEqual({ startDate: '2026-12-01', endDate: '2027-05-31' });
    expect(proPeriod(new Date('2027-08-31T10:00:00Z'))).toEqual({ startDate: '2027-09-01', endDate: '2028-02-29' });
    fc.assert(
      fc.property(anyInstant, (at) => {
        const today = parse(utcDay(at));
        const start = plusMonths(today.y, today.m, 1);
        const end = plusMonths(today.y, today.m, PRO_DURATION_MONTHS);
        const period = proPeriod(at);
        expect(period).toEqual({ startDate: firstOf(start.y, start.m), endDate: lastOf(end.y, end.m) });
        // Exactly six whole calendar months: the day after the end is the 1st of the 7th month.
        const after = plusMonths(today.y, today.m, PRO_DURATION_MONTHS + 1);
        expect(nextDay(period.endDate ?? '')).toBe(firstOf(after.y, after.m));
      }),
    );
  });
});

describe('Ultimate', () => {
  it('starts at approval and never ends', () => {
    fc.assert(
      fc.property(anyInstant, (at) => {
        expect(ultimatePeriod(at)).toEqual({ startDate: utcDay(at), endDate: null });
      }),
    );
  });
});

describe('free trial', () => {
  it(`starts today and ends ${FREE_TRIAL_DAYS} days later (Nov 22 → Dec 22)`, () => {
    expect(freeTrialPeriod(new Date('2026-11-22T18:30:00Z'))).toEqual({
      startDate: '2026-11-22',
      endDate: '2026-12-22',
    });
    expect(freeTrialPeriod(new Date('2028-02-01T00:00:00Z'))).toEqual({
      startDate: '2028-02-01',
      endDate: '2028-03-02',
    });
    expect(freeTrialPeriod(new Date('2026-12-15T00:00:00Z'))).toEqual({
      startDate: '2026-12-15',
      endDate: '2027-01-14',
    });
    fc.assert(
      fc.property(anyInstant, (at) => {
        const period = freeTrialPeriod(at);
        expect(period.startDate).toBe(utcDay(at));
        expect(period.endDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(daysBetween(period.startDate, period.endDate ?? '')).toBe(FREE_TRIAL_DAYS);
      }),
    );
  });
});
