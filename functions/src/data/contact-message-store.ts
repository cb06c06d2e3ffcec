import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
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
import { contactStatsKey } from './stats-entity.js';
import { cancellationReasons, onlyConflicts, queryListPage } from './table-reads.js';
import { addCounters, putNew, updateItem, type TransactItems } from './transaction-items.js';

/**
 * DynamoDB implementation of the contact message store (docs/data-model.md E16, E24, AP-C1..C4):
 * writes are two-item transactions with the `total` counter, reads are Queries on GSI1 `CONTACTS`
 * and one GetItem of the counter. No Scan.
 */

const CONTACTS_LIST = { index: 'GSI1', pk: 'GSI1PK', sk: 'GSI1SK', value: CONTACT_LIST_PARTITION } as const;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs a transaction again when it was cancelled only by TransactionConflict (a busy counter). */
async function sendWithConflictRetries(items: TransactItems): Promise<void> {
  for (let conflicts = 0; ; conflicts += 1) {
    try {
      await documentClient.send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      const codes = cancellationReasons(error).map((reason) => reason.Code ?? 'None');
      if (!onlyConflicts(codes) || conflicts >= CONFLICT_RETRIES) throw error;
      await sleep(conflictBackoffMs(conflicts + 1));
    }
  }
}

/** AP-C1: the message (create-only) and `total` +1. */
export const addTransaction = (message: ContactMessage): TransactItems => [
  putNew(toContactMessageItem(message)),
  addCounters(contactStatsKey(), { total: 1 }),
];

/**
 * AP-C3 for a counted message: the delete and `total` -1, on condition that the message carries
 * `counted` and the counter is at least 1, so `total` never goes below 0.
 */
export const deleteTransaction = (id: string): TransactItems => [
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

/** Messages received at or after `sinceIso`: Select COUNT on the list index, page by page (one day's messages). */
async function countSince(sinceIso: string): Promise<number> {
  let total = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await documentClient.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK >= :since',
        ExpressionAttributeValues: { ':pk': CONTACT_LIST_PARTITION, ':since': sinceIso },
        Select: 'COUNT',
        ExclusiveStartKey: startKey,
      }),
    );
    total += result.Count ?? 0;
    startKey = result.LastEvaluatedKey;
  } while (startKey);
  return total;
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
      // A search reads on until the page is full or the list ends (data-model §9, AP-C4).
      budget: Infinity,
    });
    return { items: items.map(fromContactMessageItem), nextCursor };
  },

  async summary(sinceIso) {
    const [counter, today] = await Promise.all([
      documentClient.send(new GetCommand({ TableName: tableName, Key: contactStatsKey() })),
      countSince(sinceIso),
    ]);
    return { total: Math.max(0, Number(counter.Item?.total ?? 0) || 0), today };
  },

  async delete(id) {
    try {
      await sendWithConflictRetries(deleteTransaction(id));
      return true;
    } catch (error) {
      const [message, counter] = cancellationReasons(error);
      if (message?.Code === 'ConditionalCheckFailed') {
        // Gone (no old image): 404. Present but not counted: delete it without the counter.
        return message.Item ? deleteUncounted(id) : false;
      }
      if (counter?.Code === 'ConditionalCheckFailed') return deleteUncounted(id);
      throw error;
    }
  },
};
