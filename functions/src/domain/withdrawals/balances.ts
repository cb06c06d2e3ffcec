/**
 * The referral balances of one user (docs/data-model.md, "Why `referralEarnings` stays consistent"). `available` is the API's
 * `referralEarnings`, the only figure a customer can withdraw; the others are kept beside it so
 * that money is never created, lost or paid twice:
 *
 *   lifetime (every credit) = available + held (pending requests) + paidOut (settled)
 *
 * Balances move only in four transactions, each appending one ledger entry: credit (payment
 * approval), hold (request), settle (approval) and release (rejection).
 */
export interface ReferralBalances {
  available: number;
  held: number;
  lifetime: number;
  paidOut: number;
}

const amountOf = (value: unknown) => {
  const n = typeof value === 'number' ? value : Number(value ?? 0);
  return Number.isFinite(n) ? n : 0;
};

/** The balances stored on a profile item; attributes a profile never had yet count as 0. */
export const balancesOf = (profile: Record<string, unknown>): ReferralBalances => ({
  available: amountOf(profile.referralEarnings),
  held: amountOf(profile.referralHeld),
  lifetime: amountOf(profile.referralLifetime),
  paidOut: amountOf(profile.referralPaidOut),
});

/** The reconciliation: what was credited is available, held or paid out, and nothing is negative. */
export const isReconciled = (b: ReferralBalances) =>
  b.lifetime === b.available + b.held + b.paidOut && b.available >= 0 && b.held >= 0 && b.paidOut >= 0;

export type LedgerMove = 'credit' | 'hold' | 'settle' | 'release';

/** Balances from a ledger (the operator's reconciliation, one Query of a user's ledger): each entry is one move. */
export function balancesFromLedger(entries: readonly { type: LedgerMove; amount: number }[]): ReferralBalances {
  const b: ReferralBalances = { available: 0, held: 0, lifetime: 0, paidOut: 0 };
  for (const { type, amount } of entries) {
    if (type === 'credit') {
      b.available += amount;
      b.lifetime += amount;
    } else if (type === 'hold') {
      b.available -= amount;
      b.held += amount;
    } else if (type === 'settle') {
      b.held -= amount;
      b.paidOut += amount;
    } else {
      b.held -= amount;
      b.available += amount;
    }
  }
  return b;
}
