import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import type { WaitingReader } from '../domain/admin/waiting-work.js';
import type { Key } from './cursor.js';
import {
  contactStatsKey,
  paymentStatsKeys,
  refundStatsKey,
  transferStatsKey,
  withdrawalStatsKey,
} from './stats-entity.js';

/**
 * How many of each kind of work wait now (the back-office navigation's counts), one small reader
 * per kind (docs/data-model.md, "What waits for the administrators"). Each reads a counter that
 * the transactions changing the items' status keep in step (docs/data-model.md, "Aggregates"),
 * so a count costs one GetItem whatever the number of items. Every kind has its counter; a kind a
 * server kept none of would read as null, and the navigation would then show no count rather than
 * a zero that says "nothing waits".
 */

/** One counter attribute of one aggregate item, read consistently (a missing item or attribute is 0). */
async function readCounter(key: Key, attribute: string): Promise<number> {
  const result = await documentClient.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
  const value = result?.Item?.[attribute];
  const count = typeof value === 'number' ? value : Number(value ?? 0);
  // A counter is never meant to go below zero; one that did (an item counted before its counter
  // existed, then decided) reads as nothing waiting rather than a negative badge.
  return Number.isFinite(count) ? Math.max(0, count) : 0;
}

/** Payments waiting for a decision: STATS#PAYMENTS / TOTAL `pendingCount` (+1 on submission, -1 on approval or rejection). */
export const readPendingPaymentsWaiting: WaitingReader = () => readCounter(paymentStatsKeys.total(), 'pendingCount');

/** Withdrawal requests waiting for a decision: STATS#WITHDRAWALS / TOTAL `pending` (+1 on request, -1 on approval or rejection). */
export const readPendingWithdrawalsWaiting: WaitingReader = () => readCounter(withdrawalStatsKey(), 'pending');

/** Refund requests waiting for a decision: STATS#REFUNDS / TOTAL `pending` (+1 on a request, -1 on approval or refusal). */
export const readRefundRequestsWaiting: WaitingReader = () => readCounter(refundStatsKey(), 'pending');

/**
 * Unread contact messages: STATS#CONTACTS / TOTAL `unread` (+1 with each message, -1 when an admin
 * marks one read or deletes an unread one; Mark All Read takes off what it marked).
 */
export const readUnreadMessagesWaiting: WaitingReader = () => readCounter(contactStatsKey(), 'unread');

/**
 * Transfers no payment order took, waiting for an admin: STATS#TRANSFERS / TOTAL `unmatched` (+1 when
 * the wallet watcher marks one unmatched, -1 with the decision that assigns or closes it).
 */
export const readUnmatchedTransfersWaiting: WaitingReader = () => readCounter(transferStatsKey(), 'unmatched');
