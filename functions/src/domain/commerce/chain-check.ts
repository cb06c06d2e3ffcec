import {
  CHAIN_CHECK_RECHECKABLE,
  isTronTxid,
  type ChainCheck,
  type ChainCheckStatus,
  type Payment,
} from '@goldbot/shared';
import { TronApiError, type TronLookup, type TronTransactionApi } from './tron.js';
import type { AmountHold } from '../records/order-record.js';
import { toPaymentView, type PaymentRecord } from '../records/payment-record.js';
import type { Logger } from '../logger-port.js';
import { DomainError, NotFoundError, ServiceUnavailableError } from '../errors.js';
import { sweep, type Page, type SweepResult } from '../jobs/sweep.js';
import { REVIEW_MESSAGES, type DecisionResult } from './payment-review.js';
import { isWholeCents, toCents } from './purchase.js';
import {
  centsToUsdtUnits,
  decodeResMessage,
  formatTokenAmount,
  receiptFailure,
  usdtToUnits,
  usdtTransfers,
} from './tron.js';

/**
 * The on-chain pre-check of a USDT payment (docs/data-model.md, the payment's `chainCheck` and the
 * on-chain access patterns): the TXID's format, TRON's solidified receipt, the USDT transfer in it compared with the
 * payment's wallet snapshot, the amount due and the payment window, and the verdict stored on the
 * payment. It runs after the payment is saved, on the admin's demand and from job-chain-recheck.
 * The verdict informs the admin and decides nothing, except that a 'match' is approved by the
 * system when the autoApproveOnMatch setting is on (through the admin's own approval).
 */

export interface ChainCheckPolicy {
  /** USDT micro-units a transfer may fall short of the amount due and still match (default 0). */
  amountToleranceUnits: bigint;
  /**
   * How long before the moment the wallet was shown a transfer may have happened. The payment keeps
   * no 'shown at' instant (the modal reads the wallet without writing anything), so the window
   * starts at the payment's submission (createdAt) minus this grace (default 24 h).
   */
  graceMs: number;
  /** After submission, an id the chain does not know is 'pending' for this long, then 'not-found'. */
  confirmationWindowMs: number;
  /** How long after submission job-chain-recheck keeps asking (24 h). */
  recheckWindowMs: number;
}

export const DEFAULT_CHAIN_CHECK_POLICY: ChainCheckPolicy = {
  amountToleranceUnits: 0n,
  graceMs: 24 * 3_600_000,
  // TRON solidifies a block after about 19 more blocks of 3 s (about a minute); a transfer the
  // customer made before submitting its id is final well within this, so later it is 'not found'.
  confirmationWindowMs: 10 * 60_000,
  recheckWindowMs: 24 * 3_600_000,
};

/** A policy from configuration (tolerance in USDT, grace in hours). */
export const chainCheckPolicy = (toleranceUsdt: number, graceHours: number): ChainCheckPolicy => ({
  ...DEFAULT_CHAIN_CHECK_POLICY,
  amountToleranceUnits: usdtToUnits(toleranceUsdt),
  graceMs: graceHours * 3_600_000,
});

const minutesText = (ms: number) => `${Math.round(ms / 60_000)} minutes`;
const hoursText = (ms: number) => `${Math.round((ms / 3_600_000) * 10) / 10} h`;

/** The reasons an admin reads, one line each. */
export const CHAIN_CHECK_REASONS = {
  invalid: 'not a TRON transaction id',
  notConfirmed: 'not confirmed yet',
  notFound: (afterMs: number) => `not found on the TRON network ${minutesText(afterMs)} after submission`,
  failed: (result: string, message?: string) =>
    `the transaction failed on chain (${result}${message ? `: ${message}` : ''})`,
  noUsdt: 'no USDT (TRC20) transfer in this transaction',
  otherWallet: (to: string, wallet: string) => `USDT sent to ${to}, not to the payment wallet ${wallet}`,
  tooLittle: (received: string, due: string) => `${received} USDT received, less than the ${due} USDT due`,
  notOrderAmount: (received: string, due: string) =>
    `${received} USDT received, not this order's exact amount of ${due} USDT`,
  paysAnotherOrder: (received: string) =>
    `${received} USDT is the exact amount of another customer's open order: this transfer pays another order`,
  tooOld: (at: string, windowStart: string, graceMs: number) =>
    `transferred at ${at}, before the payment window (from ${windowStart}, ${hoursText(graceMs)} before the payment was submitted)`,
  noBlockTime: 'the receipt has no block time',
} as const;

const emptyCheck = (status: ChainCheckStatus, checkedAt: string, reasons: string[]): ChainCheck => ({
  status,
  checkedAt,
  confirmedAt: null,
  from: null,
  to: null,
  amount: null,
  blockNumber: null,
  reasons,
});

