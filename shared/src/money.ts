/**
 * Money, the one place it is converted, rounded and written: the functions and the web app both
 * use these, so a price, a discount or a balance is the same figure on the server, in a mail and
 * on the page. Amounts travel as dollars (numbers with at most two decimals, the API's shape) and
 * are stored and compared as integer cents (docs/data-model.md, "Conventions"): adding or
 * comparing dollars in floating point leaves tails (0.1 + 0.2 is not 0.3), cents never do.
 */

/** Dollars to whole cents: 59.99 → 5999; a fraction of a cent is rounded half up. */
export const toCents = (usd: number): number => Math.round(usd * 100);

/** Whole cents back to dollars: 5999 → 59.99. */
export const centsToUsd = (cents: number): number => cents / 100;

/** Dollars rounded to the cent, without a floating-point tail: 0.1 + 0.2 → 0.3. */
export const roundToCents = (usd: number): number => centsToUsd(toCents(usd));

/** True when `usd` is a whole number of cents (59.99 is, 59.999 is not). */
export const isWholeCents = (usd: number): boolean => Math.abs(usd * 100 - Math.round(usd * 100)) < 1e-6;

/** The submitted amount equals the amount due to the cent (a fraction of a cent never matches). */
export const amountMatches = (submittedUsd: number, dueUsd: number): boolean =>
  isWholeCents(submittedUsd) && toCents(submittedUsd) === toCents(dueUsd);

/** A price with its discount applied, each figure in dollars rounded to the cent. */
export interface DiscountedPrice {
  /** The catalog price. */
  originalAmount: number;
  /** The part of the discount actually applied (never more than the price). */
  referralDiscount: number;
  /** What is due: the price minus the discount, never below 0. */
  amount: number;
}

/**
 * The price minus the discount, never below 0, computed in cents: the payment window shows this
 * and the server refuses a submission that differs from it, so both must compute it the same way.
 */
export function discountedPrice(priceUsd: number, discountUsd: number): DiscountedPrice {
  const priceCents = toCents(priceUsd);
  const amountCents = Math.max(0, priceCents - toCents(discountUsd));
  return {
    originalAmount: centsToUsd(priceCents),
    referralDiscount: centsToUsd(priceCents - amountCents),
    amount: centsToUsd(amountCents),
  };
}

/**
 * The US-dollar formatter, made on first use: the first Intl formatter of a browser or a Lambda
 * loads its locale data, which would otherwise hold up every module that merely imports this one.
 */
let usdFormat: Intl.NumberFormat | undefined;
const usd = () => (usdFormat ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }));

/** "$60", "$1,000", "$59.50": dollars, with cents only when there are some. */
export const formatUsd = (amount: number): string => usd().format(amount).replace(/\.00$/, '');

/** "$60.00", "$1,234.50": dollars with every cent (receipts, trading results). */
export const formatUsdCents = (amount: number): string => usd().format(amount);

/**
 * "100.37", "50.00": an amount of USDT with both cents and no thousands separator, so the figure
 * can be typed into a wallet as it reads (the mails put their own "USDT" beside it).
 */
export const formatUsdtFigure = (amount: number): string => amount.toFixed(2);

/** "50.40 USDT", "1500.00 USDT": an amount of USDT as the customer must send it. */
export const formatUsdt = (amount: number): string => `${formatUsdtFigure(amount)} USDT`;
