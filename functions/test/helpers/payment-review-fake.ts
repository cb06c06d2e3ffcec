import { vi } from 'vitest';
import { isTxidStartCursor } from '../../src/data/payment-entity.js';
import type {
  ApprovalContext,
  ApprovalDeps,
  ApprovalPlan,
  DecisionOutcome,
  PaymentDecisionStore,
  RejectionPlan,
} from '../../src/domain/commerce/payment-decisions.js';
import type { PaymentListStore } from '../../src/domain/commerce/payment-lists.js';
import type { PaymentRecord } from '../../src/domain/records/payment-record.js';
import type { SubscriptionRecord } from '../../src/domain/records/subscription-record.js';
import { SAMPLE_BUYER, pendingSubscription } from './payment-samples.js';
import { fixedRuntime } from './use-case-runtime.js';

/**
 * The admin payment queue's store in memory, recording what it was asked: the lists
 * (payment-lists.test.ts) and the decisions (payment-decisions.test.ts) read the same payments.
 */
export const NOW = new Date('2026-11-23T12:00:00.000Z');

export class FakeStore implements PaymentListStore, PaymentDecisionStore {
  payments = new Map<string, PaymentRecord>();
  subscriptions = new Map<string, SubscriptionRecord>();
  payer: ApprovalContext['payer'] = {
    username: SAMPLE_BUYER.username,
    email: SAMPLE_BUYER.email,
    basicPaidThrough: null,
  };
  referrerExists = true;
  counts = { completed: 3, pending: 2, rejected: 1 };
  markers = new Map<string, string>();
  outcomes: DecisionOutcome[] = [];
  approvals: ApprovalPlan[] = [];
  rejections: RejectionPlan[] = [];
  listCalls: unknown[] = [];
  contextLoads = 0;
  /** Applied to the stored payment when the next outcome is 'payment-not-pending'. */
  settledMeanwhile: PaymentRecord['status'] = 'completed';

  constructor(payment: PaymentRecord, subscription = pendingSubscription(payment)) {
    this.payments.set(payment._id, payment);
    this.subscriptions.set(subscription._id, subscription);
  }
  async listPayments(list: string, page: unknown) {
    this.listCalls.push({ list, ...(page as object) });
    return { items: [...this.payments.values()], nextCursor: 'next' };
  }
  txidStartCalls: unknown[] = [];
  /** The cursor the TXID-start search hands back (a marker's key, as the store's). */
  txidStartCursor: string | null = null;
  isTxidStartCursor = isTxidStartCursor;
  async listPaymentsByTxidStart(list: string, prefix: string, page: { limit: number; cursor?: string }) {
    this.txidStartCalls.push({ list, prefix, ...page });
    const items = [...this.payments.values()].filter(
      (p) => p.txidNormalized.startsWith(prefix) && (list === 'all' || p.status === 'pending'),
    );
    return { items, nextCursor: this.txidStartCursor };
  }
  async paymentIdByTxid(txid: string) {
    return this.markers.get(txid);
  }
  async getPayment(id: string) {
    return this.payments.get(id);
  }
  async paymentCounts() {
    return this.counts;
  }
  readonly referrerEmails = new Map<string, string>();
  emailLookups = 0;
  async emailsOf(userIds: readonly string[]) {
    this.emailLookups += 1;
    return new Map(
      userIds.flatMap((id) => (this.referrerEmails.has(id) ? [[id, this.referrerEmails.get(id) ?? '']] : [])),
    );
  }
  async loadApprovalContext(payment: PaymentRecord) {
    this.contextLoads += 1;
    return {
      subscription: this.subscriptions.get(payment.subscriptionId),
      payer: this.payer,
      referrerExists: this.referrerExists,
    };
  }
  async getSubscription(_userId: string, id: string) {
    return this.subscriptions.get(id);
  }
  private next(paymentId: string): DecisionOutcome {
    const outcome = this.outcomes.shift() ?? { kind: 'committed' };
    if (outcome.kind === 'payment-not-pending') {
      const current = this.payments.get(paymentId);
      if (current) this.payments.set(paymentId, { ...current, status: this.settledMeanwhile });
    }
    return outcome;
  }
  /** The next approval is applied, and its answer lost: the retry sees the payment approved by this plan. */
  appliedBehindTimeout = false;
  async commitApproval(plan: ApprovalPlan) {
    this.approvals.push(plan);
    if (this.appliedBehindTimeout) {
      this.appliedBehindTimeout = false;
      const current = this.payments.get(plan.payment._id);
      if (current) {
        this.payments.set(plan.payment._id, {
          ...current,
          status: 'completed',
          approvedAt: plan.at,
          approvedBy: plan.adminId,
        });
      }
      return { kind: 'payment-not-pending' } as const;
    }
    return this.next(plan.payment._id);
  }
  readonly endedHolds: { amountCents: number; orderId: string }[] = [];
  async endOrderHold(amountCents: number, orderId: string) {
    this.endedHolds.push({ amountCents, orderId });
  }
  async commitRejection(plan: RejectionPlan) {
    this.rejections.push(plan);
    return this.next(plan.payment._id);
  }
}

export function deps(store: FakeStore, overrides: Partial<ApprovalDeps> = {}): ApprovalDeps {
  return {
    store,
    ...fixedRuntime(NOW),
    sendVerifiedMail: vi.fn(async () => undefined),
    ...overrides,
  };
}