/** The verdict on a TXID that is not TRON-shaped (nothing is sent to TRON). */
export const invalidCheck = (now: Date): ChainCheck =>
  emptyCheck('invalid', now.toISOString(), [CHAIN_CHECK_REASONS.invalid]);

/** The verdict when TRON could not be asked. */
export const errorCheck = (now: Date, reason: string): ChainCheck => emptyCheck('error', now.toISOString(), [reason]);

type JudgedPayment = Pick<PaymentRecord, 'amount' | 'createdAt' | 'orderAmount'> & { wallet: { address: string } };

/** The verdict from what TRON answered (found or unknown) for `payment`, at `now`. */
export function judgeLookup(
  payment: JudgedPayment,
  lookup: TronLookup,
  now: Date,
  policy: ChainCheckPolicy,
): ChainCheck {
  const checkedAt = now.toISOString();
  const submittedAt = Date.parse(payment.createdAt);
  if (lookup.kind === 'unknown') {
    const age = now.getTime() - submittedAt;
    return age < policy.confirmationWindowMs
      ? emptyCheck('pending', checkedAt, [CHAIN_CHECK_REASONS.notConfirmed])
      : emptyCheck('not-found', checkedAt, [CHAIN_CHECK_REASONS.notFound(age)]);
  }

  const { info } = lookup;
  const blockTime = info.blockTimeStamp;
  const base = {
    checkedAt,
    confirmedAt: blockTime === undefined ? null : new Date(blockTime).toISOString(),
    blockNumber: info.blockNumber ?? null,
  };
  const failure = receiptFailure(info);
  const transfers = usdtTransfers(info);
  if (failure !== undefined) {
    const first = transfers[0];
    return {
      ...base,
      status: 'mismatch',
      from: first?.from ?? null,
      to: first?.to ?? null,
      amount: first ? formatTokenAmount(first.units) : null,
      reasons: [CHAIN_CHECK_REASONS.failed(failure, decodeResMessage(info))],
    };
  }
  if (transfers.length === 0) {
    return { ...base, status: 'mismatch', from: null, to: null, amount: null, reasons: [CHAIN_CHECK_REASONS.noUsdt] };
  }

  const reasons: string[] = [];
  const wallet = payment.wallet.address.trim();
  const toWallet = transfers.filter((t) => t.to === wallet);
  let shown: { from: string; to: string; units: bigint };
  if (toWallet.length === 0) {
    const first = transfers[0] ?? { from: '', to: '', units: 0n };
    shown = first;
    reasons.push(CHAIN_CHECK_REASONS.otherWallet(first.to, wallet));
  } else {
    // Several transfers to the wallet in one transaction add up.
    const units = toWallet.reduce((sum, t) => sum + t.units, 0n);
    shown = { from: toWallet[0]?.from ?? '', to: wallet, units };
    if (payment.orderAmount !== undefined) {
      // An order's payment matches only its exact amount: that amount is what names its buyer.
      const due = centsToUsdtUnits(toCents(payment.orderAmount));
      if (units !== due)
        reasons.push(CHAIN_CHECK_REASONS.notOrderAmount(formatTokenAmount(units), formatTokenAmount(due)));
    } else {
      // A payment from before orders: at least the amount due, less the configured tolerance.
      const due = centsToUsdtUnits(toCents(payment.amount));
      if (units + policy.amountToleranceUnits < due) {
        reasons.push(CHAIN_CHECK_REASONS.tooLittle(formatTokenAmount(units), formatTokenAmount(due)));
      }
    }
  }
  if (blockTime === undefined) {
    reasons.push(CHAIN_CHECK_REASONS.noBlockTime);
  } else {
    const windowStart = submittedAt - policy.graceMs;
    if (blockTime < windowStart) {
      reasons.push(
        CHAIN_CHECK_REASONS.tooOld(
          new Date(blockTime).toISOString(),
          new Date(windowStart).toISOString(),
          policy.graceMs,
        ),
      );
    }
  }
  return {
    ...base,
    status: reasons.length === 0 ? 'match' : 'mismatch',
    from: shown.from,
    to: shown.to,
    amount: formatTokenAmount(shown.units),
    reasons,
  };
}

/** The shortest wait between two look-ups of one payment by job-chain-recheck (its schedule). */
export const RECHECK_FIRST_WAIT_MS = 5 * 60_000;

/**
 * Whether job-chain-recheck should ask again: a pending payment whose verdict may still change,
 * inside the window (24 hours: the order's amount stays held that long, then the order is over),
 * and backing off: the wait since the last look-up is at least as long as the payment had been
 * waiting then (and at least 5 minutes), so look-ups come about 5, 10, 20, 40 ... minutes after
 * submission: at most 10 a day per payment instead of 288.
 */
