const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });
const plain = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** "$60", "$1,000", "$59.50". */
export const formatUsd = (amount: number) => usd.format(amount).replace(/\.00$/, '');

/** "50 USDT" (USDT is pegged to the dollar: the amount due is the price in dollars). */
export const formatUsdt = (amount: number) => `${plain.format(amount)} USDT`;

/**
 * The amount due (customer §4, DESIGN.md §7): the catalog price minus the referral discount,
 * never below 0, in cents. The server computes the same and refuses a mismatch.
 */
export function amountDue(priceUsd: number, discountUsd = 0): number {
  return Math.max(0, Math.round((priceUsd - discountUsd) * 100) / 100);
}
