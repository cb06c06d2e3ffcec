import {
  failedMailResendResponseSchema,
  failedMailsResponseSchema,
  type FailedMail,
  type FailedMailResendResponse,
  type FailedMailsResponse,
} from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import { useSingleFlightPerKey } from '@/hooks/use-single-flight';
import { cursorQuery, type PagedList, usePagedList } from '../../hooks/use-paged-list';

export const FAILED_MAILS_ROUTE = 'admin-failed-mails';
export type FailedMailList = PagedList<FailedMail, { total: number }>;

/** GET /api/admin/failed-mails?cursor=&limit=: the mails that failed after their retries, newest first, with their count. */
export function getFailedMails(cursor: string | null): Promise<FailedMailsResponse> {
  return apiRequest(FAILED_MAILS_ROUTE, {
    query: cursorQuery(cursor),
    schema: failedMailsResponseSchema,
  });
}

/** The failed mails page by page; `summary.total` is the server's count of them all. */
export function useFailedMails(): FailedMailList {
  return usePagedList(FAILED_MAILS_ROUTE, { filter: '', search: '' }, async ({ cursor }) => {
    const response = await getFailedMails(cursor);
    return { items: response.mails, nextCursor: response.nextCursor, summary: { total: response.total } };
  });
}

/** POST /api/admin/failed-mails/{id}/resend: sends the mail again; sent, it leaves the list. */
export function resendFailedMail(id: string): Promise<FailedMailResendResponse> {
  return apiRequest('admin-failed-mail-resend', { params: { id }, schema: failedMailResendResponseSchema });
}

/** `resendFailedMail` one request per mail at a time: a second click while one is on its way is ignored (null). */
export function useResendFailedMail() {
  const { run, running } = useSingleFlightPerKey(resendFailedMail);
  return { resend: run, isSending: (id: string) => running.has(id) };
}
