/**
 * The admin audit trail (DESIGN.md §11: every admin action that changes data writes an entry in
 * the same transaction as the change). One partition per UTC month, newest last:
 *   AUDIT#<yyyy-mm> / <at>#<id>   actor (admin sub), action, target {type, id}, details, at
 * Entries are only ever Put (`attribute_not_exists(PK)`), never updated or deleted. Reading a month
 * is one Query on `PK = AUDIT#<yyyy-mm>` (optionally `SK BETWEEN` two instants).
 */
export type AuditAction =
  'payment.approve' | 'payment.reject' | 'wallet.add' | 'wallet.update' | 'withdrawal.approve' | 'withdrawal.reject';

export interface AuditEntry {
  _id: string;
  /** The administrator's Cognito sub. */
  actor: string;
  action: AuditAction;
  target: { type: 'payment' | 'wallet' | 'withdrawal'; id: string };
  details: Record<string, unknown>;
  /** ISO-8601 UTC with milliseconds. */
  at: string;
}

export const auditKey = (at: string, id: string) => ({ PK: `AUDIT#${at.slice(0, 7)}`, SK: `${at}#${id}` });

export const toAuditItem = (entry: AuditEntry) => ({
  ...auditKey(entry.at, entry._id),
  entity: 'AuditEntry',
  ...entry,
});
