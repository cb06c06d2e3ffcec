import { describe, expect, it } from 'vitest';
import { PACKAGE_NAMES } from '@goldbot/shared';
import { formatDuration, formatEndDate } from './billing-format';

describe('dashboard formatting', () => {
  it("ends an Ultimate package 'Lifetime' once it has started", () => {
    const ultimate = { packageName: PACKAGE_NAMES.ultimate, startDate: '2026-03-01', endDate: null };
    expect(formatEndDate(ultimate)).toBe('Lifetime');
    expect(formatEndDate({ ...ultimate, startDate: null })).toBe('N/A');
    expect(formatEndDate({ packageName: PACKAGE_NAMES.basic, startDate: '2026-03-01', endDate: '2026-03-31' })).toBe(
      'Mar 31, 2026',
    );
    expect(formatEndDate({ packageName: PACKAGE_NAMES.pro, startDate: null, endDate: null })).toBe('N/A');
  });

  it('gives how long each package lasts in the purchase history', () => {
    expect(formatDuration('Free Trial')).toBe('30 Days');
    expect(formatDuration('Basic Package')).toBe('1 Month');
    expect(formatDuration('Pro Package')).toBe('6 Months');
    expect(formatDuration('Ultimate Package')).toBe('Lifetime');
    expect(formatDuration('Something Else')).toBe('N/A');
  });
});
