import { describe, expect, it } from 'vitest';
import { ORDER } from '@goldbot/shared';
import {
  settleTransfer,
  type BindingCommit,
  type BindingContext,
  type BindingDeps,
  type BindingPlan,
  type BindingStore,
} from '../../src/domain/commerce/binding.js';
import { AUTO_APPROVAL_WITHHELD, bindingPolicy } from '../../src/domain/commerce/transfers.js';
import { REVIEW_MESSAGES } from '../../src/domain/commerce/payment-decisions.js';
import { DEFAULT_EMAIL_TEMPLATES, type EmailTemplate } from '../../src/domain/email/templates.js';
import type { OrderDetail } from '../../src/domain/records/order-record.js';
import { openBasicOrder } from '../helpers/order-samples.js';
import { toPaymentView, type PaymentRecord } from '../../src/domain/records/payment-record.js';
import type { TransferRecord } from '../../src/domain/records/transfer-record.js';
import { InMemoryTransfers } from '../helpers/in-memory-transfers.js';
import { createLogger } from '../../src/kit/logger.js';
import { BUYER_PROFILE } from '../helpers/customer-commerce-samples.js';
import { pendingPayment } from '../helpers/payment-samples.js';

/**
 * Binding a recorded transfer to its order (binding.ts) over a store that keeps DynamoDB's
 * conditions: a transfer binds at most one order and an order at most one transfer, under retries
 * and races; the order's payment is created as a submission creates it, or the customer's own
 * claim of the TXID completed; the automatic approval and the pending mail follow.
 */
const MIN = 60_000;
const NOW = new Date('2026-11-23T12:00:00.000Z');
const WALLET = 'TWsghcMkFXe1hnwZAWVQ9fUrZBtYv2aGJ8';
const PAYER = 'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL';
const TXID = 'ab'.repeat(32);

const silent = createLogger('silent');

const order = (orderId: string, createdAt: number, extra: Partial<OrderDetail> = {}): OrderDetail =>
  openBasicOrder(orderId, createdAt, { userId: BUYER_PROFILE._id, ...extra });

function recorded(extra: Partial<TransferRecord> = {}): TransferRecord {
  return {
    txid: TXID,
    wallet: WALLET,
    from: PAYER,
    events: [{ index: 0, from: PAYER, units: '60370000' }],
    units: '60370000',
    blockTime: NOW.getTime() - 2 * MIN,
    blockNumber: null,
    recordedAt: NOW.toISOString(),
    source: 'watcher',
    state: 'recorded',
    binding: null,
    unmatched: null,
    ...extra,
  };
}

/** The table in memory, with the binding transaction's conditions. */
class MemoryBindings extends InMemoryTransfers implements BindingStore {
  orders = new Map<string, OrderDetail>();
  payments = new Map<string, PaymentRecord>();
  markers = new Map<string, string>();
  currentOrder: string | null = null;
  payerOfOthers = false;
  autoApprove = false;
  commits: BindingPlan[] = [];
  late: { orderId: string; txid: string }[] = [];
  /** Runs once before the next commit (a concurrent change to race with). */
  beforeCommit: (() => void) | null = null;

