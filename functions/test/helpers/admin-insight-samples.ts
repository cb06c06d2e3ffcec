import { BatchGetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AwsClientStub } from 'aws-sdk-client-mock';
import type { RouteId } from '@goldbot/shared';
import { toPaymentItem } from '../../src/data/payment-entity.js';
import { toSubscriptionItem } from '../../src/data/subscription-entity.js';
import { SAMPLE_BUYER, pendingPayment, pendingSubscription } from './payment-samples.js';

/**
 * The world the back-office insight samples describe (events/admin-payment-stats.json, ...): Jane
 * bought Pro in November 2026 ($250, approved), and her Basic month starts today, not yet mailed.
 */
export function adminInsightSampleWorld(dynamo: AwsClientStub<DynamoDBDocumentClient>) {
  const today = new Date().toISOString().slice(0, 10);
  const pro = pendingPayment({ packageSlug: 'pro', status: 'completed', approvedAt: '2026-11-21T09:00:00.000Z' });
  const basicToday = pendingSubscription(pendingPayment({ _id: '01KDX4A7Q2M9V3T8R5N6P1W0ZE' }), {
    _id: '01KDX4A7Q2M9V3T8R5N6P1W0ZF',
    status: 'active',
    startDate: today,
    endDate: today,
  });
  const proSubscription = pendingSubscription(pro, {
    status: 'active',
    startDate: '2026-12-01',
    endDate: '2027-05-31',
  });
  const batchAnswer = (items: Record<string, unknown>[]) =>
    dynamo.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, unknown> }) => ({
      Responses: { [String(Object.keys(input.RequestItems)[0])]: items },
    }));
  return {
    'admin-payment-stats': () => {
      batchAnswer([
        { PK: 'STATS#PAYMENTS', SK: 'TOTAL', completedAmount: 250, completedCount: 1, pendingCount: 0 },
        { PK: 'STATS#PAYMENTS', SK: 'YEAR#2026', completedAmount: 250, completedCount: 1 },
      ]);
      dynamo
        .on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'STATS#PAYMENTS', ':prefix': 'MONTH#2026' } })
        .resolves({ Items: [{ SK: 'MONTH#2026-11', completedAmount: 250, completedCount: 1 }] });
      dynamo
        .on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'STATS#PAYMENTS', ':prefix': 'PKGMONTH#2026' } })
        .resolves({ Items: [{ SK: 'PKGMONTH#2026-11#pro', completedAmount: 250, completedCount: 1 }] });
    },
    'payment-subscription-history': () => {
      dynamo.on(QueryCommand, { IndexName: 'GSI1' }).resolves({ Items: [toSubscriptionItem(proSubscription)] });
      batchAnswer([{ PK: 'STATS#SUBSCRIPTIONS', SK: 'MONTH#2026-11', total: 1, proPackages: 1, active: 1 }]);
    },
    'admin-activations': () => {
      dynamo.on(QueryCommand, { IndexName: 'GSI2' }).resolves({ Items: [toSubscriptionItem(basicToday)] });
    },
    'payment-send-basic-notifications': () => {
      dynamo.on(QueryCommand, { IndexName: 'GSI2' }).resolves({ Items: [toSubscriptionItem(basicToday)] });
      batchAnswer([{ PK: `USER#${SAMPLE_BUYER._id}`, SK: 'PROFILE', ...SAMPLE_BUYER }]);
    },
    'admin-export': () => {
      dynamo.on(QueryCommand, { IndexName: 'GSI2' }).resolves({ Items: [toPaymentItem(pro)] });
    },
  } satisfies Partial<Record<RouteId, () => void>>;
}
