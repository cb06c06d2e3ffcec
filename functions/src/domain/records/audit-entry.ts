import type { AuditAction, AuditTargetType } from '@goldbot/shared';

/**
 * An entry of the admin audit trail: every admin action that changes data writes one in the same
 * transaction as the change (data/audit-entity.ts stores it).
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