  async ordersOfAmount(amountCents: number) {
    return [...this.orders.values()].filter((o) => o.amountCents === amountCents);
  }
  async readBindingContext(o: OrderDetail, txid: string): Promise<BindingContext> {
    const claimId = o.claim?.paymentId ?? null;
    const claim = claimId ? (this.payments.get(claimId) ?? null) : null;
    const markerPayment = this.markers.get(txid);
    return {
      profile: BUYER_PROFILE,
      currentOrderId: this.currentOrder,
      hold: { amountCents: o.amountCents, orderId: o.orderId, userId: o.userId, heldUntil: o.expiresAt },
      marker: markerPayment
        ? {
            txidNormalized: txid,
            paymentId: markerPayment,
            subscriptionId: 's',
            userId: this.payments.get(markerPayment)?.userId ?? 'someone',
            packageSlug: 'basic',
            packageName: 'Basic Package',
            isExtension: false,
            createdAt: '',
          }
        : null,
      claimPayment: claim && claim.orderId === o.orderId ? claim : null,
      claimIsExtension: false,
      template: DEFAULT_EMAIL_TEMPLATES.basicPackagePaymentPending,
      autoApproveOnMatch: this.autoApprove,
    };
  }
  async payerPaidOthers() {
    return this.payerOfOthers;
  }
  async ordersPaidBy() {
    return [];
  }
  async claimedOrder() {
    return null;
  }
  async namesOf(ids: readonly string[]) {
    return new Map(ids.map((id) => [id, { username: `name-${id}`, email: `${id}@example.com` }]));
  }
  async commitBinding(plan: BindingPlan): Promise<BindingCommit> {
    const race = this.beforeCommit;
    this.beforeCommit = null;
    race?.();
    const transfer = this.transfers.get(plan.transfer.txid);
    if (!transfer || transfer.state !== 'recorded') return { kind: 'transfer-settled' };
    const current = this.orders.get(plan.order.orderId);
    if (!current || current.binding) return { kind: 'order-bound' };
    const paymentId = plan.payment.kind === 'create' ? plan.payment.payment._id : plan.payment.paymentId;
    const markerRead =
      plan.payment.kind === 'create' ? plan.payment.markerRead : (plan.payment.retarget?.markerRead ?? undefined);
    if (markerRead !== undefined && (this.markers.get(plan.transfer.txid) ?? null) !== markerRead) {
      return { kind: 'stale' };
    }
    this.commits.push(plan);
    this.transfers.set(transfer.txid, {
      ...transfer,
      state: 'bound',
      binding: {
        orderId: current.orderId,
        userId: current.userId,
        paymentId,
        boundAt: plan.at,
        source: plan.binding.source,
      },
    });
    this.orders.set(current.orderId, {
      ...current,
      binding: { txid: transfer.txid, paymentId, amount: '60.37', confirmedAt: '', boundAt: plan.at },
    });
    if (plan.payment.kind === 'create') {
      this.payments.set(paymentId, plan.payment.payment);
      this.markers.set(transfer.txid, paymentId);
    } else {
      const claim = this.payments.get(paymentId);
      const retarget = plan.payment.retarget;
      if (claim) {
        this.payments.set(paymentId, {
          ...claim,
          chainCheck: plan.check,
          binding: plan.binding,
          ...(retarget
            ? {
                transactionId: retarget.transactionId,
                txidNormalized: retarget.transactionId,
                searchText: retarget.searchText,
              }
            : {}),
        });
      }
      if (retarget) this.markers.set(transfer.txid, paymentId);
    }
    return { kind: 'committed' };
  }
  async markUnmatched(txid: string, unmatched: NonNullable<TransferRecord['unmatched']>) {
    const transfer = this.transfers.get(txid);
    if (!transfer || transfer.state !== 'recorded') return false;
    this.transfers.set(txid, { ...transfer, state: 'unmatched', unmatched });
    return true;
  }
  async noteLateTransfer(orderId: string, late: { txid: string }) {
    this.late.push({ orderId, txid: late.txid });
  }
}

function depsOf(store: MemoryBindings) {
  const mails: { to: string; template: EmailTemplate; values: Record<string, string | number> }[] = [];
  const approvals: { paymentId: string; details: Record<string, unknown> }[] = [];
  const mailFailures: { error: unknown; paymentId: string }[] = [];
  let id = 0;
  const deps: BindingDeps = {
    store,
    now: () => NOW,
    newId: () => `ID${(id += 1)}`,
    policy: bindingPolicy(ORDER.openMinutes, ORDER.graceMinutes),
    mailer: { send: async (to, template, values) => void mails.push({ to, template, values }) },
    dashboardLink: 'https://goldbot.example/dashboard',
    log: silent,
    onMailFailure: (error, paymentId) => void mailFailures.push({ error, paymentId }),
    autoApprove: async (paymentId, details) => {
      approvals.push({ paymentId, details });
      const payment = store.payments.get(paymentId) ?? pendingPayment({ _id: paymentId });
      const approved = { ...payment, status: 'completed' as const };
      store.payments.set(paymentId, approved);
      return { message: REVIEW_MESSAGES.approved(payment.username), payment: toPaymentView(approved) };
    },
  };
  return { deps, mails, approvals, mailFailures };
}

