import { centsToUsd, type ChainCheck, type PaymentBinding } from '@goldbot/shared';
import type { Logger } from '../logger-port.js';
import type { AmountHold, OrderDetail } from '../records/order-record.js';
import { paymentSearchText, type PaymentRecord } from '../records/payment-record.js';
import type { SubscriptionRecord } from '../records/subscription-record.js';
import type {
  TransferBindingRecord,
  TransferRecord,
  TransferSource,
  TransferUnmatched,
} from '../records/transfer-record.js';
import { type EmailTemplate, type TemplateMailer } from '../email/templates.js';
import type { DecisionResult } from './payment-decisions.js';
import { REVIEW_MESSAGES } from './payment-decisions.js';
import { purchaseRecords, type CustomerProfile, type TxidMarker } from './purchase.js';
import { formatTokenAmount } from './tron.js';
import {
  CLOSE_ORDERS_SHOWN,
  autoApprovalWithheld,
  chooseOrder,
  orderLookup,
  toCloseOrder,
  unitsToCents,
  type BindingPolicy,
} from './transfers.js';
import type { OnMailFailure } from '../email/mail-failure.js';
import { sendPendingMail } from './pending-mail.js';
import { commitOrFindApplied } from '../use-case-runtime.js';

/**
 * Binding a recorded transfer to its order (docs/data-model.md, "Binding a transfer to its order"):
 * the use case the wallet watcher and a TXID's on-chain check share. It reads the orders of the
 * transfer's exact amount around its time, chooses one (transfers.ts), and commits in one
 * conditional transaction: the transfer bound (once), the order bound (once), and the order's
 * payment, created exactly as a TXID submission creates it, or the customer's own submission of
 * that TXID for that order completed. Then the customer's pending mail, or the automatic approval
 * when it applies. A transfer no order takes is recorded as unmatched, for the admins.
 */

/** What a binding reads besides the order (one consistent BatchGetItem, then the claim's payment). */
export interface BindingContext {
  profile: Pick<CustomerProfile, '_id' | 'username' | 'email' | 'basicPaidThrough'> | null;
  /** The order id of the customer's current-order copy of the package (it goes once the order is paid). */
  currentOrderId: string | null;
  hold: AmountHold | null;
  marker: TxidMarker | null;
  /**
   * The order's claim (the payment of a TXID the customer submitted for this order), whether it
   * names this transfer or another TXID: that payment is completed, never a second one made.
   */
  claimPayment: PaymentRecord | null;
  /** Whether the claim's purchase extends a running Basic (its own TXID marker says; false without a claim). */
  claimIsExtension: boolean;
  template: EmailTemplate;
  autoApproveOnMatch: boolean;
}

export interface BindingPlan {
  transfer: TransferRecord;
  order: OrderDetail;
  at: string;
  binding: PaymentBinding;
  check: ChainCheck;
  /** `create`: a new payment (and subscription, marker, counters); `complete`: the claim's payment. */
  payment:
    | {
        kind: 'create';
        payment: PaymentRecord;
        subscription: SubscriptionRecord;
        marker: TxidMarker;
        /** The marker's payment as read (null: none), so a concurrent submission is not overwritten. */
        markerRead: string | null;
        /** The customer's profile exists: its count of pending payments goes up. */
        countOnProfile: boolean;
      }
    | {
        kind: 'complete';
        paymentId: string;
        status: PaymentRecord['status'];
        /**
         * The claim named another TXID (the customer pasted a wrong one, or someone else's): the
         * chain's transfer is what paid the order, so the payment takes its TXID and the TXID's
         * marker (conditioned on the payment it named when read, like a created payment's).
         */
        retarget: { transactionId: string; searchText: string; marker: TxidMarker; markerRead: string | null } | null;
      };
  /** The customer's current-order copy still names this order: it goes with the binding. */
  deleteCurrentOrder: boolean;
  /** The order still holds its amount: the hold ends now. */
  endHold: boolean;
}

export type BindingCommit =
  | { kind: 'committed' }
  /** The transfer was settled meanwhile (another run, or a check of its TXID). */
  | { kind: 'transfer-settled' }
  /** The order got another transfer meanwhile. */
  | { kind: 'order-bound' }
  /** Something the plan was built on moved (the current order, the hold, the marker, the claim): read again. */
  | { kind: 'stale' };

