import { BatchGetCommand, GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { toTransferItem } from '../../src/data/transfer-entity.js';
import type { AwsClientStub } from 'aws-sdk-client-mock';
import { PACKAGE_NAMES, type PackageSlug, type RouteId } from '@goldbot/shared';
import { paymentKey, toPaymentItem } from '../../src/data/payment-entity.js';
import { paymentSearchText, type PaymentRecord } from '../../src/domain/records/payment-record.js';
import { subscriptionKey, toSubscriptionItem } from '../../src/data/subscription-entity.js';
import type { SubscriptionRecord } from '../../src/domain/records/subscription-record.js';
import { SAMPLE_JANE, SAMPLE_RICK, janeProfileItem } from './sample-customers.js';
import { givenGetItem } from './dynamo-outcomes.js';

/**
 * Payments and subscriptions as the customer's submit leaves them: a pending
 * payment and its pending subscription. Shared by the admin payment unit tests and the sample
 * events of the admin payment routes.
 */
export const SAMPLE_BUYER = SAMPLE_JANE;
export const SAMPLE_REFERRER = { ...SAMPLE_RICK, email: 'rick@example.com' };
/** The payment id of events/payment-approve-usdt.json and events/payment-reject-usdt.json. */
export const SAMPLE_PAYMENT_ID = '01KDX4A7Q2M9V3T8R5N6P1W0ZC';
export const SAMPLE_SUBSCRIPTION_ID = '01KDX4A7Q2M9V3T8R5N6P1W0ZD';

const PRICES: Record<PackageSlug, number> = { freeTrial: 0, basic: 60, pro: 250, ultimate: 1000 };

export function pendingPayment(overrides: Partial<PaymentRecord> = {}): PaymentRecord {
  const slug = overrides.packageSlug ?? 'basic';
  const referral = overrides.referralUserId !== undefined && overrides.referralUserId !== null;
  const originalAmount = PRICES[slug];
  const discount = referral ? 10 : 0;
  const base: PaymentRecord = {
    _id: SAMPLE_PAYMENT_ID,
    userId: SAMPLE_BUYER._id,
    username: SAMPLE_BUYER.username,
    email: SAMPLE_BUYER.email,
    packageSlug: slug,
    packageName: PACKAGE_NAMES[slug],
    amount: originalAmount - discount,
    originalAmount,
    hasReferralDiscount: referral,
    referralDiscount: discount,
    referralCode: referral ? 'RICK2026' : null,
    referralUserId: null,
    referrerUsername: referral ? SAMPLE_REFERRER.username : null,
    referrerEmail: referral ? SAMPLE_REFERRER.email : null,
    referralReward: referral ? 2 : 0,
    referralCredited: false,
    currency: 'USD',
    paymentMethod: 'usdt',
    transactionId: 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90',
    txidNormalized: 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90',
    wallet: { address: 'EXAMPLE-USDT-TRC20-ADDRESS', network: 'TRC20', currency: 'USDT' },
    subscriptionId: SAMPLE_SUBSCRIPTION_ID,
    status: 'pending',
    searchText: '',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
  return { ...base, searchText: paymentSearchText(base), txidNormalized: base.transactionId.toLowerCase() };
}

export function pendingSubscription(
  payment: PaymentRecord,
  overrides: Partial<SubscriptionRecord> = {},
): SubscriptionRecord {
  return {
    _id: payment.subscriptionId,
    userId: payment.userId,
    username: payment.username,
    email: payment.email,
    packageSlug: payment.packageSlug,
    packageName: payment.packageName,
    status: 'pending',
    startDate: null,
    endDate: null,
    paymentMethod: 'usdt',
    paymentId: payment._id,
    isExtension: false,
    notificationSent: false,
    createdAt: payment.createdAt,
    updatedAt: payment.createdAt,
    ...overrides,
  };
}

export const buyerProfileItem = (extra: Record<string, unknown> = {}) =>
  janeProfileItem({ referralCode: 'JANE2026', referralCount: 0, referralEarnings: 0, ...extra });

/** The world the admin payment sample events describe: Jane's pending Basic payment. */
export function paymentReviewSampleWorld(dynamo: AwsClientStub<DynamoDBDocumentClient>) {
  const payment = pendingPayment();
  const subscription = pendingSubscription(payment);
  const given = () => {
    dynamo.on(GetCommand, { Key: paymentKey(payment._id) }).resolves({ Item: toPaymentItem(payment) });
    dynamo
      .on(GetCommand, { Key: subscriptionKey(payment.userId, subscription._id) })
      .resolves({ Item: toSubscriptionItem(subscription) });
    dynamo.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, unknown> }) => {
      const [table] = Object.keys(input.RequestItems);
      return { Responses: { [String(table)]: [buyerProfileItem(), toSubscriptionItem(subscription)] } };
    });
  };
  // The unit environment configures no TRON API, so the chain-check sample is a TXID the check
  // judges without asking TRON ('invalid'); the integration suite asks the local TRON double.
  const unchecked = pendingPayment({ transactionId: 'SAMPLE0TXID0NOT0A0TRON0ID' });
  const chainCheck = () => {
    dynamo.on(GetCommand, { Key: paymentKey(unchecked._id) }).resolves({ Item: toPaymentItem(unchecked) });
  };
  // The receipt sample: Jane's payment, approved, and the subscription it started.
  const completed = pendingPayment({ status: 'completed', approvedAt: '2026-11-21T09:00:00.000Z' });
  const receipt = () => {
    // The caller is Jane herself: the session guard reads her profile.
    givenGetItem(dynamo, buyerProfileItem());
    dynamo.on(GetCommand, { Key: paymentKey(completed._id) }).resolves({ Item: toPaymentItem(completed) });
    dynamo.on(GetCommand, { Key: subscriptionKey(completed.userId, subscription._id) }).resolves({
      Item: toSubscriptionItem({ ...subscription, status: 'active', startDate: '2026-12-01', endDate: '2026-12-31' }),
    });
  };
  // The unmatched transfer of events/admin-unmatched-transfer-*.json: 79 USDT that fit no order.
  const transfer = sampleUnmatchedTransferItem();
  const unmatched = () => {
    dynamo.on(QueryCommand).resolves({ Items: [transfer] });
    dynamo.on(GetCommand, { Key: { PK: transfer.PK, SK: transfer.SK } }).resolves({ Item: transfer });
    dynamo.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, unknown> }) => {
      const [table] = Object.keys(input.RequestItems);
      return {
        Responses: {
          [String(table)]: [transfer, buyerProfileItem({ emailVerifiedAt: '2026-01-01T10:00:00.000Z' })],
        },
      };
    });
  };
  return {
    'payment-approve-usdt': given,
    'payment-reject-usdt': given,
    'payment-chain-check': chainCheck,
    'payment-receipt': receipt,
    'admin-unmatched-transfers': unmatched,
    'admin-unmatched-transfer-assign': unmatched,
    'admin-unmatched-transfer-resolve': unmatched,
  } satisfies Partial<Record<RouteId, () => void>>;
}

/** The transaction id of the unmatched transfer samples (the real 79-USDT receipt of the TRON fixtures). */
export const SAMPLE_UNMATCHED_TXID = 'e0acf1a1305799799f336afe9e73e44406a6f9f635ededd7e5baea4962be8ab6';

/** An unmatched transfer as the wallet watcher leaves it: no order asked 79 USDT. */
export const sampleUnmatchedTransferItem = () => ({
  ...toTransferItem({
    txid: SAMPLE_UNMATCHED_TXID,
    wallet: 'TWsghcMkFXe1hnwZAWVQ9fUrZBtYv2aGJ8',
    from: 'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL',
    events: [{ index: 0, from: 'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL', units: '79000000' }],
    units: '79000000',
    blockTime: Date.parse('2026-11-23T09:00:00.000Z'),
    blockNumber: null,
    recordedAt: '2026-11-23T09:01:00.000Z',
    source: 'watcher',
    state: 'unmatched',
    binding: null,
    unmatched: null,
  }),
  unmatchedReason: 'no-order',
  closeOrders: [],
});
