import type { AuditAction, AuditTargetType } from '@goldbot/shared';

/**
 * The admin audit trail (docs/decisions.md, "Commerce and back-office": every admin action that changes data writes an entry in
 * the same transaction as the change). One partition per UTC month, newest last:
 *   AUDIT#<yyyy-mm> / <at>#<id>   actor (admin sub or 'system'), action, target {type, id}, details, at
 * Entries are only ever Put (`attribute_not_exists(PK)`), never updated or deleted. Reading a month
 * is one Query on `PK = AUDIT#<yyyy-mm>` (optionally `SK BETWEEN` two instants).
 */
export type { AuditAction, AuditTargetType };

/** The actor of entries written by scheduled jobs and automatic decisions. */
export const SYSTEM_ACTOR = 'system';

export interface AuditEntry {
  _id: string;
  /** The administrator's Cognito sub, or SYSTEM_ACTOR. */
  actor: string;
  /** The administrator's e-mail at the time (display only). */
  actorEmail?: string;
  action: AuditAction;
  target: { type: AuditTargetType; id: string };
  /** Before/after status (`from`, `to`) and the facts of the change; never secrets or codes. */
  details: Record<string, unknown>;
  /** ISO-8601 UTC with milliseconds. */
  at: string;
}

export const auditMonthPartition = (yearMonth: string) => `AUDIT#${yearMonth}`;
export const auditKey = (at: string, id: string) => ({ PK: auditMonthPartition(at.slice(0, 7)), SK: `${at}#${id}` });

export const toAuditItem = (entry: AuditEntry) => ({
  ...auditKey(entry.at, entry._id),
  entity: 'AuditEntry',
  ...entry,
});
