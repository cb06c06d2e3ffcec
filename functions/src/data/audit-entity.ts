import type { AuditAction, AuditTargetType } from '@goldbot/shared';
import type { AuditEntry } from '../domain/records/audit-entry.js';

/**
 * The admin audit trail (docs/decisions.md, "Commerce and back-office": every admin action that changes data writes an entry in
 * the same transaction as the change). One partition per UTC month, newest last:
 *   AUDIT#<yyyy-mm> / <at>#<id>   actor (admin sub or 'system'), action, target {type, id}, details, at
 * Entries are only ever Put (`attribute_not_exists(PK)`), never updated or deleted. Reading a month
 * is one Query on `PK = AUDIT#<yyyy-mm>` (optionally `SK BETWEEN` two instants).
 */
export type { AuditAction, AuditTargetType };

export const auditMonthPartition = (yearMonth: string) => `AUDIT#${yearMonth}`;
export const auditKey = (at: string, id: string) => ({ PK: auditMonthPartition(at.slice(0, 7)), SK: `${at}#${id}` });

export const toAuditItem = (entry: AuditEntry) => ({
  ...auditKey(entry.at, entry._id),
  entity: 'AuditEntry',
  ...entry,
});
