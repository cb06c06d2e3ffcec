import type { AuditEntry } from '../records/audit-entry.js';

/** An administrator acting: the Cognito sub and the token's e-mail (kept on the audit entry for display). */
export interface AdminActor {
  userId: string;
  email?: string;
}

/** The audit entry of `admin`'s change at `now`: a new id, the admin as actor (their e-mail when known). */
export function adminAuditEntry(
  admin: AdminActor,
  now: Date,
  newId: (nowMs: number) => string,
  change: Pick<AuditEntry, 'action' | 'target' | 'details'>,
): AuditEntry {
  return {
    _id: newId(now.getTime()),
    actor: admin.userId,
    ...(admin.email ? { actorEmail: admin.email } : {}),
    ...change,
    at: now.toISOString(),
  };
}
