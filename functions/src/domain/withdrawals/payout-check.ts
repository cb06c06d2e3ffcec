import { toCents } from '@goldbot/shared';
import type { ChainCheck, Withdrawal } from '@goldbot/shared';
import {
  CHAIN_CHECK_MESSAGES,
  CHAIN_CHECK_REASONS,
  emptyCheck,
  errorCheck,
  judged,
  readReceipt,
  type ChainCheckPolicy,
} from '../commerce/chain-check.js';
import {
  TronApiError,
  centsToUsdtUnits,
  formatTokenAmount,
  type TronLookup,
  type TronTransactionApi,
} from '../commerce/tron.js';
import { ConflictError, NotFoundError, ServiceUnavailableError } from '../errors.js';
import type { Logger } from '../logger-port.js';
import { toWithdrawalView, type WithdrawalRecord } from '../records/withdrawal-record.js';
import type { WithdrawalStore } from './withdrawals.js';

/**
 * The on-chain check of a withdrawal's payout (docs/data-model.md, "Withdrawal", the payout's
 * `payoutCheck`): the operator sends the USDT outside the system and names the transfer's TXID when
 * approving; this asks TRON for that transaction's solidified receipt (the same adapter and
 * receipt reading as the payments' check) and judges it. A **match** needs a successful USDT
 * transfer of exactly the approved amount to the withdrawal's TRC20 address, made no earlier than
 * the payment window's grace before the request. The verdict is stored on the withdrawal for the
 * admin; it never undoes the approval: a mismatch is flagged in the back-office for a person to
 * look at (a wrong TXID typed, a short or misdirected transfer).
 */

/** The admin-readable reasons specific to a payout (the receipt's own failures read as for payments). */
export const PAYOUT_CHECK_REASONS = {
  notFound: (afterMs: number) =>
    `not found on the TRON network ${Math.round(afterMs / 60_000)} minutes after the approval`,
  otherAddress: (to: string, address: string) => `USDT sent to ${to}, not to the withdrawal's address ${address}`,
  wrongAmount: (sent: string, approved: string) =>
    `${sent} USDT sent to the withdrawal's address, not the approved ${approved} USDT`,
  beforeRequest: (at: string, windowStart: string) =>
    `transferred at ${at}, before the withdrawal was requested (the check accepts transfers from ${windowStart})`,
} as const;

export const PAYOUT_CHECK_MESSAGES = {
  notFound: 'Withdrawal request not found. It may have been removed.',
  notApproved: 'Only an approved withdrawal has a payout to check on chain.',
} as const;

type JudgedPayout = Pick<WithdrawalRecord, 'amount' | 'trc20Address' | 'requestDate' | 'approvedDate'>;

/** The verdict on a payout from what TRON answered for its TXID, at `now`. */
export function judgePayout(
  withdrawal: JudgedPayout,
  lookup: TronLookup,
  now: Date,
  policy: ChainCheckPolicy,
): ChainCheck {
  const checkedAt = now.toISOString();
  if (lookup.kind === 'unknown') {
    // A payout is sent before it is approved: the wait for solidification runs from the approval.
    const since = Date.parse(withdrawal.approvedDate ?? withdrawal.requestDate);
    const age = now.getTime() - since;
    return age < policy.confirmationWindowMs
      ? emptyCheck('pending', checkedAt, [CHAIN_CHECK_REASONS.notConfirmed])
      : emptyCheck('not-found', checkedAt, [PAYOUT_CHECK_REASONS.notFound(age)]);
  }

  const address = withdrawal.trc20Address.trim();
  const receipt = readReceipt(lookup.info, checkedAt, address);
  if (receipt.kind === 'verdict') return receipt.check;
  const { base, blockTime, shown, reachedRecipient } = receipt;
  const reasons: string[] = [];
  if (!reachedRecipient) {
    reasons.push(PAYOUT_CHECK_REASONS.otherAddress(shown.to, address));
  } else {
    // A batch payout may carry several transfers; those to this address add up.
    const approved = centsToUsdtUnits(toCents(withdrawal.amount));
    if (shown.units !== approved) {
      reasons.push(PAYOUT_CHECK_REASONS.wrongAmount(formatTokenAmount(shown.units), formatTokenAmount(approved)));
    }
  }
  if (blockTime === undefined) {
    reasons.push(CHAIN_CHECK_REASONS.noBlockTime);
  } else {
    const windowStart = Date.parse(withdrawal.requestDate) - policy.graceMs;
    if (blockTime < windowStart) {
      reasons.push(
        PAYOUT_CHECK_REASONS.beforeRequest(new Date(blockTime).toISOString(), new Date(windowStart).toISOString()),
      );
    }
  }
  return judged(base, shown, reasons);
}