export interface BindingStore {
  /** Records the transfer unless it is there; answers the stored record either way. */
  recordTransfer(transfer: TransferRecord): Promise<TransferRecord>;
  getTransfer(txid: string): Promise<TransferRecord | null>;
  /** The orders of an exact amount created between two instants (GSI1 ORDERAMOUNT#<cents>). */
  ordersOfAmount(amountCents: number, fromIso: string, toIso: string): Promise<OrderDetail[]>;
  readBindingContext(order: OrderDetail, txid: string): Promise<BindingContext>;
  /** Whether `address` paid orders of customers other than `userId` before (one Query). */
  payerPaidOthers(address: string, userId: string): Promise<boolean>;
  /** The orders `address` paid before, newest first (at most `limit`). */
  ordersPaidBy(address: string, limit: number): Promise<OrderDetail[]>;
  /** The order a customer submitted this TXID for (through its marker), if any. */
  claimedOrder(txid: string): Promise<OrderDetail | null>;
  /** The names and e-mails of users, by id (one BatchGetItem of their profiles). */
  namesOf(userIds: readonly string[]): Promise<Map<string, { username: string; email: string }>>;
  commitBinding(plan: BindingPlan): Promise<BindingCommit>;
  /** Records that no order took the transfer (only while it is `recorded`); false when it was settled meanwhile. */
  markUnmatched(txid: string, unmatched: TransferUnmatched): Promise<boolean>;
  /** Tells the order that a transfer of its amount came after it closed (the first such transfer). */
  noteLateTransfer(orderId: string, late: { txid: string; amount: string; confirmedAt: string }): Promise<void>;
}

export interface BindingDeps {
  store: BindingStore;
  now: () => Date;
  newId: (nowMs: number) => string;
  policy: BindingPolicy;
  mailer: TemplateMailer;
  dashboardLink: string;
  /** Approves a payment as the system (action 'payment.auto-approve'), through approvePayment. */
  autoApprove: (paymentId: string, details: Record<string, unknown>) => Promise<DecisionResult>;
  /** A failed pending mail is reported (by the payment's id) and never undoes the binding. */
  onMailFailure: OnMailFailure;
  log: Logger;
}

export type SettleOutcome =
  | { kind: 'bound'; orderId: string; paymentId: string; created: boolean; autoApproved: boolean; ambiguous: boolean }
  | { kind: 'unmatched'; reason: TransferUnmatched['reason'] }
  /** Settled before this call (bound or unmatched), or meanwhile by another run. */
  | { kind: 'already'; state: TransferRecord['state'] };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Replans of one binding whose inputs moved meanwhile (another run, a submission, a new order). */
const MAX_BINDING_ATTEMPTS = 4;

/** The chain's verdict a bound transfer stands for: a Match of the order's exact amount in its lifetime. */
function matchCheck(transfer: TransferRecord, at: string, payerPaidOthers: boolean): ChainCheck {
  return {
    status: 'match',
    checkedAt: at,
    confirmedAt: new Date(transfer.blockTime).toISOString(),
    from: transfer.from,
    to: transfer.wallet,
    amount: formatTokenAmount(BigInt(transfer.units)),
    blockNumber: transfer.blockNumber,
    reasons: [],
    payerPaidOthers,
  };
}

/**
 * The plan of a binding: complete the customer's claim of this TXID on this order when there is
 * one still standing (pending or approved), else create the order's payment. The marker of the
 * TXID moves to the payment the chain names, whoever submitted it first.
 */
