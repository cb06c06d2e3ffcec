import { describe, expect, it } from 'vitest';
import { PACKAGE_NAMES } from '@goldbot/shared';
import { formatDate, formatDuration, formatEndDate, formatStatus } from './format';

describe('dashboard formatting', () => {
  it.each([
    ['2026-03-01', 'Mar 1, 2026'],
    ['2026-12-31', 'Dec 31, 2026'],
    ['2025-02-28', 'Feb 28, 2025'],
    ['2026-03-01T23:30:00.000Z', 'Mar 1, 2026'],
  ])('shows %s as %s (short month, day, year)', (value, shown) => {
    expect(formatDate(value)).toBe(shown);
  });

  it.each([null, undefined, '', 'not a date'])("shows 'N/A' for %s", (value) => {
    expect(formatDate(value)).toBe('N/A');
  });

  it("ends an Ultimate package 'Lifetime' once it has started", () => {
    const ultimate = { packageName: PACKAGE_NAMES.ultimate, startDate: '2026-03-01', endDate: null };
    expect(formatEndDate(ultimate)).toBe('Lifetime');
    expect(formatEndDate({ ...ultimate, startDate: null })).toBe('N/A');
    expect(formatEndDate({ packageName: PACKAGE_NAMES.basic, startDate: '2026-03-01', endDate: '2026-03-31' })).toBe(
      'Mar 31, 2026',
    );
    expect(formatEndDate({ packageName: PACKAGE_NAMES.pro, startDate: null, endDate: null })).toBe('N/A');
  });

  it('gives the history durations of customer §3', () => {
    expect(formatDuration('Free Trial')).toBe('30 Days');
    expect(formatDuration('Basic Package')).toBe('1 Month');
    expect(formatDuration('Pro Package')).toBe('6 Months');
    expect(formatDuration('Ultimate Package')).toBe('Lifetime');
    expect(formatDuration('Something Else')).toBe('N/A');
  });

  it('capitalises statuses and shows unknown ones as they are', () => {
    expect(formatStatus('active')).toBe('Active');
    expect(formatStatus('pending')).toBe('Pending');
    expect(formatStatus('expired')).toBe('Expired');
    expect(formatStatus('on hold')).toBe('On hold');
  });
});
