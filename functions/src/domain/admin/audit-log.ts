import type { AuditEntryView } from '@goldbot/shared';
import { SYSTEM_ACTOR, type AuditEntry } from '../records/audit-entry.js';

/**
 * The audit log screen (docs/data-model.md, "Audit entry" and "Audit log"): one UTC month's entries, newest
 * first, a page at a time. The actor's e-mail is filled for display from the actors' current
 * profiles (one BatchGetItem of the page's distinct actors); entries written by a scheduled job
 * (`system`) show none.
 */
export interface AuditLogStore {
  /** Query `PK = AUDIT#<month>`, newest first. */
  auditPage(
    month: string,
    page: { limit: number; cursor?: string },
  ): Promise<{ entries: AuditEntry[]; nextCursor: string | null }>;
  /** The current e-mail of each administrator found (BatchGetItem of their profiles). */
  actorEmails(actorIds: readonly string[]): Promise<Map<string, string>>;
}

export interface AuditLogQuery {
  month?: string;
  limit: number;
  cursor?: string;
}

export async function listAuditLog(
  store: AuditLogStore,
  query: AuditLogQuery,
  now: Date,
): Promise<{ entries: AuditEntryView[]; nextCursor: string | null }> {
  const month = query.month ?? now.toISOString().slice(0, 7);
  const page = await store.auditPage(month, { limit: query.limit, cursor: query.cursor });
  const actors = [...new Set(page.entries.map((e) => e.actor).filter((actor) => actor !== SYSTEM_ACTOR))];
  const emails = actors.length > 0 ? await store.actorEmails(actors) : new Map<string, string>();
  return {
    entries: page.entries.map((entry) => {
      const { actorEmail: stored, ...rest } = entry;
      const actorEmail = entry.actor === SYSTEM_ACTOR ? undefined : (emails.get(entry.actor) ?? stored);
      return actorEmail === undefined ? rest : { ...rest, actorEmail };
    }),
    nextCursor: page.nextCursor,
  };
}
