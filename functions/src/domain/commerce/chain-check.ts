import {
  CHAIN_CHECK_RECHECKABLE,
  ORDER,
  isTronTxid,
  type ChainCheck,
  type ChainCheckStatus,
  type Payment,
  toCents,
} from '@goldbot/shared';
import { TronApiError, type TransactionInfo, type TronLookup, type TronTransactionApi } from './tron.js';
import { toPaymentView, type PaymentRecord } from '../records/payment-record.js';
import type { TransferRecord } from '../records/transfer-record.js';
import type { Logger } from '../logger-port.js';
import { DomainError, NotFoundError, ServiceUnavailableError } from '../errors.js';
import { sweep, type Page, type SweepResult } from '../jobs/sweep.js';
import { REVIEW_MESSAGES, type DecisionResult } from './payment-decisions.js';
import type { SettleOutcome } from './binding.js';
import { transferFromReceipt } from './transfers.js';
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
 *
 * Over 400 lines on purpose: the verdict (the policy, the reasons' wording, the payment window and
 * the judging of a receipt) and the three ways a check runs (after the submission, on the admin's
 * demand, the recheck sweep) are one procedure. Every run judges with the same policy, saves the
 * verdict under the same condition and binds a found transfer or approves a match through the
 * same steps; apart, a change to the verdict would have to be followed into a second file to see
 * what it does to a payment. The judging half is pure and is tested on its own (chain-check.test.ts).
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
  /** A payment of an order: a transfer up to this long before the order's creation pays it (clock skew). */
  orderSkewMs: number;
  /** A payment of an order: and up to this long after its expiry (ORDER_GRACE_MINUTES). */
  orderGraceMs: number;
}

export const DEFAULT_CHAIN_CHECK_POLICY: ChainCheckPolicy = {
  amountToleranceUnits: 0n,
  orderSkewMs: ORDER.skewMinutes * 60_000,
  orderGraceMs: ORDER.graceMinutes * 60_000,
  graceMs: 24 * 3_600_000,
  // TRON solidifies a block after about 19 more blocks of 3 s (about a minute); a transfer the
  // customer made before submitting its id is final well within this, so later it is 'not found'.
  confirmationWindowMs: 10 * 60_000,
  recheckWindowMs: 24 * 3_600_000,
};

