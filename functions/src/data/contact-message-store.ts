import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ContactMessage, ContactReadFilter } from '@goldbot/shared';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import type { ContactMessageStore } from '../domain/contact/contact-messages.js';
import {
  CONTACT_LIST_PARTITION,
  CONTACT_UNREAD_PARTITION,
  contactMessageKey,
  fromContactMessageItem,
  isUnreadItem,
  toContactMessageItem,
} from './contact-message-entity.js';
import type { Key } from './cursor.js';
import { backoffMs, CONFLICT_TRIES, retry } from '../lib/retry.js';
import { contactBucketKey, contactBucketOf, contactBucketsBetween, contactStatsKey } from './stats-entity.js';
import {
  batchGetItems,
  cancellationReasons,
  deleteIf,
  getItem,
  onlyConflicts,
  queryListPage,
  queryTable,
  type IndexList,
  type ItemFilter,
} from './table-reads.js';
import { addCounters, putNew, updateItem, type TransactItems } from './transaction-items.js';

/**
 * DynamoDB implementation of the contact message store (docs/data-model.md, "Contact message" and "Contact messages"):
 * writes are transactions with the contact counters, reads are Queries on GSI1 `CONTACTS` (every
 * message) or GSI2 `CONTACTS#UNREAD` (the unread ones) and one BatchGetItem of the counters. No Scan.
 */

const CONTACTS_LIST: IndexList = { index: 'GSI1', pk: 'GSI1PK', sk: 'GSI1SK', value: CONTACT_LIST_PARTITION };
const UNREAD_LIST: IndexList = { index: 'GSI2', pk: 'GSI2PK', sk: 'GSI2SK', value: CONTACT_UNREAD_PARTITION };
/** The Read tab: every message that is not in the unread index (those stored before it existed included). */
const READ_ONLY: ItemFilter = { expression: 'attribute_not_exists(GSI2PK)' };

/**
 * Messages Mark All Read marks per transaction: TransactWriteItems takes at most 100 items, and
 * one of them is the `unread` counter.
 */
export const MARK_ALL_BATCH = 99;

/** Runs a transaction again when it was cancelled only by TransactionConflict (a busy counter). */
async function sendWithConflictRetries(items: TransactItems): Promise<void> {
  await retry(() => documentClient.send(new TransactWriteCommand({ TransactItems: items })), {
    tries: CONFLICT_TRIES,
    retryOn: (error) => onlyConflicts(cancellationReasons(error).map((reason) => reason.Code ?? 'None')),
    delayMs: (attempt) => backoffMs(attempt),
  });
}

