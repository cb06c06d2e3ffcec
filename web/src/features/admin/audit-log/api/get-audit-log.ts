import { auditLogResponseSchema, type AuditEntryView } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import { cursorQuery, type PagedList, usePagedList } from '../../hooks/use-paged-list';

export { auditLogResponseSchema };
export type AuditLogResponse = ReturnType<typeof auditLogResponseSchema.parse>;
export type AuditLogList = PagedList<AuditEntryView, null>;

export const AUDIT_LOG_ROUTE = 'admin-audit-log';

/** GET /api/admin/audit-log?month=yyyy-mm&cursor=&limit=: one UTC month's admin actions, newest first. */
export function getAuditLog({ month, cursor }: { month: string; cursor: string | null }): Promise<AuditLogResponse> {
  return apiRequest(AUDIT_LOG_ROUTE, {
    query: { month, ...cursorQuery(cursor) },
    schema: auditLogResponseSchema,
  });
}

/** One month's entries, page by page; another month is another list (its rows never mix with these). */
export function useAuditLog(month: string): AuditLogList {
  return usePagedList(AUDIT_LOG_ROUTE, { filter: month, search: '' }, async ({ filter, cursor }) => {
    const response = await getAuditLog({ month: filter, cursor });
    return { items: response.entries, nextCursor: response.nextCursor, summary: null };
  });
}