export type PayoutCheckSave =
  | { kind: 'saved' }
  /** An answer that may still change was not stored over a final one, which stays. */
  | { kind: 'kept'; current: ChainCheck | null }
  /** No approved withdrawal with that payout TXID (gone, or not approved). */
  | { kind: 'missing' };

export interface PayoutCheckStore extends Pick<WithdrawalStore, 'getWithdrawal' | 'getProfile'> {
  /**
   * Stores the verdict on the approved withdrawal whose payout is `payoutTxid` (only
   * `payoutCheck` changes). A verdict that may still change never replaces a final one.
   */
  savePayoutCheck(withdrawalId: string, payoutTxid: string, check: ChainCheck): Promise<PayoutCheckSave>;
}

export interface PayoutCheckDeps {
  store: PayoutCheckStore;
  /** Null when no TRON API is configured (TRON_API_URL unset). */
  tron: TronTransactionApi | null;
  now: () => Date;
  policy: ChainCheckPolicy;
  log: Logger;
}

/**
 * Asks TRON about an approved withdrawal's payout and stores the verdict; answers the verdict the
 * withdrawal now holds (a stored final one when TRON could not be asked this time). A TRON outage
 * is an 'error' verdict, never a failure. `budgetMs` bounds the look-up with its retries.
 */
export async function judgeAndSavePayout(
  deps: PayoutCheckDeps,
  withdrawal: WithdrawalRecord,
  options: { budgetMs?: number } = {},
): Promise<ChainCheck> {
  const { tron, store, log } = deps;
  if (withdrawal.status !== 'approved' || !withdrawal.payoutTxid) {
    throw new ConflictError(PAYOUT_CHECK_MESSAGES.notApproved);
  }
  if (!tron) throw new ServiceUnavailableError(CHAIN_CHECK_MESSAGES.notConfigured);
  let check: ChainCheck;
  try {
    const lookup = await tron.transactionInfo(withdrawal.payoutTxid, { budgetMs: options.budgetMs });
    check = judgePayout(withdrawal, lookup, deps.now(), deps.policy);
  } catch (error) {
    if (!(error instanceof TronApiError)) throw error;
    check = errorCheck(deps.now(), error.message);
  }
  const saved = await store.savePayoutCheck(withdrawal._id, withdrawal.payoutTxid, check);
  if (saved.kind === 'missing') throw new NotFoundError(PAYOUT_CHECK_MESSAGES.notFound);
  const stored = saved.kind === 'kept' && saved.current ? saved.current : check;
  log.info('payout chain check', {
    withdrawalId: withdrawal._id,
    status: check.status,
    ...(saved.kind === 'kept' ? { kept: stored.status } : {}),
    reasons: check.reasons,
  });
  return stored;
}

/**
 * The admin's 'Check on chain' of a payout: the withdrawal with its new verdict (the admin view,
 * with the requester's live balance). 404 for an unknown id, 409 for one not approved.
 */
export async function checkPayout(
  deps: PayoutCheckDeps,
  withdrawalId: string,
  options: { budgetMs?: number } = {},
): Promise<{ withdrawal: Withdrawal }> {
  const withdrawal = await deps.store.getWithdrawal(withdrawalId);
  if (!withdrawal) throw new NotFoundError(PAYOUT_CHECK_MESSAGES.notFound);
  const payoutCheck = await judgeAndSavePayout(deps, withdrawal, options);
  const profile = await deps.store.getProfile(withdrawal.userId);
  return {
    withdrawal: toWithdrawalView(
      { ...withdrawal, payoutCheck },
      profile
        ? { username: profile.username, email: profile.email, referralEarnings: profile.balances.available }
        : { referralEarnings: 0 },
    ),
  };
}