export function planBinding(
  transfer: TransferRecord,
  order: OrderDetail,
  context: BindingContext,
  judged: { ambiguous: string | null; predatesOrder: boolean; payerPaidOthers: boolean; source: TransferSource },
  at: Date,
  ids: { paymentId: string; subscriptionId: string },
): BindingPlan {
  const iso = at.toISOString();
  const withheld = context.autoApproveOnMatch ? autoApprovalWithheld(judged) : [];
  const binding: PaymentBinding = {
    source: judged.source,
    txid: transfer.txid,
    boundAt: iso,
    ambiguous: judged.ambiguous,
    predatesOrder: judged.predatesOrder,
    autoApprovalWithheld: withheld,
  };
  const check = matchCheck(transfer, iso, judged.payerPaidOthers);
  const claim = context.claimPayment;
  const nowSeconds = Math.floor(at.getTime() / 1000);
  const common = {
    transfer,
    order,
    at: iso,
    binding,
    check,
    deleteCurrentOrder: context.currentOrderId === order.orderId,
    endHold: context.hold !== null && context.hold.orderId === order.orderId && context.hold.heldUntil > nowSeconds,
  };
  if (claim && claim.status !== 'rejected') {
    // One order, one payment: a claim of another TXID on this order is completed with the chain's
    // TXID instead of a second payment beside it (two pending payments for one transfer, both of
    // which an admin could approve).
    const retarget =
      claim.txidNormalized === transfer.txid
        ? null
        : {
            transactionId: transfer.txid,
            searchText: paymentSearchText({ ...claim, transactionId: transfer.txid }),
            marker: {
              txidNormalized: transfer.txid,
              paymentId: claim._id,
              subscriptionId: claim.subscriptionId,
              userId: claim.userId,
              packageSlug: claim.packageSlug,
              packageName: claim.packageName,
              isExtension: context.claimIsExtension,
              createdAt: iso,
            },
            markerRead: context.marker?.paymentId ?? null,
          };
    return { ...common, payment: { kind: 'complete', paymentId: claim._id, status: claim.status, retarget } };
  }
  const profile = context.profile ?? {
    // The customer's profile is gone: the payment still records whose order it paid.
    _id: order.userId,
    username: '',
    email: '',
    basicPaidThrough: null,
  };
  const records = purchaseRecords({
    profile,
    order,
    referrer: order.referralCode
      ? { code: order.referralCode, userId: order.referralUserId ?? null, username: order.referrerUsername ?? null }
      : null,
    wallet: { address: transfer.wallet, network: 'TRC20', currency: 'USDT' },
    transactionId: transfer.txid,
    at,
    ids,
  });
  return {
    ...common,
    payment: {
      kind: 'create',
      payment: { ...records.payment, chainCheck: check, binding },
      subscription: records.subscription,
      marker: records.marker,
      markerRead: context.marker?.paymentId ?? null,
      countOnProfile: context.profile !== null,
    },
  };
}

/**
 * Settles one recorded transfer: binds it to its order, or records it as unmatched (with the
 * orders that came close, and the late-transfer note on the order it missed). Idempotent: a
 * transfer settled already, or meanwhile, is left as it is.
 */
export async function settleTransfer(
  deps: BindingDeps,
  transfer: TransferRecord,
  source: TransferSource,
): Promise<SettleOutcome> {
  if (transfer.state !== 'recorded') return { kind: 'already', state: transfer.state };
  const amountCents = unitsToCents(transfer.units);
  const lookup = orderLookup(transfer.blockTime, deps.policy);
  for (let attempt = 0; attempt < MAX_BINDING_ATTEMPTS; attempt += 1) {
    const orders =
      amountCents === null ? [] : await deps.store.ordersOfAmount(amountCents, lookup.fromIso, lookup.toIso);
    const choice = chooseOrder(transfer, orders, deps.policy);
    if (choice.kind === 'unmatched') return recordUnmatched(deps, transfer, choice.reason, choice.closeOrders);

    const { order } = choice;
    const [context, payerPaidOthers] = await Promise.all([
      deps.store.readBindingContext(order, transfer.txid),
      deps.store.payerPaidOthers(transfer.from, order.userId),
    ]);
    const at = deps.now();
    const plan = planBinding(
      transfer,
      order,
      context,
      { ambiguous: choice.ambiguous, predatesOrder: choice.predatesOrder, payerPaidOthers, source },
      at,
      { paymentId: deps.newId(at.getTime()), subscriptionId: deps.newId(at.getTime()) },
    );
    const result = await commitOrFindApplied(
      () => deps.store.commitBinding(plan),
      async () => isThisBinding((await deps.store.getTransfer(transfer.txid))?.binding, plan),
      { kind: 'committed' } as const,
      'transfer-settled',
    );
    if (result.kind === 'transfer-settled') {
      const now = await deps.store.getTransfer(transfer.txid);
      return { kind: 'already', state: now?.state ?? 'recorded' };
    }
    // 'order-bound' reads the orders again (that order now has its transfer); 'stale' replans.
    if (result.kind !== 'committed') continue;
    return afterBinding(deps, plan, context);
  }
  throw new Error(`binding of transfer ${transfer.txid} kept meeting concurrent changes`);
}

