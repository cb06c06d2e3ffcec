import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import type { WaitingReader } from '../domain/admin/waiting-work.js';
import type { Key } from './cursor.js';
import { paymentStatsKeys, withdrawalStatsKey } from './stats-entity.js';

/**
 * How many of each kind of work wait now (the back-office navigation's counts), one small reader
 * per kind (docs/data-model.md, "What waits for the administrators"). Each reads a counter that
 * the transactions changing the items' status keep in step (docs/data-model.md, "Aggregates"),
 * so a count costs one GetItem whatever the number of items. A kind this build keeps no counter of
 * reads as null: the navigation then shows no count rather than a zero that would say "nothing waits".
 */

/** One counter attribute of one aggregate item, read consistently (a missing item or attribute is 0). */
async function readCounter(key: Key, attribute: string): Promise<number> {
  const result = await documentClient.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
  const value = result?.Item?.[attribute];
  return typeof value === 'number' ? value : Number(value ?? 0);
}

/** Payments waiting for a decision: STATS#PAYMENTS / TOTAL `pendingCount` (+1 on submission, -1 on approval or rejection). */
export const readPendingPaymentsWaiting: WaitingReader = () => readCounter(paymentStatsKeys.total(), 'pendingCount');

/** Withdrawal requests waiting for a decision: STATS#WITHDRAWALS / TOTAL `pending` (+1 on request, -1 on approval or rejection). */
export const readPendingWithdrawalsWaiting: WaitingReader = () => readCounter(withdrawalStatsKey(), 'pending');

/** Refund requests waiting for a decision: this build records no refund requests, so there is no count (null). */
export const readRefundRequestsWaiting: WaitingReader = () => Promise.resolve(null);

/**
 * Unread contact messages: this build keeps no read state on the server (a message is marked read
 * in the admin's browser), so there is no count (null).
 */
export const readUnreadMessagesWaiting: WaitingReader = () => Promise.resolve(null);

/** Incoming transfers no payment order claimed: this build does not watch the wallets' transfers, so there is no count (null). */
export const readUnmatchedTransfersWaiting: WaitingReader = () => Promise.resolve(null);