/** Storing a message: the message (create-only, unread), `total` and `unread` +1 and its half hour's `count` +1. */
export const addTransaction = (message: ContactMessage): TransactItems => [
  putNew(toContactMessageItem(message)),
  addCounters(contactStatsKey(), message.read ? { total: 1 } : { total: 1, unread: 1 }),
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

/** `unread` -`count` on the contact counter, on condition that it holds at least that many (never below 0). */
const unreadDecrement = (count: number) =>
  updateItem(
    contactStatsKey(),
    'ADD #unread :minus',
    { ':minus': -count, ':count': count },
    { names: { '#unread': 'unread' }, condition: '#unread >= :count' },
  );

/**
 * Deleting a counted message as it was read: the delete and `total` -1 (and `unread` -1 for an
 * unread one), on condition that the message still carries `counted` and the read state it was
 * read with, and that each counter is at least 1, so none goes below 0.
 */
export const deleteTransaction = (id: string, state: { createdAt?: string; unread: boolean }): TransactItems => [
  {
    Delete: {
      TableName: tableName,
      Key: contactMessageKey(id),
      ConditionExpression: `attribute_exists(PK) AND counted = :true AND ${
        state.unread ? 'GSI2PK = :unreadList' : 'attribute_not_exists(GSI2PK)'
      }`,
      ExpressionAttributeValues: {
        ':true': true,
        ...(state.unread ? { ':unreadList': CONTACT_UNREAD_PARTITION } : {}),
      },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  },
  state.unread
    ? updateItem(
        contactStatsKey(),
        'ADD #total :minus, #unread :minus',
        { ':minus': -1, ':one': 1 },
        { names: { '#total': 'total', '#unread': 'unread' }, condition: '#total >= :one AND #unread >= :one' },
      )
    : updateItem(
        contactStatsKey(),
        'ADD #total :minus',
        { ':minus': -1, ':one': 1 },
        { names: { '#total': 'total' }, condition: '#total >= :one' },
      ),
  ...(state.createdAt === undefined ? [] : [bucketDecrement(state.createdAt)]),
];

/** The message read at `readAt`, on condition that it is unread: it leaves the unread index. */
const markReadUpdate = (id: string, readAt: string, returnOld = false) =>
  updateItem(
    contactMessageKey(id),
    'SET readAt = :at REMOVE GSI2PK, GSI2SK',
    { ':at': readAt, ':unreadList': CONTACT_UNREAD_PARTITION },
    { condition: 'GSI2PK = :unreadList', returnOld },
  );

/** Marking one message read: the message and `unread` -1 in one transaction. */
export const markReadTransaction = (id: string, readAt: string): TransactItems => [
  markReadUpdate(id, readAt, true),
  unreadDecrement(1),
];

/** The delete alone: a message stored before the counter existed, or a counter already at 0. */
async function deleteUncounted(id: string): Promise<boolean> {
  return deleteIf({ Key: contactMessageKey(id), ConditionExpression: 'attribute_exists(PK)' });
}

const readMessage = (id: string) => getItem(contactMessageKey(id), true);

/** Reads of the message a delete makes at most: it reads again when the message was read in between. */
const DELETE_ATTEMPTS = 3;

/**
 * Marks `ids` read and takes their number off `unread` in one transaction. A message read or
 * deleted in the meantime (another administrator) is left out and the rest is tried again; a
 * counter below the batch (messages written around this store) is left alone rather than taken
 * below 0. Answers how many messages this call marked.
 */
async function markBatchRead(ids: readonly string[], readAt: string): Promise<number> {
  let pending = [...ids];
  let withCounter = true;
  while (pending.length > 0) {
    const items = pending.map((id) => markReadUpdate(id, readAt));
    try {
      await sendWithConflictRetries(withCounter ? [...items, unreadDecrement(pending.length)] : items);
      return pending.length;
    } catch (error) {
      const reasons = cancellationReasons(error);
      const refused = new Set(pending.filter((_, i) => reasons[i]?.Code === 'ConditionalCheckFailed'));
      const counterRefused = withCounter && reasons[pending.length]?.Code === 'ConditionalCheckFailed';
      if (refused.size === 0 && !counterRefused) throw error;
      pending = pending.filter((id) => !refused.has(id));
      if (refused.size === 0) withCounter = false;
    }
  }
  return 0;
}

const listOf = (filter: ContactReadFilter) => (filter === 'unread' ? UNREAD_LIST : CONTACTS_LIST);

export const dynamoContactMessageStore: ContactMessageStore = {
  async put(message) {
    await sendWithConflictRetries(addTransaction(message));
  },

  async listNewestFirst({ limit, cursor, contains, filter }) {
    const { items, nextCursor } = await queryListPage(listOf(filter), {
      limit,
      cursor,
      contains,
      where: filter === 'read' ? READ_ONLY : undefined,
      // A search or the Read tab reads on until the page is full or the list ends (docs/data-model.md, "Search, stated honestly").
      budget: Infinity,
    });
    return { items: items.map(fromContactMessageItem), nextCursor };
  },

  async counts(sinceIso) {
    // One BatchGetItem: the total and unread counters and the half-hour buckets since the admin's midnight.
    const buckets = contactBucketsBetween(sinceIso, new Date().toISOString()).map(contactBucketKey);
    const items = await batchGetItems([contactStatsKey(), ...buckets], false);
    const value = (item: Record<string, unknown>, name: string) => Math.max(0, Number(item[name] ?? 0) || 0);
    let totalCount = 0;
    let unreadCount = 0;
    let todayCount = 0;
    for (const item of items) {
      if (item.SK === contactStatsKey().SK) {
        totalCount = value(item, 'total');
        unreadCount = value(item, 'unread');
      } else todayCount += value(item, 'count');
    }
    return { totalCount, unreadCount, todayCount };
  },

  async delete(id) {
    // The message's time names the half-hour counter to take it off, and its read state says
    // whether `unread` counts it (one GetItem; deletes are rare).
    for (let attempt = 1; ; attempt += 1) {
      const found = await readMessage(id);
      if (!found) return false;
      if (found.counted !== true) return deleteUncounted(id);
      const createdAt = typeof found.createdAt === 'string' ? found.createdAt : undefined;
      try {
        await sendWithConflictRetries(deleteTransaction(id, { createdAt, unread: isUnreadItem(found) }));
        return true;
      } catch (error) {
        const [message, counter, bucket] = cancellationReasons(error);
        if (message?.Code === 'ConditionalCheckFailed') {
          // Gone (no old image): 404. Still there: it was read meanwhile, so read it again.
          if (!message.Item) return false;
          if (attempt < DELETE_ATTEMPTS) continue;
        }
        // A counter that never counted this message (stored before it existed): the delete alone.
        if (counter?.Code === 'ConditionalCheckFailed' || bucket?.Code === 'ConditionalCheckFailed') {
          return deleteUncounted(id);
        }
        throw error;
      }
    }
  },

  async markRead(id, readAt) {
    try {
      await sendWithConflictRetries(markReadTransaction(id, readAt));
      return 'marked';
    } catch (error) {
      const [message, counter] = cancellationReasons(error);
      if (message?.Code === 'ConditionalCheckFailed') return message.Item ? 'already-read' : 'missing';
      if (counter?.Code !== 'ConditionalCheckFailed') throw error;
    }
    // The counter does not count it (written around this store): the message alone, never below 0.
    const marked = await markBatchRead([id], readAt);
    if (marked === 1) return 'marked';
    return (await readMessage(id)) ? 'already-read' : 'missing';
  },

  async markAllRead(readAt, stop) {
    let marked = 0;
    let startKey: Key | undefined;
    do {
      if (stop()) return { marked, complete: false };
      // Oldest first, a batch at a time; a marked message leaves the index behind the cursor.
      const page = await queryTable({
        IndexName: UNREAD_LIST.index,
        KeyConditionExpression: 'GSI2PK = :list',
        ExpressionAttributeValues: { ':list': CONTACT_UNREAD_PARTITION },
        ProjectionExpression: '#id',
        ExpressionAttributeNames: { '#id': '_id' },
        Limit: MARK_ALL_BATCH,
        ExclusiveStartKey: startKey,
      });
      const ids = (page.Items ?? []).map((item) => String(item._id));
      if (ids.length > 0) marked += await markBatchRead(ids, readAt);
      startKey = page.LastEvaluatedKey as Key | undefined;
    } while (startKey);
    return { marked, complete: true };
  },
};
