import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountMatches,
  centsToUsd,
  discountedPrice,
  formatUsd,
  formatUsdCents,
  formatUsdt,
  formatUsdtFigure,
  isWholeCents,
  roundToCents,
  toCents,
} from '../src/index.js';

/**
 * The money rules the functions and the web app share: conversion to and from cents, rounding,
 * the discounted price, and how amounts are written.
 */

/** Any amount of whole cents up to a million dollars, as dollars. */
const cents = fc.integer({ min: 0, max: 100_000_000 });

describe('cents and dollars', () => {
  it('converts whole cents to dollars and back without loss', () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(toCents(centsToUsd(c))).toBe(c);
        expect(isWholeCents(centsToUsd(c))).toBe(true);
        expect(roundToCents(centsToUsd(c))).toBe(centsToUsd(c));
      }),
    );
  });

  it('rounds a sum of dollars to the cents of the sum of its cents (no floating-point tail)', () => {
    fc.assert(
      fc.property(fc.array(cents, { maxLength: 20 }), (parts) => {
        const dollars = parts.reduce((sum, c) => sum + centsToUsd(c), 0);
        const exact = parts.reduce((sum, c) => sum + c, 0);
        expect(toCents(dollars)).toBe(exact);
        expect(roundToCents(dollars)).toBe(centsToUsd(exact));
      }),
    );
    expect(roundToCents(0.1 + 0.2)).toBe(0.3);
  });

  it('rounds a fraction of a cent to the nearest cent, never more than half a cent away', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1_000_000, noNaN: true }), (usd) => {
        expect(Math.abs(roundToCents(usd) - usd)).toBeLessThanOrEqual(0.005 + 1e-9);
      }),
    );
    expect(toCents(59.994)).toBe(5999);
    expect(toCents(59.996)).toBe(6000);
  });

  it('knows a whole number of cents', () => {
    expect(isWholeCents(59.99)).toBe(true);
    expect(isWholeCents(0.1 + 0.2)).toBe(true);
    expect(isWholeCents(59.999)).toBe(false);
  });

  it('matches a submitted amount only to the cent', () => {
    expect(amountMatches(50, 50)).toBe(true);
    expect(amountMatches(50.0, 50)).toBe(true);
    expect(amountMatches(0.1 + 0.2, 0.3)).toBe(true);
    expect(amountMatches(49.99, 50)).toBe(false);
    expect(amountMatches(50.001, 50)).toBe(false);
    expect(amountMatches(49.999, 50)).toBe(false);
  });
});

describe('the discounted price', () => {
  it('subtracts the discount, never below zero, and records the part applied', () => {
    expect(discountedPrice(60, 10)).toEqual({ originalAmount: 60, referralDiscount: 10, amount: 50 });
    expect(discountedPrice(60, 0)).toEqual({ originalAmount: 60, referralDiscount: 0, amount: 60 });
    expect(discountedPrice(5, 10)).toEqual({ originalAmount: 5, referralDiscount: 5, amount: 0 });
    expect(discountedPrice(0.3, 0.1)).toEqual({ originalAmount: 0.3, referralDiscount: 0.1, amount: 0.2 });
  });

  it('keeps amount = original − discount ≥ 0 to the cent for any price and discount', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 0, max: 10_000 }), (price, discount) => {
        const due = discountedPrice(centsToUsd(price), centsToUsd(discount));
        expect(due.amount).toBeGreaterThanOrEqual(0);
        expect(toCents(due.amount)).toBe(Math.max(0, price - discount));
        expect(toCents(due.originalAmount)).toBe(price);
        expect(toCents(due.originalAmount) - toCents(due.referralDiscount)).toBe(toCents(due.amount));
        expect(due.referralDiscount).toBeLessThanOrEqual(centsToUsd(discount));
        for (const figure of Object.values(due)) expect(isWholeCents(figure)).toBe(true);
      }),
    );
  });

  it('gives the same amount however the price and discount were rounded on their way', () => {
    // The page and the server may receive a price with a floating-point tail (a sum, a parse):
    // what is due is decided by the cents of each, so both sides agree.
    fc.assert(
      fc.property(cents, fc.integer({ min: 0, max: 10_000 }), (price, discount) => {
        const tail = 1e-9;
        expect(discountedPrice(centsToUsd(price) + tail, centsToUsd(discount) - tail)).toEqual(
          discountedPrice(centsToUsd(price), centsToUsd(discount)),
        );
      }),
    );
  });
});

describe('writing amounts', () => {
  it('writes dollars without empty cents, or with every cent', () => {
    expect(formatUsd(60)).toBe('$60');
    expect(formatUsd(1000)).toBe('$1,000');
    expect(formatUsd(59.5)).toBe('$59.50');
    expect(formatUsd(0.1)).toBe('$0.10');
    expect(formatUsdCents(60)).toBe('$60.00');
    expect(formatUsdCents(1234.5)).toBe('$1,234.50');
  });

  it('writes USDT with both cents and no thousands separator', () => {
    expect(formatUsdt(50.4)).toBe('50.40 USDT');
    expect(formatUsdt(1500)).toBe('1500.00 USDT');
    expect(formatUsdtFigure(100.37)).toBe('100.37');
    expect(formatUsdtFigure(50)).toBe('50.00');
  });

  it('writes every whole-cent amount as its cents read back', () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(toCents(Number(formatUsdtFigure(centsToUsd(c))))).toBe(c);
        expect(toCents(Number(formatUsdCents(centsToUsd(c)).replace(/[$,]/g, '')))).toBe(c);
      }),
    );
  });
});
