import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditAction, type AuditTargetType } from '@goldbot/shared';
import type { AuditLogStore } from '../domain/admin/audit-log.js';
import { decodeCursor, encodeCursor, type Key } from './cursor.js';
import { auditMonthPartition } from './audit-entity.js';
import type { AuditEntry } from '../domain/records/audit-entry.js';
import { batchGetItems, queryTable, type Item } from './table-reads.js';
import { fromProfileItem, profileKey } from './user-profile-entity.js';

/**
 * DynamoDB side of the audit log screen (docs/data-model.md, "Audit entry" and "Audit log"): one Query on the month's
 * partition, newest first (`SK = <at>#<id>`), and one BatchGetItem of the page's actors.
 */

const isAction = (value: unknown): value is AuditAction => (AUDIT_ACTIONS as readonly unknown[]).includes(value);
const isTargetType = (value: unknown): value is AuditTargetType =>
  (AUDIT_TARGET_TYPES as readonly unknown[]).includes(value);

/** An entry as the API shows it: keys and `entity` left out; an unknown action or target is skipped. */
export function fromAuditItem(item: Item): AuditEntry | undefined {
  const target = item.target as { type?: unknown; id?: unknown } | undefined;
  if (!isAction(item.action) || !isTargetType(target?.type)) return undefined;
  return {
    _id: String(item._id),
    actor: String(item.actor),
    ...(typeof item.actorEmail === 'string' ? { actorEmail: item.actorEmail } : {}),
    action: item.action,
    target: { type: target.type, id: String(target.id ?? '') },
    details:
      item.details && typeof item.details === 'object' && !Array.isArray(item.details)
        ? (item.details as Record<string, unknown>)
        : {},
    at: String(item.at),
  };
}

export const dynamoAuditLogStore: AuditLogStore = {
  async auditPage(month, { limit, cursor }) {
    const partition = auditMonthPartition(month);
    const result = await queryTable({
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': partition },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: decodeCursor(cursor, { PK: partition }, ['PK', 'SK']),
    });
    const entries = (result.Items ?? []).flatMap((item) => fromAuditItem(item) ?? []);
    return { entries, nextCursor: encodeCursor(result.LastEvaluatedKey as Key | undefined) };
  },

  async actorEmails(actorIds) {
    // Display only: an eventually consistent read is enough.
    const items = await batchGetItems(
      actorIds.map((id) => profileKey(id)),
      false,
    );
    return new Map(items.map((item) => [String(item._id), fromProfileItem(item).email]));
  },
};
