import { centsToUsd, toCents } from '@goldbot/shared';

/**
 * The referral balances of one user (docs/data-model.md, "Why `referralEarnings` stays consistent"). `available` is the API's
 * `referralEarnings`, the only figure a customer can withdraw; the others are kept beside it so
 * that money is never created, lost or paid twice:
 *
 *   lifetime (every credit) - clawedBack (rewards taken back by refunds)
 *     = available + held (pending requests) + paidOut (settled) - owed (taken back but not yet covered)
 *
 * Balances move only in five transactions, each appending one ledger entry: credit (payment
 * approval), hold (request), settle (approval), release (rejection) and clawback (a refund of the
 * referred purchase). A clawback takes what it can from `available` and records the rest as
 * `owed`, so no balance ever goes below zero; the next credits settle `owed` first.
 */
export interface ReferralBalances {
  available: number;
  held: number;
  lifetime: number;
  paidOut: number;
  /** Every reward taken back by a refund. */
  clawedBack: number;
  /** Taken back but not yet covered by later credits. */
  owed: number;
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
  clawedBack: amountOf(profile.referralClawedBack),
  owed: amountOf(profile.referralOwed),
});

/**
 * The reconciliation: what was credited and not taken back is available, held or paid out (less
 * what is owed), and nothing is negative. Compared in whole cents, so it never fails on a
 * floating-point tail.
 */
export const isReconciled = (b: ReferralBalances) =>
  toCents(b.lifetime) - toCents(b.clawedBack) ===
    toCents(b.available) + toCents(b.held) + toCents(b.paidOut) - toCents(b.owed) &&
  b.available >= 0 &&
  b.held >= 0 &&
  b.paidOut >= 0 &&
  b.clawedBack >= 0 &&
  b.owed >= 0;

export type LedgerMove = 'credit' | 'hold' | 'settle' | 'release' | 'clawback';

/** A ledger entry as the reconciliation reads it (ledger-entity.ts has the stored shape). */
export interface LedgerLine {
  type: LedgerMove;
  amount: number;
  /** A credit's part that settled what was owed. */
  offset?: number;
  /** A clawback's part taken from available earnings (the rest is `amount - fromAvailable`, owed). */
  fromAvailable?: number;
}

/** Balances from a ledger (the operator's reconciliation, one Query of a user's ledger): each entry is one move. */
export function balancesFromLedger(entries: readonly LedgerLine[]): ReferralBalances {
  const b = { available: 0, held: 0, lifetime: 0, paidOut: 0, clawedBack: 0, owed: 0 };
  for (const { type, amount, offset = 0, fromAvailable = 0 } of entries) {
    const c = toCents(amount);
    if (type === 'credit') {
      b.available += c - toCents(offset);
      b.owed -= toCents(offset);
      b.lifetime += c;
    } else if (type === 'hold') {
      b.available -= c;
      b.held += c;
    } else if (type === 'settle') {
      b.held -= c;
      b.paidOut += c;
    } else if (type === 'release') {
      b.held -= c;
      b.available += c;
    } else {
      b.clawedBack += c;
      b.available -= toCents(fromAvailable);
      b.owed += c - toCents(fromAvailable);
    }
  }
  return {
    available: centsToUsd(b.available),
    held: centsToUsd(b.held),
    lifetime: centsToUsd(b.lifetime),
    paidOut: centsToUsd(b.paidOut),
    clawedBack: centsToUsd(b.clawedBack),
    owed: centsToUsd(b.owed),
  };
}
