import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import type { ReceiptStore } from '../domain/commerce/receipts.js';
import { fromPaymentItem, paymentKey } from './payment-entity.js';
import { fromSubscriptionItem, subscriptionKey } from './subscription-entity.js';

/**
 * The reads of a receipt: the payment (GetItem), then the subscription it bought under its owner
 * (GetItem). Two requests: the payment names the owner the subscription is keyed by.
 */
export const dynamoReceiptStore: ReceiptStore = {
  async readReceipt(paymentId) {
    const found = await documentClient.send(new GetCommand({ TableName: tableName, Key: paymentKey(paymentId) }));
    if (!found?.Item) return { payment: null, subscription: null };
    const payment = fromPaymentItem(found.Item);
    const sub = await documentClient.send(
      new GetCommand({ TableName: tableName, Key: subscriptionKey(payment.userId, payment.subscriptionId) }),
    );
    return { payment, subscription: sub?.Item ? fromSubscriptionItem(sub.Item) : null };
  },
};
