import { describe, expect, it } from 'vitest';
import { formatAmount, formatCalendarDay, formatStatus, formatUsd, formatUsdCents, formatUsdt } from './format';

describe('formatting', () => {
  it.each([
    ['2026-03-01', 'Mar 1, 2026'],
    ['2026-12-31', 'Dec 31, 2026'],
    ['2025-02-28', 'Feb 28, 2025'],
    ['2026-03-01T23:30:00.000Z', 'Mar 1, 2026'],
  ])('shows the day %s as %s (short month, day, year)', (value, shown) => {
    expect(formatCalendarDay(value)).toBe(shown);
  });

  it.each([null, undefined, '', 'not a date'])("shows 'N/A' for the day %s, or the placeholder asked for", (value) => {
    expect(formatCalendarDay(value)).toBe('N/A');
    expect(formatCalendarDay(value, '-')).toBe('-');
  });

  it('shows dollars without empty cents, or with every cent', () => {
    expect(formatUsd(60)).toBe('$60');
    expect(formatUsd(1000)).toBe('$1,000');
    expect(formatUsd(59.5)).toBe('$59.50');
    expect(formatUsdCents(60)).toBe('$60.00');
    expect(formatUsdCents(1234.5)).toBe('$1,234.50');
  });

  it('shows USDT with both cents, the same in the payment window and the dashboard', () => {
    expect(formatUsdt(50.4)).toBe('50.40 USDT');
    expect(formatUsdt(50)).toBe('50.00 USDT');
    expect(formatUsdt(100.37)).toBe('100.37 USDT');
    expect(formatUsdt(1500)).toBe('1500.00 USDT');
  });

  it('shows an amount in its currency code, USD as dollars', () => {
    expect(formatAmount(79, 'USDT')).toBe('79 USDT');
    expect(formatAmount(60.37, 'usdt')).toBe('60.37 USDT');
    expect(formatAmount(10, 'USD')).toBe('$10');
    expect(formatAmount(10, ' ')).toBe('$10');
  });

  it('capitalises statuses and shows unknown ones as they are', () => {
    expect(formatStatus('active')).toBe('Active');
    expect(formatStatus('pending')).toBe('Pending');
    expect(formatStatus('expired')).toBe('Expired');
    expect(formatStatus('on hold')).toBe('On hold');
  });
});
