import { tableName } from '../adapters/dynamodb.js';
import type { OrderCommit, OrderStore } from '../domain/commerce/orders.js';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../adapters/dynamodb.js';
import { readCommerceContext, transact, type Tagged } from './commerce-items.js';
import { queryAll, updateIf } from './table-reads.js';
import {
  HOLD_FREE_CONDITION,
  amountPoolPartition,
  fromAmountHoldItem,
  orderAmountKey,
  orderItemKey,
  poolAlertKey,
  toAmountHoldItem,
  toOrderDetailItem,
  toOrderItem,
} from './order-entity.js';
import type { AmountHold } from '../domain/records/order-record.js';

/**
 * A customer's order in the table: the order of a package with its exact amount (its own item and
 * the customer's current-order copy), and the hold that keeps that amount for this order alone
 * while it is open. No Scan: keys only.
 */
/** How long a pool alert item stays (TTL): the hour it is about, and the next. */
const POOL_ALERT_TTL_SECONDS = 2 * 3600;
export const dynamoOrderStore: OrderStore = {
  async readOrderContext(request) {
    return (await readCommerceContext(request, [])).snapshot;
  },

  async readAmountHolds(amountsCents) {
    // A price's amounts share a partition (its whole dollars): one consistent Query each, ~15 KB.
    const wanted = new Set(amountsCents);
    const partitions = [...new Set(amountsCents.map(amountPoolPartition))];
    const holds: AmountHold[] = [];
    for (const partition of partitions) {
      const items = await queryAll({
        KeyConditionExpression: 'PK = :pool',
        ExpressionAttributeValues: { ':pool': partition },
        ConsistentRead: true,
      });
      for (const item of items) {
        const hold = fromAmountHoldItem(item);
        if (hold && wanted.has(hold.amountCents)) holds.push(hold);
      }
    }
    return holds;
  },

  async commitOrder(order, replaced, nowSeconds, limits): Promise<OrderCommit> {
    const hold: AmountHold = {
      amountCents: order.amountCents,
      orderId: order.orderId,
      userId: order.userId,
      heldUntil: order.expiresAt,
    };
    const items: Tagged<'amount' | 'order'>[] = [
      {
        tag: 'amount',
        item: {
          Put: {
            TableName: tableName,
            Item: toAmountHoldItem(hold),
            // Free: never held, or its hold has ended.
            ConditionExpression: HOLD_FREE_CONDITION,
            ExpressionAttributeValues: { ':now': nowSeconds },
          },
        },
      },
      {
        tag: 'order',
        item: {
          Put: {
            TableName: tableName,
            Item: toOrderDetailItem(order),
            ConditionExpression: 'attribute_not_exists(PK)',
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
      // The replaced order's amount goes back now (its hold ends), unless it had already ended.
      ...(replaced && replaced.expiresAt > nowSeconds && replaced.amountCents !== order.amountCents
        ? [
            {
              tag: 'order' as const,
              item: {
                Update: {
                  TableName: tableName,
                  Key: orderAmountKey(replaced.amountCents),
                  UpdateExpression: 'SET heldUntil = :now',
                  ConditionExpression: 'orderId = :replaced',
                  ExpressionAttributeValues: { ':replaced': replaced.orderId, ':now': nowSeconds },
                },
              },
            },
          ]
        : []),
    ];
    const outcome = await transact(items, limits);
    if (outcome === null) {
      if (replaced && replaced.expiresAt > nowSeconds) {
        // The replaced order let its amount go: it binds no transfer made from now on.
        await updateIf({
          Key: orderItemKey(replaced.orderId),
          UpdateExpression: 'SET releasedAt = if_not_exists(releasedAt, :at)',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':at': new Date(nowSeconds * 1000).toISOString() },
        });
      }
      return { kind: 'committed' };
    }
    if (outcome === 'busy') return { kind: 'busy' };
    return outcome.failed.some((f) => f.tag === 'order') ? { kind: 'order-changed' } : { kind: 'amount-taken' };
  },

  async notePoolLow({ priceCents, freeAmounts, at }) {
    const iso = at.toISOString();
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: poolAlertKey(iso.slice(0, 13), priceCents),
        // The first note of the hour creates it; later ones keep the lowest count seen.
        UpdateExpression:
          'SET entity = :entity, priceCents = :price, firstSeenAt = if_not_exists(firstSeenAt, :at), ' +
          'freeAmounts = :free, lastSeenAt = :at, expiresAt = if_not_exists(expiresAt, :ttl)',
        ExpressionAttributeValues: {
          ':entity': 'PoolAlert',
          ':price': priceCents,
          ':at': iso,
          ':free': freeAmounts,
          ':ttl': Math.floor(at.getTime() / 1000) + POOL_ALERT_TTL_SECONDS,
        },
      }),
    );
  },
};