export function needsRecheck(payment: PaymentRecord, now: Date, policy: ChainCheckPolicy): boolean {
  if (payment.status !== 'pending') return false;
  const submittedAt = Date.parse(payment.createdAt);
  if (now.getTime() - submittedAt > policy.recheckWindowMs) return false;
  const check = payment.chainCheck;
  if (!check) return true;
  if (!CHAIN_CHECK_RECHECKABLE.includes(check.status)) return false;
  const checkedAt = Date.parse(check.checkedAt);
  const wait = Math.max(RECHECK_FIRST_WAIT_MS, checkedAt - submittedAt);
  // The job runs every 5 minutes: a minute's slack keeps a run from just missing its turn.
  return now.getTime() - checkedAt >= wait - 60_000;
}

// ---------------------------------------------------------------------------------------------
// The use case

export type SaveOutcome =
  | { kind: 'saved' }
  /** The verdict was an 'error' and the payment already holds a final one, which stays. */
  | { kind: 'kept'; current: ChainCheck | null }
  | { kind: 'missing' };

export interface ChainCheckStore {
  /** Consistent read of the payment. */
  getPayment(id: string): Promise<PaymentRecord | undefined>;
  /**
   * Stores the verdict on the payment (only `chainCheck` changes). An 'error' never replaces a
   * final verdict ('match', 'mismatch', 'invalid'): the chain's final answer does not change, and an
   * outage must not hide it.
   */
  saveChainCheck(paymentId: string, check: ChainCheck): Promise<SaveOutcome>;
  /** The autoApproveOnMatch setting (missing = off). */
  autoApproveOnMatch(): Promise<boolean>;
  /** Who holds an exact amount (an open order, or a submitted payment until its check settles). */
  amountHolder(amountCents: number): Promise<AmountHold | null>;
  /** Frees a submitted payment's amount once its check has settled (only while this payment holds it). */
  releaseAmount(amountCents: number, paymentId: string): Promise<void>;
  /**
   * Records that `address` sent this payment's transfer, and answers whether it sent transfers for
   * other customers' payments before (one Query of the address's partition, one PutItem).
   */
  recordPayer(address: string, payment: Pick<PaymentRecord, '_id' | 'userId' | 'createdAt'>): Promise<boolean>;
  /**
   * Pending payments submitted at or after `since`, newest first, whose verdict may still
   * change (none yet, 'pending', 'not-found', 'error'): one Query page of GSI2 PAYMENTS#pending.
   */
  listRecheckCandidates(since: string, cursor: string | undefined): Promise<Page<PaymentRecord>>;
}

export interface ChainCheckDeps {
  store: ChainCheckStore;
  /** Null when no TRON API is configured (TRON_API_URL unset). */
  tron: TronTransactionApi | null;
  now: () => Date;
  policy: ChainCheckPolicy;
  /** Approves the payment as the system (action 'payment.auto-approve'), through approvePayment. */
  autoApprove: (payment: PaymentRecord, check: ChainCheck) => Promise<DecisionResult>;
  log: Logger;
}

export type CheckOrigin = 'submission' | 'admin' | 'recheck';

export interface CheckResult {
  payment: Payment;
  /** The verdict the payment now holds (the stored final one when an 'error' was not saved over it). */
  check: ChainCheck;
  autoApproved: boolean;
}

export const CHAIN_CHECK_MESSAGES = {
  notConfigured:
    'The on-chain check is not configured on this server (TRON_API_URL). Check the TXID on a block explorer.',
} as const;

