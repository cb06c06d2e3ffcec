import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ContactMessage } from '@goldbot/shared';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import { CONFLICT_RETRIES, conflictBackoffMs } from '../domain/commerce/payment-review.js';
import type { ContactMessageStore } from '../domain/contact/contact-messages.js';
import {
  CONTACT_LIST_PARTITION,
  contactMessageKey,
  fromContactMessageItem,
  toContactMessageItem,
} from './contact-message-entity.js';
import { retry } from '../kit/retry.js';
import { contactBucketKey, contactBucketOf, contactBucketsBetween, contactStatsKey } from './stats-entity.js';
import { batchGetItems, cancellationReasons, onlyConflicts, queryListPage } from './table-reads.js';
import { addCounters, putNew, updateItem, type TransactItems } from './transaction-items.js';

/**
 * DynamoDB implementation of the contact message store (docs/data-model.md, "Contact message" and "Contact messages"):
 * writes are two-item transactions with the `total` counter, reads are Queries on GSI1 `CONTACTS`
 * and one GetItem of the counter. No Scan.
 */

const CONTACTS_LIST = { index: 'GSI1', pk: 'GSI1PK', sk: 'GSI1SK', value: CONTACT_LIST_PARTITION } as const;

/** Runs a transaction again when it was cancelled only by TransactionConflict (a busy counter). */
async function sendWithConflictRetries(items: TransactItems): Promise<void> {
  await retry(() => documentClient.send(new TransactWriteCommand({ TransactItems: items })), {
    tries: CONFLICT_RETRIES + 1,
    retryOn: (error) => onlyConflicts(cancellationReasons(error).map((reason) => reason.Code ?? 'None')),
    delayMs: (attempt) => conflictBackoffMs(attempt),
  });
}

/** Storing a message: the message (create-only), `total` +1 and its half hour's `count` +1. */
export const addTransaction = (message: ContactMessage): TransactItems => [
  putNew(toContactMessageItem(message)),
  addCounters(contactStatsKey(), { total: 1 }),
  addCounters(contactBucketKey(contactBucketOf(message.createdAt)), { count: 1 }),
];

/** `count` -1 on the half hour a deleted message was received in, never below 0. */
const bucketDecrement = (createdAt: string) =>
  updateItem(
    contactBucketKey(contactBucketOf(createdAt)),
    'ADD #count :minus',
    { ':minus': -1, ':one': 1 },
    { names: { '#count': 'count' }, condition: '#count >= :one' },
  );

/**
 * Deleting a counted message: the delete and `total` -1, on condition that the message carries
 * `counted` and the counter is at least 1, so `total` never goes below 0.
 */
export const deleteTransaction = (id: string, createdAt?: string): TransactItems => [
  {
    Delete: {
      TableName: tableName,
      Key: contactMessageKey(id),
      ConditionExpression: 'attribute_exists(PK) AND counted = :true',
      ExpressionAttributeValues: { ':true': true },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  },
  updateItem(
    contactStatsKey(),
    'ADD #total :minus',
    { ':minus': -1, ':one': 1 },
    {
      names: { '#total': 'total' },
      condition: '#total >= :one',
    },
  ),
  ...(createdAt === undefined ? [] : [bucketDecrement(createdAt)]),
];

/** The delete alone: a message stored before the counter existed, or a counter already at 0. */
async function deleteUncounted(id: string): Promise<boolean> {
  try {
    await documentClient.send(
      new DeleteCommand({
        TableName: tableName,
        Key: contactMessageKey(id),
        ConditionExpression: 'attribute_exists(PK)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export const dynamoContactMessageStore: ContactMessageStore = {
  async put(message) {
    await sendWithConflictRetries(addTransaction(message));
  },

  async listNewestFirst({ limit, cursor, contains }) {
    const { items, nextCursor } = await queryListPage(CONTACTS_LIST, {
      limit,
      cursor,
      contains,
      // A search reads on until the page is full or the list ends (docs/data-model.md, "Search, stated honestly").
      budget: Infinity,
    });
    return { items: items.map(fromContactMessageItem), nextCursor };
  },

  async summary(sinceIso) {
    // One BatchGetItem: the total and the half-hour buckets since the admin's midnight (contact aggregates).
    const buckets = contactBucketsBetween(sinceIso, new Date().toISOString()).map(contactBucketKey);
    const items = await batchGetItems([contactStatsKey(), ...buckets], false);
    const value = (item: Record<string, unknown>, name: string) => Math.max(0, Number(item[name] ?? 0) || 0);
    let total = 0;
    let today = 0;
    for (const item of items) {
      if (item.SK === contactStatsKey().SK) total = value(item, 'total');
      else today += value(item, 'count');
    }
    return { total, today };
  },

  async delete(id) {
    // The message's time names the half-hour counter to take it off (one GetItem; deletes are rare).
    const found = await documentClient.send(
      new GetCommand({ TableName: tableName, Key: contactMessageKey(id), ConsistentRead: true }),
    );
    if (!found.Item) return false;
    const createdAt = typeof found.Item.createdAt === 'string' ? found.Item.createdAt : undefined;
    try {
      await sendWithConflictRetries(deleteTransaction(id, createdAt));
      return true;
    } catch (error) {
      const [message, counter, bucket] = cancellationReasons(error);
      if (message?.Code === 'ConditionalCheckFailed') {
        // Gone (no old image): 404. Present but not counted: delete it without the counters.
        return message.Item ? deleteUncounted(id) : false;
      }
      // A counter that never counted this message (stored before it existed): the delete alone.
      if (counter?.Code === 'ConditionalCheckFailed' || bucket?.Code === 'ConditionalCheckFailed') {
        return deleteUncounted(id);
      }
      throw error;
    }
  },
};