/** The transfer's binding is the one this plan wrote: its order, and its payment (a new payment's id is this plan's own). */
const isThisBinding = (binding: TransferBindingRecord | null | undefined, plan: BindingPlan): boolean =>
  binding !== null &&
  binding !== undefined &&
  binding.orderId === plan.order.orderId &&
  binding.paymentId === (plan.payment.kind === 'create' ? plan.payment.payment._id : plan.payment.paymentId);

/** After the commit: the automatic approval when it applies, else the pending mail of a new payment. */
async function afterBinding(deps: BindingDeps, plan: BindingPlan, context: BindingContext): Promise<SettleOutcome> {
  const { log } = deps;
  const created = plan.payment.kind === 'create';
  const paymentId = plan.payment.kind === 'create' ? plan.payment.payment._id : plan.payment.paymentId;
  const pending = plan.payment.kind === 'create' || plan.payment.status === 'pending';
  log.info('transfer bound to its order', {
    txid: plan.transfer.txid,
    orderId: plan.order.orderId,
    paymentId,
    created,
    ambiguous: plan.binding.ambiguous !== null,
    withheld: plan.binding.autoApprovalWithheld,
  });
  let autoApproved = false;
  if (pending && context.autoApproveOnMatch && plan.binding.autoApprovalWithheld.length === 0) {
    try {
      const result = await deps.autoApprove(paymentId, {
        from: 'pending',
        to: 'completed',
        binding: { source: plan.binding.source, txid: plan.transfer.txid, orderId: plan.order.orderId },
        chainCheck: {
          status: plan.check.status,
          amount: plan.check.amount,
          to: plan.check.to,
          confirmedAt: plan.check.confirmedAt,
        },
      });
      autoApproved = result.message === REVIEW_MESSAGES.approved(result.payment.userId.username);
    } catch (error) {
      log.warn('automatic approval of a bound transfer refused', { paymentId, reason: errorText(error) });
    }
  }
  if (plan.payment.kind === 'create' && !autoApproved) {
    await sendPendingMail(deps, plan.payment.payment, context.template, centsToUsd(plan.order.amountCents));
  }
  return {
    kind: 'bound',
    orderId: plan.order.orderId,
    paymentId,
    created,
    autoApproved,
    ambiguous: plan.binding.ambiguous !== null,
  };
}

/** No order took the transfer: why, and the orders the admins should look at first. */
async function recordUnmatched(
  deps: BindingDeps,
  transfer: TransferRecord,
  reason: TransferUnmatched['reason'],
  sameAmount: readonly OrderDetail[],
): Promise<SettleOutcome> {
  const [claimed, paidBefore] = await Promise.all([
    deps.store.claimedOrder(transfer.txid),
    deps.store.ordersPaidBy(transfer.from, CLOSE_ORDERS_SHOWN),
  ]);
  const seen = new Set<string>();
  const picked = [
    ...(claimed ? [{ order: claimed, reason: 'claimed' as const }] : []),
    ...sameAmount.map((order) => ({ order, reason: 'same-amount' as const })),
    ...paidBefore.map((order) => ({ order, reason: 'same-payer' as const })),
  ]
    .filter(({ order }) => !seen.has(order.orderId) && Boolean(seen.add(order.orderId)))
    .slice(0, CLOSE_ORDERS_SHOWN);
  const names =
    picked.length > 0 ? await deps.store.namesOf([...new Set(picked.map((p) => p.order.userId))]) : new Map();
  const unmatched: TransferUnmatched = {
    reason,
    closeOrders: picked.map(({ order, reason: why }) => toCloseOrder(order, why, names.get(order.userId))),
    adminMailedAt: null,
    decision: null,
  };
  if (!(await deps.store.markUnmatched(transfer.txid, unmatched))) {
    const now = await deps.store.getTransfer(transfer.txid);
    return { kind: 'already', state: now?.state ?? 'recorded' };
  }
  const missed = reason === 'late' ? sameAmount[0] : undefined;
  if (missed) {
    await deps.store.noteLateTransfer(missed.orderId, {
      txid: transfer.txid,
      amount: formatTokenAmount(BigInt(transfer.units)),
      confirmedAt: new Date(transfer.blockTime).toISOString(),
    });
  }
  deps.log.info('transfer unmatched', { txid: transfer.txid, reason, closeOrders: unmatched.closeOrders.length });
  return { kind: 'unmatched', reason };
}
