/**
 * The amount due: the catalog price minus the referral discount, never below 0, in cents. The
 * server computes the same and refuses a mismatch.
 */
export function amountDue(priceUsd: number, discountUsd = 0): number {
  return Math.max(0, Math.round((priceUsd - discountUsd) * 100) / 100);
}