function world(orders: OrderDetail[]) {
  const store = new MemoryBindings();
  for (const o of orders) store.orders.set(o.orderId, o);
  store.transfers.set(TXID, recorded());
  return store;
}

describe('settleTransfer', () => {
  it('creates the order’s payment as a submission would, a Match, and mails the pending template', async () => {
    const store = world([order('ORD1', NOW.getTime() - 10 * MIN)]);
    store.currentOrder = 'ORD1';
    const { deps, mails } = depsOf(store);
    const outcome = await settleTransfer(deps, recorded(), 'watcher');
    expect(outcome).toMatchObject({ kind: 'bound', orderId: 'ORD1', created: true, autoApproved: false });
    const [plan] = store.commits;
    expect(plan?.payment.kind).toBe('create');
    const payment = plan?.payment.kind === 'create' ? plan.payment.payment : undefined;
    expect(payment).toMatchObject({
      status: 'pending',
      packageName: 'Basic Package',
      amount: 60,
      orderId: 'ORD1',
      orderAmount: 60.37,
      transactionId: TXID,
      wallet: { address: WALLET },
      chainCheck: { status: 'match', amount: '60.37', from: PAYER, to: WALLET, reasons: [] },
      binding: { source: 'watcher', txid: TXID, ambiguous: null, predatesOrder: false, autoApprovalWithheld: [] },
    });
    expect(payment?.orderCreatedAt).toBe(new Date(NOW.getTime() - 10 * MIN).toISOString());
    // The current-order copy goes and the amount is free again: the order is paid.
    expect(plan).toMatchObject({ deleteCurrentOrder: true, endHold: true });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.values).toMatchObject({ amount: '60.37', packageName: 'Basic Package' });
  });

  it('keeps the bound payment when its pending mail fails, and reports the failure by the payment', async () => {
    const store = world([order('ORD1', NOW.getTime() - 10 * MIN)]);
    store.currentOrder = 'ORD1';
    const { deps, mailFailures } = depsOf(store);
    const failure = new Error('SES is down');
    deps.mailer = { send: async () => Promise.reject(failure) };
    const outcome = await settleTransfer(deps, recorded(), 'watcher');
    expect(outcome).toMatchObject({ kind: 'bound', orderId: 'ORD1', created: true });
    expect(store.commits).toHaveLength(1);
    expect(mailFailures).toEqual([{ error: failure, paymentId: outcome.kind === 'bound' ? outcome.paymentId : '' }]);
  });

  it('binds a transfer once and an order once, under a retry and a race', async () => {
    const store = world([order('ORD1', NOW.getTime() - 10 * MIN)]);
    const { deps } = depsOf(store);
    const [a, b] = await Promise.all([
      settleTransfer(deps, recorded(), 'watcher'),
      settleTransfer(deps, recorded(), 'txid-check'),
    ]);
    expect([a.kind, b.kind].sort()).toEqual(['already', 'bound']);
    expect(store.commits).toHaveLength(1);
    // A second transfer of the same amount finds the order paid: unmatched, with that order close.
    const second = recorded({ txid: 'cd'.repeat(32) });
    store.transfers.set(second.txid, second);
    expect(await settleTransfer(deps, second, 'watcher')).toEqual({ kind: 'unmatched', reason: 'order-paid' });
    expect(store.transfers.get(second.txid)?.unmatched?.closeOrders.map((o) => o.orderId)).toEqual(['ORD1']);
    // A settled transfer is left alone.
    expect(await settleTransfer(deps, { ...recorded(), state: 'bound' }, 'watcher')).toEqual({
      kind: 'already',
      state: 'bound',
    });
  });

  it('takes its own binding applied behind a timeout as committed: the pending mail still goes, once', async () => {
    const store = world([order('ORD1', NOW.getTime() - 10 * MIN)]);
    // The transaction is applied, then its answer lost: the SDK's retry finds the transfer settled.
    const commit = store.commitBinding.bind(store);
    store.commitBinding = async (plan) => {
      await commit(plan);
      return { kind: 'transfer-settled' };
    };
    const { deps, mails } = depsOf(store);
    const outcome = await settleTransfer(deps, recorded(), 'watcher');
    expect(outcome).toMatchObject({ kind: 'bound', orderId: 'ORD1', created: true });
    expect(store.commits).toHaveLength(1);
    expect(mails).toHaveLength(1);
    // Another run's binding of the same transfer stays 'already': it mails nothing.
    const again = await settleTransfer(deps, recorded(), 'watcher');
    expect(again).toEqual({ kind: 'already', state: 'bound' });
    expect(mails).toHaveLength(1);
  });

  it('completes the customer’s own claim of the TXID for that order instead of a second payment', async () => {
    const claim = pendingPayment({ _id: 'CLAIM', userId: BUYER_PROFILE._id, transactionId: TXID, orderId: 'ORD1' });
    const store = world([
      order('ORD1', NOW.getTime() - 10 * MIN, { claim: { paymentId: 'CLAIM', txid: TXID, at: NOW.toISOString() } }),
    ]);
    store.payments.set('CLAIM', claim);
    store.markers.set(TXID, 'CLAIM');
    const { deps, mails } = depsOf(store);
    const outcome = await settleTransfer(deps, recorded(), 'txid-check');
    expect(outcome).toMatchObject({ kind: 'bound', paymentId: 'CLAIM', created: false });
    expect(store.payments.size).toBe(1);
    expect(store.payments.get('CLAIM')?.chainCheck?.status).toBe('match');
    // The claim's pending mail went at its submission.
    expect(mails).toEqual([]);
  });

  it('an order whose claim named another TXID gets one payment: the claim, completed with the chain’s TXID', async () => {
    // The customer pasted a wrong TXID (or someone else's) for their order, then their transfer
    // arrived: a second payment beside the claim left two pending payments for one transfer, both
    // of which an admin could approve (found by the chaos run: "order ... has 2 payments").
    const WRONG = 'ef'.repeat(32);
    const claim = pendingPayment({ _id: 'CLAIM', userId: BUYER_PROFILE._id, transactionId: WRONG, orderId: 'ORD1' });
    const store = world([
      order('ORD1', NOW.getTime() - 10 * MIN, { claim: { paymentId: 'CLAIM', txid: WRONG, at: NOW.toISOString() } }),
    ]);
    store.payments.set('CLAIM', { ...claim, txidNormalized: WRONG });
    store.markers.set(WRONG, 'CLAIM');
    const { deps } = depsOf(store);
    const outcome = await settleTransfer(deps, recorded(), 'watcher');
    expect(outcome).toMatchObject({ kind: 'bound', orderId: 'ORD1', paymentId: 'CLAIM', created: false });
    expect(store.payments.size).toBe(1);
    expect(store.payments.get('CLAIM')).toMatchObject({
      transactionId: TXID,
      txidNormalized: TXID,
      chainCheck: { status: 'match' },
    });
    expect(store.markers.get(TXID)).toBe('CLAIM');
  });

  it('a squatter’s claim of the TXID keeps nobody from the payment: the marker moves to the payer’s', async () => {
    const squat = pendingPayment({ _id: 'SQUAT', userId: 'squatter', transactionId: TXID, orderId: 'ORD-S' });
    const store = world([order('ORD1', NOW.getTime() - 10 * MIN)]);
    store.payments.set('SQUAT', squat);
    store.markers.set(TXID, 'SQUAT');
    const { deps } = depsOf(store);
    const outcome = await settleTransfer(deps, recorded(), 'watcher');
    expect(outcome).toMatchObject({ kind: 'bound', orderId: 'ORD1', created: true });
    expect(store.markers.get(TXID)).not.toBe('SQUAT');
    expect(store.payments.get(store.markers.get(TXID) ?? '')?.userId).toBe(BUYER_PROFILE._id);
  });

  it('replans when the marker moved meanwhile (a submission of the TXID committed first)', async () => {
    const store = world([order('ORD1', NOW.getTime() - 10 * MIN)]);
    store.beforeCommit = () => {
      const claim = pendingPayment({ _id: 'LATE-CLAIM', userId: 'someone', transactionId: TXID });
      store.payments.set('LATE-CLAIM', claim);
      store.markers.set(TXID, 'LATE-CLAIM');
    };
    const { deps } = depsOf(store);
    expect(await settleTransfer(deps, recorded(), 'watcher')).toMatchObject({ kind: 'bound', created: true });
    expect(store.commits).toHaveLength(1);
  });

  describe('the automatic approval (autoApproveOnMatch on)', () => {
    it('approves a clean binding as the system, and mails nothing pending', async () => {
      const store = world([order('ORD1', NOW.getTime() - 10 * MIN)]);
      store.autoApprove = true;
      const { deps, approvals, mails } = depsOf(store);
      expect(await settleTransfer(deps, recorded(), 'watcher')).toMatchObject({ kind: 'bound', autoApproved: true });
      expect(approvals).toHaveLength(1);
      expect(mails).toEqual([]);
    });

    it.each([
      ['ambiguous', AUTO_APPROVAL_WITHHELD.ambiguous],
      ['the payer paid other customers’ orders', AUTO_APPROVAL_WITHHELD.payerPaidOthers],
      ['the transfer predates the order', AUTO_APPROVAL_WITHHELD.predatesOrder],
    ])('never fires when %s, and says why on the payment', async (_case, reason) => {
      const created = NOW.getTime() - 10 * MIN;
      const orders =
        reason === AUTO_APPROVAL_WITHHELD.ambiguous
          ? [order('ORD1', created), order('EARLIER', created - (ORDER.openMinutes + 60) * MIN)]
          : [order('ORD1', created)];
      const store = world(orders);
      store.autoApprove = true;
      store.payerOfOthers = reason === AUTO_APPROVAL_WITHHELD.payerPaidOthers;
      const blockTime = reason === AUTO_APPROVAL_WITHHELD.predatesOrder ? created - MIN : NOW.getTime() - 2 * MIN;
      const transfer = recorded({ blockTime });
      store.transfers.set(TXID, transfer);
      const { deps, approvals, mails } = depsOf(store);
      expect(await settleTransfer(deps, transfer, 'watcher')).toMatchObject({ kind: 'bound', autoApproved: false });
      expect(approvals).toEqual([]);
      expect(store.commits[0]?.binding.autoApprovalWithheld).toEqual([reason]);
      if (reason === AUTO_APPROVAL_WITHHELD.ambiguous) expect(store.commits[0]?.binding.ambiguous).toContain('unpaid');
      expect(mails).toHaveLength(1);
    });
  });

  it('a late transfer is unmatched, listed with the order it missed, and that order is told', async () => {
    const missed = order('ORD1', NOW.getTime() - (ORDER.openMinutes + ORDER.graceMinutes + 30) * MIN);
    const store = world([missed]);
    const { deps } = depsOf(store);
    expect(await settleTransfer(deps, recorded(), 'watcher')).toEqual({ kind: 'unmatched', reason: 'late' });
    expect(store.transfers.get(TXID)?.unmatched?.closeOrders).toMatchObject([
      {
        orderId: 'ORD1',
        reason: 'same-amount',
        user: { _id: BUYER_PROFILE._id, username: `name-${BUYER_PROFILE._id}` },
      },
    ]);
    expect(store.late).toEqual([{ orderId: 'ORD1', txid: TXID }]);
  });
});
