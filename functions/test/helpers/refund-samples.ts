import { BatchGetCommand, GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AwsClientStub } from 'aws-sdk-client-mock';
import type { RouteId } from '@goldbot/shared';
import { paymentKey, toPaymentItem } from '../../src/data/payment-entity.js';
import { refundKey, toRefundItem } from '../../src/data/refund-entity.js';
import { toSubscriptionItem } from '../../src/data/subscription-entity.js';
import type { PaymentRecord } from '../../src/domain/records/payment-record.js';
import type { RefundRecord } from '../../src/domain/records/refund-record.js';
import { planRequest } from '../../src/domain/refunds/refunds.js';
import type { SubscriptionRecord } from '../../src/domain/records/subscription-record.js';
import {
  SAMPLE_BUYER,
  SAMPLE_PAYMENT_ID,
  buyerProfileItem,
  pendingPayment,
  pendingSubscription,
} from './payment-samples.js';
import { givenGetItem } from './dynamo-outcomes.js';

/**
 * Refunds as the customer's request leaves them: Jane's completed Pro payment, approved yesterday,
 * its active subscription, and her pending refund request. Shared by the refund unit tests and the
 * sample events of the refund routes (events/payment-refund-request.json: Jane asks;
 * events/admin-refund-*.json: the sample administrator opens and decides).
 */

/** The refund id of events/admin-refund-approve.json and events/admin-refund-refuse.json. */
export const SAMPLE_REFUND_ID = '01KDX6R4F2N8W3T7Q5M9P1Z0RA';
/** The address of events/payment-refund-request.json: a TRON address whose checksum matches. */
export const SAMPLE_REFUND_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Jane's Pro payment, completed `approvedDaysAgo` days ago (1: inside the 7-day guarantee). */
export function completedPayment(overrides: Partial<PaymentRecord> = {}, approvedDaysAgo = 1): PaymentRecord {
  const approvedAt = new Date(Date.now() - approvedDaysAgo * DAY_MS).toISOString();
  return pendingPayment({ packageSlug: 'pro', status: 'completed', approvedAt, ...overrides });
}

/** The payment's subscription as its approval left it. */
export function activeSubscription(payment: PaymentRecord, overrides: Partial<SubscriptionRecord> = {}) {
  return pendingSubscription(payment, {
    status: 'active',
    startDate: '2026-12-01',
    endDate: '2027-05-31',
    approvedAt: payment.approvedAt,
    ...overrides,
  });
}

/** Jane's request as the customer's route plans it (planRequest), a minute ago. */
export function pendingRefund(payment: PaymentRecord, overrides: Partial<RefundRecord> = {}): RefundRecord {
  const { refund } = planRequest(
    payment,
    {
      paymentId: payment._id,
      trc20Address: SAMPLE_REFUND_ADDRESS,
      reason: 'The bot does not suit my broker account after all.',
    },
    { kind: 'customer', userId: payment.userId },
    new Date(Date.now() - 60_000),
    () => SAMPLE_REFUND_ID,
  );
  return { ...refund, ...overrides };
}

type DocumentClientStub = AwsClientStub<DynamoDBDocumentClient>;

/** The world the refund sample events describe. */
export function refundSampleWorld(dynamo: DocumentClientStub): Partial<Record<RouteId, () => void>> {
  const payment = completedPayment();
  const requested = completedPayment({ refundId: SAMPLE_REFUND_ID, refundStatus: 'pending' });
  const subscription = activeSubscription(payment);
  const paymentIs = (p: PaymentRecord) =>
    dynamo.on(GetCommand, { Key: paymentKey(SAMPLE_PAYMENT_ID) }).resolves({ Item: toPaymentItem(p) });
  const pending = () => {
    paymentIs(requested);
    dynamo
      .on(GetCommand, { Key: refundKey(SAMPLE_REFUND_ID) })
      .resolves({ Item: toRefundItem(pendingRefund(requested)) });
    givenGetItem(dynamo, buyerProfileItem());
    dynamo.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, unknown> }) => ({
      Responses: { [String(Object.keys(input.RequestItems)[0])]: [buyerProfileItem()] },
    }));
    dynamo
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': `USER#${SAMPLE_BUYER._id}`, ':prefix': 'SUB#' } })
      .resolves({ Items: [toSubscriptionItem(subscription)] });
  };
  return {
    'payment-refund-request': () => {
      // The caller is Jane herself: the session guard reads her profile.
      givenGetItem(dynamo, buyerProfileItem());
      paymentIs(payment);
    },
    'admin-refunds': () => {
      dynamo.on(QueryCommand).resolves({ Items: [toRefundItem(pendingRefund(requested))] });
    },
    'admin-refund-create': () => paymentIs(payment),
    'admin-refund-approve': pending,
    'admin-refund-refuse': pending,
  };
}