/** A policy from configuration (tolerance in USDT, grace in hours, the orders' grace in minutes). */
export const chainCheckPolicy = (
  toleranceUsdt: number,
  graceHours: number,
  orderGraceMinutes: number = ORDER.graceMinutes,
): ChainCheckPolicy => ({
  ...DEFAULT_CHAIN_CHECK_POLICY,
  amountToleranceUnits: usdtToUnits(toleranceUsdt),
  graceMs: graceHours * 3_600_000,
  orderGraceMs: orderGraceMinutes * 60_000,
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
    `${received} USDT is the exact amount of another order, and the chain bound this transfer to that order`,
  paidThisOrderAgain: (paymentId: string) =>
    `the chain bound this transfer to this order's payment ${paymentId}, not to this one`,
  outsideOrder: (at: string, from: string, to: string) =>
    `transferred at ${at}, outside this payment order's time (${from} to ${to})`,
  tooOld: (at: string, windowStart: string, graceMs: number) =>
    `transferred at ${at}, before the payment window (from ${windowStart}, ${hoursText(graceMs)} before the payment was submitted)`,
  noBlockTime: 'the receipt has no block time',
} as const;

export const emptyCheck = (status: ChainCheckStatus, checkedAt: string, reasons: string[]): ChainCheck => ({
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

type JudgedPayment = Pick<
  PaymentRecord,
  'amount' | 'createdAt' | 'orderAmount' | 'orderCreatedAt' | 'orderExpiresAt'
> & {
  wallet: { address: string };
};

/**
 * The times a transfer may pay `payment` in: its order's lifetime (creation less the clock skew,
 * expiry plus the grace) for a payment of an order that records it; else, for older payments, from
 * `graceMs` before the submission.
 */
export function paymentWindow(
  payment: JudgedPayment,
  policy: Pick<ChainCheckPolicy, 'graceMs' | 'orderSkewMs' | 'orderGraceMs'>,
): { from: number; to: number | null; ofOrder: boolean } {
  if (payment.orderCreatedAt && payment.orderExpiresAt) {
    return {
      from: Date.parse(payment.orderCreatedAt) - policy.orderSkewMs,
      to: Date.parse(payment.orderExpiresAt) + policy.orderGraceMs,
      ofOrder: true,
    };
  }
  return { from: Date.parse(payment.createdAt) - policy.graceMs, to: null, ofOrder: false };
}

/** What a receipt shows before its recipient and amount are judged. */
export type ReceiptReading =
  /** Final already: the transaction failed, or moved no USDT. */
  | { kind: 'verdict'; check: ChainCheck }
  | {
      kind: 'transfers';
      base: Pick<ChainCheck, 'checkedAt' | 'confirmedAt' | 'blockNumber'>;
      blockTime: number | undefined;
      /** The USDT sent to the recipient, added up (several transfers in one transaction); else the first transfer. */
      shown: { from: string; to: string; units: bigint };
      reachedRecipient: boolean;
    };

/**
 * A TRON receipt read for one recipient (the shop's wallet for a payment, the customer's address
 * for a payout): a failed transaction or one without a USDT transfer is a Mismatch at once; else
 * the USDT it sent to the recipient, for the caller to judge.
 */
export function readReceipt(info: TransactionInfo, checkedAt: string, recipient: string): ReceiptReading {
  const blockTime = info.blockTimeStamp;
  const base = {
    checkedAt,
    confirmedAt: blockTime === undefined ? null : new Date(blockTime).toISOString(),
    blockNumber: info.blockNumber ?? null,
  };
  const transfers = usdtTransfers(info);
  const failure = receiptFailure(info);
  if (failure !== undefined) {
    const first = transfers[0];
    return {
      kind: 'verdict',
      check: {
        ...base,
        status: 'mismatch',
        from: first?.from ?? null,
        to: first?.to ?? null,
        amount: first ? formatTokenAmount(first.units) : null,
        reasons: [CHAIN_CHECK_REASONS.failed(failure, decodeResMessage(info))],
      },
    };
  }
  if (transfers.length === 0) {
    return {
      kind: 'verdict',
      check: { ...base, status: 'mismatch', from: null, to: null, amount: null, reasons: [CHAIN_CHECK_REASONS.noUsdt] },
    };
  }
  const toRecipient = transfers.filter((t) => t.to === recipient);
  if (toRecipient.length === 0) {
    const first = transfers[0] ?? { from: '', to: '', units: 0n };
    return { kind: 'transfers', base, blockTime, shown: first, reachedRecipient: false };
  }
  const units = toRecipient.reduce((sum, t) => sum + t.units, 0n);
  return {
    kind: 'transfers',
    base,
    blockTime,
    shown: { from: toRecipient[0]?.from ?? '', to: recipient, units },
    reachedRecipient: true,
  };
}

/** The verdict once judged: a Match when nothing was found wrong. */
export const judged = (
  base: Pick<ChainCheck, 'checkedAt' | 'confirmedAt' | 'blockNumber'>,
  shown: { from: string; to: string; units: bigint },
  reasons: string[],
): ChainCheck => ({
  ...base,
  status: reasons.length === 0 ? 'match' : 'mismatch',
  from: shown.from,
  to: shown.to,
  amount: formatTokenAmount(shown.units),
  reasons,
});

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

  const receipt = readReceipt(lookup.info, checkedAt, payment.wallet.address.trim());
  if (receipt.kind === 'verdict') return receipt.check;
  const { base, blockTime, shown, reachedRecipient } = receipt;
  const reasons: string[] = [];
  if (!reachedRecipient) {
    reasons.push(CHAIN_CHECK_REASONS.otherWallet(shown.to, payment.wallet.address.trim()));
  } else if (payment.orderAmount !== undefined) {
    // An order's payment matches only its exact amount: that amount is what names its buyer.
    const due = centsToUsdtUnits(toCents(payment.orderAmount));
    if (shown.units !== due) {
      reasons.push(CHAIN_CHECK_REASONS.notOrderAmount(formatTokenAmount(shown.units), formatTokenAmount(due)));
    }
  } else {
    // A payment from before orders: at least the amount due, less the configured tolerance.
    const due = centsToUsdtUnits(toCents(payment.amount));
    if (shown.units + policy.amountToleranceUnits < due) {
      reasons.push(CHAIN_CHECK_REASONS.tooLittle(formatTokenAmount(shown.units), formatTokenAmount(due)));
    }
  }
  if (blockTime === undefined) {
    reasons.push(CHAIN_CHECK_REASONS.noBlockTime);
  } else {
    const window = paymentWindow(payment, policy);
    const at = new Date(blockTime).toISOString();
    if (window.ofOrder && (blockTime < window.from || (window.to !== null && blockTime > window.to))) {
      reasons.push(
        CHAIN_CHECK_REASONS.outsideOrder(
          at,
          new Date(window.from).toISOString(),
          new Date(window.to ?? window.from).toISOString(),
        ),
      );
    } else if (!window.ofOrder && blockTime < window.from) {
      reasons.push(CHAIN_CHECK_REASONS.tooOld(at, new Date(window.from).toISOString(), policy.graceMs));
    }
  }
  return judged(base, shown, reasons);
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
  /** Whether `address` paid orders of customers other than `userId` before (one Query; read only). */
  payerPaidOthers(address: string, userId: string): Promise<boolean>;
  /** Records the transfer unless it is there; answers the stored record either way. */
  recordTransfer(transfer: TransferRecord): Promise<TransferRecord>;
  getTransfer(txid: string): Promise<TransferRecord | null>;
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
  /**
   * Binds a transfer the check found to its order (binding.ts, source 'txid-check'): the same
   * binding the wallet watcher makes, so a submitted TXID settles as the chain says, not as the
   * submitter says.
   */
  settle: (transfer: TransferRecord) => Promise<SettleOutcome>;
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

/**
 * Asks TRON about one payment's TXID (unless it is not TRON-shaped) and stores the verdict. For a
 * payment of an order, a USDT transfer the receipt shows to the payment's wallet is recorded and
 * bound to its order first, exactly as the wallet watcher would: when the chain binds it to this
 * payment's order, the binding itself completes this payment (a Match); when it binds it to another
 * order, or to none, this payment's verdict says so.
 */
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
    let lookup: TronLookup | null = null;
    try {
      lookup = await tron.transactionInfo(payment.txidNormalized, { budgetMs: options.budgetMs });
      check = judgeLookup(payment, lookup, deps.now(), deps.policy);
    } catch (error) {
      if (!(error instanceof TronApiError)) throw error;
      check = errorCheck(deps.now(), error.message);
    }
    if (lookup?.kind === 'found' && payment.orderId !== undefined) {
      const bound = await bindFoundTransfer(deps, payment, lookup);
      if (bound.kind === 'this-payment' && bound.justBound) {
        // The binding completed this payment just now (its verdict, and the approval when it applies).
        const current = (await store.getPayment(payment._id)) ?? payment;
        log.info('payment chain check', {
          paymentId: payment._id,
          origin: options.origin,
          status: 'match',
          bound: true,
        });
        return {
          payment: toPaymentView(current),
          check: current.chainCheck ?? check,
          autoApproved: bound.autoApproved,
        };
      }
      // Bound to this payment before: the fresh verdict is stored as any other check's.
      if (bound.kind === 'elsewhere') check = bound.check(check);
    }
    if (check.from) check = { ...check, payerPaidOthers: await store.payerPaidOthers(check.from, payment.userId) };
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

  // Payments of an order are approved automatically only through the chain's binding (binding.ts),
  // which withholds it when the binding is ambiguous or the payer paid other customers' orders.
  if (
    payment.orderId === undefined &&
    stored.status === 'match' &&
    payment.status === 'pending' &&
    (await store.autoApproveOnMatch())
  ) {
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

type FoundTransfer =
  | { kind: 'none' }
  | { kind: 'this-payment'; autoApproved: boolean; justBound: boolean }
  /** Bound to another order or payment: how this payment's verdict says so. */
  | { kind: 'elsewhere'; check: (judged: ChainCheck) => ChainCheck };

/** Records and binds the USDT transfer a receipt shows to the payment's wallet, and says where it went. */
async function bindFoundTransfer(
  deps: ChainCheckDeps,
  payment: PaymentRecord,
  lookup: Extract<TronLookup, { kind: 'found' }>,
): Promise<FoundTransfer> {
  const found = transferFromReceipt(
    payment.txidNormalized,
    lookup.info,
    payment.wallet.address.trim(),
    deps.now().toISOString(),
  );
  if (!found) return { kind: 'none' };
  const recorded = await deps.store.recordTransfer(found);
  const outcome = recorded.state === 'recorded' ? await deps.settle(recorded) : null;
  const transfer = outcome?.kind === 'bound' ? null : await deps.store.getTransfer(recorded.txid);
  const binding =
    outcome?.kind === 'bound'
      ? { orderId: outcome.orderId, paymentId: outcome.paymentId }
      : transfer?.state === 'bound'
        ? transfer.binding
        : null;
  if (!binding) return { kind: 'none' };
  if (binding.paymentId === payment._id) {
    const justBound = outcome?.kind === 'bound';
    return { kind: 'this-payment', autoApproved: justBound && outcome.autoApproved, justBound };
  }
  const received = formatTokenAmount(BigInt(recorded.units));
  const reason =
    binding.orderId === payment.orderId
      ? CHAIN_CHECK_REASONS.paidThisOrderAgain(binding.paymentId)
      : CHAIN_CHECK_REASONS.paysAnotherOrder(received);
  // "Not this order's exact amount" is what the new reason says better.
  const notThisOrder =
    payment.orderAmount === undefined
      ? null
      : CHAIN_CHECK_REASONS.notOrderAmount(received, formatTokenAmount(centsToUsdtUnits(toCents(payment.orderAmount))));
  return {
    kind: 'elsewhere',
    check: (judged) => ({
      ...judged,
      status: 'mismatch',
      reasons: [reason, ...judged.reasons.filter((r) => r !== notThisOrder)],
    }),
  };
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