/** Asks TRON about one payment's TXID (unless it is not TRON-shaped) and stores the verdict. */
export async function checkPayment(
  deps: ChainCheckDeps,
  paymentId: string,
  options: { origin: CheckOrigin; budgetMs?: number },
): Promise<CheckResult> {
  const { store, log, tron } = deps;
  const payment = await store.getPayment(paymentId);
  if (!payment) throw new NotFoundError(REVIEW_MESSAGES.notFound);

  let check: ChainCheck;
  if (!isTronTxid(payment.txidNormalized)) {
    check = invalidCheck(deps.now());
  } else {
    if (!tron) throw new ServiceUnavailableError(CHAIN_CHECK_MESSAGES.notConfigured);
    try {
      const lookup = await tron.transactionInfo(payment.txidNormalized, {
        budgetMs: options.budgetMs,
      });
      check = judgeLookup(payment, lookup, deps.now(), deps.policy);
    } catch (error) {
      if (!(error instanceof TronApiError)) throw error;
      check = errorCheck(deps.now(), error.message);
    }
    check = await attribute(deps, payment, check);
  }

  const saved = await store.saveChainCheck(payment._id, check);
  if (saved.kind === 'missing') throw new NotFoundError(REVIEW_MESSAGES.notFound);
  const stored = saved.kind === 'kept' && saved.current ? saved.current : check;
  log.info('payment chain check', {
    paymentId: payment._id,
    origin: options.origin,
    status: check.status,
    ...(saved.kind === 'kept' ? { kept: stored.status } : {}),
    reasons: check.reasons,
  });
  const checked: PaymentRecord = { ...payment, chainCheck: stored };
  // A settled check frees the order's amount for the next order (a recheck would not change it).
  if (payment.orderAmount !== undefined && !CHAIN_CHECK_RECHECKABLE.includes(stored.status)) {
    await store.releaseAmount(toCents(payment.orderAmount), payment._id);
  }

  if (stored.status === 'match' && payment.status === 'pending' && (await store.autoApproveOnMatch())) {
    try {
      const result = await deps.autoApprove(checked, stored);
      const autoApproved = result.message === REVIEW_MESSAGES.approved(payment.username);
      log.info('payment auto-approval answered', { paymentId: payment._id, autoApproved, message: result.message });
      return { payment: result.payment, check: stored, autoApproved };
    } catch (error) {
      // Decided or changed meanwhile (409), or gone (404): the admin's queue shows where it stands.
      if (!(error instanceof DomainError)) throw error;
      log.warn('payment auto-approval refused', { paymentId: payment._id, reason: error.message });
    }
  }
  return { payment: toPaymentView(checked), check: stored, autoApproved: false };
}

/**
 * Who the transfer belongs to: a transfer to the wallet that carries another open order's exact
 * amount pays that order, not this one (a 'mismatch' saying so, never auto-approved); and the
 * sender's address is recorded, with whether it paid other customers' payments before.
 */
async function attribute(deps: ChainCheckDeps, payment: PaymentRecord, check: ChainCheck): Promise<ChainCheck> {
  let judged = check;
  const received = check.amount;
  if (
    payment.orderAmount !== undefined &&
    received !== null &&
    check.to === payment.wallet.address.trim() &&
    isWholeCents(Number(received)) &&
    toCents(Number(received)) !== toCents(payment.orderAmount)
  ) {
    const holder = await deps.store.amountHolder(toCents(Number(received)));
    const nowSeconds = Math.floor(deps.now().getTime() / 1000);
    if (holder && holder.expiresAt > nowSeconds && holder.orderId !== payment.orderId) {
      const notThisOrder = CHAIN_CHECK_REASONS.notOrderAmount(
        received,
        formatTokenAmount(centsToUsdtUnits(toCents(payment.orderAmount))),
      );
      judged = {
        ...check,
        status: 'mismatch',
        reasons: check.reasons.map((reason) =>
          reason === notThisOrder ? CHAIN_CHECK_REASONS.paysAnotherOrder(received) : reason,
        ),
      };
    }
  }
  if (judged.from) return { ...judged, payerPaidOthers: await deps.store.recordPayer(judged.from, payment) };
  return judged;
}

export type RecheckOutcome =
  'match' | 'mismatch' | 'pending' | 'notFound' | 'invalid' | 'error' | 'autoApproved' | 'skipped';

const OUTCOME: Record<ChainCheckStatus, RecheckOutcome> = {
  match: 'match',
  mismatch: 'mismatch',
  pending: 'pending',
  'not-found': 'notFound',
  invalid: 'invalid',
  error: 'error',
};

/**
 * job-chain-recheck: every pending payment of the last 24 hours whose verdict may still change is
 * checked again; one that has its final verdict, or is older than the window, is not. One failed
 * item (a DynamoDB error) never stops the rest.
 */
export async function recheckPayments(
  deps: ChainCheckDeps,
  run: { now: Date; remainingMs: () => number; onFailure: (payment: PaymentRecord, error: unknown) => void },
): Promise<SweepResult<RecheckOutcome>> {
  const since = new Date(run.now.getTime() - deps.policy.recheckWindowMs).toISOString();
  return sweep<PaymentRecord, RecheckOutcome>({
    readPage: (cursor) => deps.store.listRecheckCandidates(since, cursor),
    handle: async (payment) => {
      if (!needsRecheck(payment, deps.now(), deps.policy)) return 'skipped';
      const result = await checkPayment(deps, payment._id, { origin: 'recheck' });
      return result.autoApproved ? 'autoApproved' : OUTCOME[result.check.status];
    },
    onFailure: run.onFailure,
    remainingMs: run.remainingMs,
  });
}
