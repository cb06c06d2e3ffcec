import { tableName } from '../adapters/dynamodb.js';
import type { OrderCommit, OrderStore } from '../domain/commerce/orders.js';
import { batchGet, readCommerceContext, transact, type Tagged } from './commerce-items.js';
import { fromAmountHoldItem, orderAmountKey, toAmountHoldItem, toOrderItem } from './order-entity.js';
import type { AmountHold } from '../domain/records/order-record.js';

/**
 * A customer's order in the table: the order of a package with its exact amount, and the hold that
 * keeps that amount for this order alone while its payment window is open.
 */
export const dynamoOrderStore: OrderStore = {
  async readOrderContext(request) {
    return (await readCommerceContext(request, [])).snapshot;
  },

  async readAmountHolds(amountsCents) {
    const found = await batchGet(
      amountsCents.map((cents) => orderAmountKey(cents)),
      true,
    );
    return [...found.values()].map(fromAmountHoldItem).filter((hold): hold is AmountHold => hold !== null);
  },

  async commitOrder(order, replaced, nowSeconds, limits): Promise<OrderCommit> {
    const hold: AmountHold = {
      amountCents: order.amountCents,
      orderId: order.orderId,
      userId: order.userId,
      expiresAt: order.expiresAt,
      paymentId: null,
    };
    const items: Tagged<'amount' | 'order'>[] = [
      {
        tag: 'amount',
        item: {
          Put: {
            TableName: tableName,
            Item: toAmountHoldItem(hold),
            // Free, or held by an order (or a payment's check) that has expired.
            ConditionExpression: 'attribute_not_exists(PK) OR expiresAt <= :now',
            ExpressionAttributeValues: { ':now': nowSeconds },
          },
        },
      },
      {
        tag: 'order',
        item: {
          Put: {
            TableName: tableName,
            Item: toOrderItem(order),
            // Still the order this one replaces (two windows opened at once make one order).
            ...(replaced
              ? {
                  ConditionExpression: 'orderId = :replaced',
                  ExpressionAttributeValues: { ':replaced': replaced.orderId },
                }
              : { ConditionExpression: 'attribute_not_exists(PK)' }),
          },
        },
      },
      // The replaced order's amount goes back, unless its hold already expired (then it is free anyway).
      ...(replaced && replaced.expiresAt > nowSeconds && replaced.amountCents !== order.amountCents
        ? [
            {
              tag: 'order' as const,
              item: {
                Delete: {
                  TableName: tableName,
                  Key: orderAmountKey(replaced.amountCents),
                  ConditionExpression: 'orderId = :replaced',
                  ExpressionAttributeValues: { ':replaced': replaced.orderId },
                },
              },
            },
          ]
        : []),
    ];
    const outcome = await transact(items, limits);
    if (outcome === null) return { kind: 'committed' };
    if (outcome === 'busy') return { kind: 'order-changed' };
    return outcome.failed.some((f) => f.tag === 'order') ? { kind: 'order-changed' } : { kind: 'amount-taken' };
  },
};
