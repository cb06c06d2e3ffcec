import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import type { ActivationStore } from '../domain/commerce/activation-mails.js';
import { toAuditItem } from './audit-entity.js';
import {
  ACTIVATION_INDEX,
  activationKeys,
  activationPartition,
  fromSubscriptionItem,
  subscriptionKey,
} from './subscription-entity.js';
import { batchGetItems, updateIf, queryListPage } from './table-reads.js';
import { profileKey } from './user-profile-entity.js';

/**
 * DynamoDB side of the activation mails (docs/data-model.md, "Activation mails"): a Query on the
 * sparse GSI2 partition of one day, the claim and its undo as single conditional UpdateItems on the
 * base table (the index may lag; the condition on the table decides), the owners' live addresses in
 * one BatchGetItem, and the audit entry as a create-only Put.
 */
export const dynamoActivationStore: ActivationStore = {
  async activationPage(day, { limit, cursor }) {
    const { items, nextCursor } = await queryListPage(
      { ...ACTIVATION_INDEX, value: activationPartition(day) },
      { limit, cursor, budget: limit },
    );
    return { items: items.map(fromSubscriptionItem), nextCursor };
  },

  async recipients(userIds) {
    const owners = new Map<string, { username: string; email: string }>();
    for (const item of await batchGetItems(
      userIds.map((id) => profileKey(id)),
      false,
    )) {
      if (typeof item.email === 'string' && item.email !== '') {
        owners.set(String(item._id), { username: String(item.username ?? ''), email: item.email });
      }
    }
    return owners;
  },

  async claim(sub, { at, by, claimId }) {
    return updateIf({
      Key: subscriptionKey(sub.userId, sub._id),
      UpdateExpression:
        'SET notificationSent = :true, notifiedAt = :at, notifiedBy = :by, notificationClaim = :claim, updatedAt = :at REMOVE GSI2PK, GSI2SK',
      ConditionExpression: 'notificationSent = :false AND #status = :active',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':true': true,
        ':false': false,
        ':active': 'active',
        ':at': at,
        ':by': by,
        ':claim': claimId,
      },
    });
  },

  async release(sub, claimId) {
    if (sub.startDate === null) return false;
    const keys = activationKeys(sub.startDate, sub.createdAt, sub._id);
    return updateIf({
      Key: subscriptionKey(sub.userId, sub._id),
      UpdateExpression:
        'SET notificationSent = :false, GSI2PK = :g2pk, GSI2SK = :g2sk REMOVE notifiedAt, notifiedBy, notificationClaim',
      ConditionExpression: 'notificationSent = :true AND notificationClaim = :claim',
      ExpressionAttributeValues: {
        ':true': true,
        ':false': false,
        ':claim': claimId,
        ':g2pk': keys.GSI2PK,
        ':g2sk': keys.GSI2SK,
      },
    });
  },

  async appendAudit(entry) {
    await documentClient.send(
      new PutCommand({
        TableName: tableName,
        Item: toAuditItem(entry),
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  },
};
