import { tableName } from '../adapters/dynamodb.js';
import type { TxidMarker } from '../domain/commerce/purchase.js';
import type { PaymentRecord } from '../domain/records/payment-record.js';
import type { SubscriptionRecord } from '../domain/records/subscription-record.js';
import { newSubscription, subscriptionCounter, type Tagged } from './commerce-items.js';
import { payerKey, toPaymentItem, toTxidMarkerItem } from './payment-entity.js';
import { paymentStatsKeys } from './stats-entity.js';
import { profileKey } from './user-profile-entity.js';

/**
 * The transaction items a new pending payment writes, shared by the three ways one is made: a
 * customer's submission (purchase-store.ts), the chain binding a transfer to its order
 * (binding-store.ts) and an admin giving an unmatched transfer to a customer
 * (unmatched-transfer-store.ts).
 */

/** One more pending payment, and its amount, in the all-time payment aggregates. */
export const pendingPaymentAdded = (amount: number): Tagged<never> => ({
  tag: null,
  item: {
    Update: {
      TableName: tableName,
      Key: paymentStatsKeys.total(),
      UpdateExpression: 'ADD #count :one, #amount :amount',
      ExpressionAttributeNames: { '#count': 'pendingCount', '#amount': 'pendingAmount' },
      ExpressionAttributeValues: { ':one': 1, ':amount': amount },
    },
  },
});

/**
 * The TXID's marker names the payment the chain or the admin chose, whoever submitted the TXID
 * first: written when there was none (`markerRead` null), or moved while it still names the payment
 * read, so a submission committing meanwhile fails the item tagged `tag`.
 */
export const txidMarkerMoved = <T extends string>(
  marker: TxidMarker,
  markerRead: string | null,
  tag: T,
): Tagged<T> => ({
  tag,
  item: {
    Put: {
      TableName: tableName,
      Item: toTxidMarkerItem(marker),
      ...(markerRead === null
        ? { ConditionExpression: 'attribute_not_exists(PK)' }
        : { ConditionExpression: 'paymentId = :read', ExpressionAttributeValues: { ':read': markerRead } }),
    },
  },
});

/** One more pending payment on the customer's profile, with no limit: the money has arrived. */
export const pendingOnProfile = <T extends string>(userId: string, tag: T | null): Tagged<T> => ({
  tag,
  item: {
    Update: {
      TableName: tableName,
      Key: profileKey(userId),
      UpdateExpression: 'ADD pendingPayments :one',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':one': 1 },
    },
  },
});

/**
 * A payment made for a transfer that has already arrived (the chain's binding, an admin's
 * assignment): the payment and its subscription (created only), the TXID's marker, the pending
 * count on the profile when there is one, the aggregates and the subscription counter.
 */
export function paymentForTransfer<T extends string>(
  created: { payment: PaymentRecord; subscription: SubscriptionRecord; marker: TxidMarker; markerRead: string | null },
  tags: { marker: T; profile: T | null },
  countOnProfile: boolean,
): Tagged<T>[] {
  const { payment, subscription } = created;
  return [
    {
      tag: null,
      item: {
        Put: { TableName: tableName, Item: toPaymentItem(payment), ConditionExpression: 'attribute_not_exists(PK)' },
      },
    },
    newSubscription(subscription),
    txidMarkerMoved(created.marker, created.markerRead, tags.marker),
    ...(countOnProfile ? [pendingOnProfile(payment.userId, tags.profile)] : []),
    pendingPaymentAdded(payment.amount),
    subscriptionCounter(subscription),
  ];
}

/** Who paid: the paying address and the payment, so a later binding can tell whether it pays other customers' orders. */
export const payerPayment = (row: {
  address: string;
  paymentId: string;
  orderId?: string;
  userId: string;
  createdAt: string;
}): Tagged<never> => ({
  tag: null,
  item: {
    Put: {
      TableName: tableName,
      Item: {
        ...payerKey(row.address, row.paymentId),
        entity: 'PayerPayment',
        address: row.address,
        paymentId: row.paymentId,
        ...(row.orderId === undefined ? {} : { orderId: row.orderId }),
        userId: row.userId,
        createdAt: row.createdAt,
      },
    },
  },
});
