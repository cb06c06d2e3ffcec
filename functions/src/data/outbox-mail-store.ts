import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import { MAIL_RETRY, type MailOutboxStore } from '../domain/email/mail-outbox.js';
import type { AuditEntry } from '../domain/records/audit-entry.js';
import { toAuditItem } from './audit-entity.js';
import {
  OUTBOX_DUE_PARTITION,
  OUTBOX_FAILED_PARTITION,
  dueKeys,
  failedKeys,
  fromOutboxMailItem,
  outboxMailKey,
  toOutboxMailItem,
} from './outbox-mail-entity.js';
import { getItem, putIf, queryListPage, queryTable, updateIf } from './table-reads.js';

const FAILED_LIST = { index: 'GSI2', pk: 'GSI2PK', sk: 'GSI2SK', value: OUTBOX_FAILED_PARTITION } as const;

/** A sent mail is remembered until its TTL, in epoch seconds. */
const sentExpiry = (sentAt: string) => Math.floor(Date.parse(sentAt) / 1000) + MAIL_RETRY.sentRetentionSeconds;

/**
 * The outbox in the table (docs/data-model.md, "E40 Outbox mail"): kept with one conditional Put,
 * the due mails read from GSI1 and the failed ones from GSI2 (Queries, never a Scan), and every
 * change of state a conditional UpdateItem on the claim that holds it.
 */
export const dynamoMailOutboxStore: MailOutboxStore = {
  async keep(mail, firstFailure) {
    return putIf({ Item: toOutboxMailItem(mail, firstFailure), ConditionExpression: 'attribute_not_exists(PK)' });
  },

  async dueMails(at, limit) {
    const result = await queryTable({
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :due AND GSI1SK <= :at',
      // `#` sorts before every id character, so `<at>#\uffff` takes every mail due at `at` itself.
      ExpressionAttributeValues: { ':due': OUTBOX_DUE_PARTITION, ':at': `${at}#\uffff` },
      ScanIndexForward: true,
      Limit: limit,
    });
    return (result.Items ?? []).map(fromOutboxMailItem);
  },

  claimDue(mail, { claimId, until }) {
    if (mail.nextAttemptAt === null) return Promise.resolve(false);
    return updateIf({
      Key: outboxMailKey(mail._id),
      UpdateExpression: 'SET claimId = :claim, claimedUntil = :until, nextAttemptAt = :until, GSI1SK = :sk',
      ConditionExpression: '#status = :due AND nextAttemptAt = :seen',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':claim': claimId,
        ':until': until,
        ':sk': dueKeys(mail._id, until).GSI1SK,
        ':due': 'due',
        ':seen': mail.nextAttemptAt,
      },
    });
  },

  claimFailed(id, { claimId, at, until }) {
    return updateIf({
      Key: outboxMailKey(id),
      UpdateExpression: 'SET claimId = :claim, claimedUntil = :until',
      ConditionExpression: '#status = :failed AND (attribute_not_exists(claimedUntil) OR claimedUntil < :at)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':claim': claimId, ':until': until, ':failed': 'failed', ':at': at },
    });
  },

  async markSent(id, claimId, sentAt, audit?: AuditEntry) {
    const update = {
      TableName: tableName,
      Key: outboxMailKey(id),
      UpdateExpression:
        'SET #status = :sent, sentAt = :at, expiresAt = :ttl REMOVE GSI1PK, GSI1SK, GSI2PK, GSI2SK, claimId, claimedUntil, nextAttemptAt',
      ConditionExpression: 'claimId = :claim',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':sent': 'sent', ':at': sentAt, ':ttl': sentExpiry(sentAt), ':claim': claimId },
    };
    if (!audit) return updateIf(update);
    try {
      await documentClient.send(
        new TransactWriteCommand({
          TransactItems: [
            { Update: update },
            {
              Put: { TableName: tableName, Item: toAuditItem(audit), ConditionExpression: 'attribute_not_exists(PK)' },
            },
          ],
        }),
      );
      return true;
    } catch (error) {
      if ((error as { name?: string }).name === 'TransactionCanceledException') return false;
      throw error;
    }
  },

  markFailed(id, claimId, failure) {
    const common = {
      Key: outboxMailKey(id),
      ConditionExpression: 'claimId = :claim',
      ExpressionAttributeNames: { '#status': 'status' },
    };
    const tried = { ':claim': claimId, ':attempts': failure.attempts, ':error': failure.lastError };
    if (failure.status === 'due') {
      const keys = dueKeys(id, failure.nextAttemptAt);
      return updateIf({
        ...common,
        UpdateExpression:
          'SET #status = :due, attempts = :attempts, nextAttemptAt = :next, lastError = :error, GSI1PK = :pk, GSI1SK = :sk REMOVE claimId, claimedUntil',
        ExpressionAttributeValues: {
          ...tried,
          ':due': 'due',
          ':next': failure.nextAttemptAt,
          ':pk': keys.GSI1PK,
          ':sk': keys.GSI1SK,
        },
      });
    }
    const keys = failedKeys(id, failure.failedAt);
    return updateIf({
      ...common,
      UpdateExpression:
        'SET #status = :failed, attempts = :attempts, failedAt = :at, lastError = :error, GSI2PK = :pk, GSI2SK = :sk REMOVE claimId, claimedUntil, nextAttemptAt, GSI1PK, GSI1SK',
      ExpressionAttributeValues: {
        ...tried,
        ':failed': 'failed',
        ':at': failure.failedAt,
        ':pk': keys.GSI2PK,
        ':sk': keys.GSI2SK,
      },
    });
  },

  async getMail(id) {
    const item = await getItem(outboxMailKey(id), true);
    return item ? fromOutboxMailItem(item) : null;
  },

  async listFailed({ limit, cursor }) {
    const page = await queryListPage(FAILED_LIST, { limit, cursor, budget: limit });
    return { items: page.items.map(fromOutboxMailItem), nextCursor: page.nextCursor };
  },

  async countFailed() {
    let count = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const result = await queryTable({
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :failed',
        ExpressionAttributeValues: { ':failed': OUTBOX_FAILED_PARTITION },
        Select: 'COUNT',
        ExclusiveStartKey: start,
      });
      count += result.Count ?? 0;
      start = result.LastEvaluatedKey;
    } while (start);
    return count;
  },
};
