import { adminRefundsResponseSchema, type Refund, type RefundStatus } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import { cursorQuery, type PagedList, type PageRequest, usePagedList } from '../../hooks/use-paged-list';

export { adminRefundsResponseSchema };
export type AdminRefundsResponse = ReturnType<typeof adminRefundsResponseSchema.parse>;
/** Total, pending, approved and refused: the refund aggregates, not counted from a page. */
export type RefundCounts = AdminRefundsResponse['counts'];
export type RefundList = PagedList<Refund, RefundCounts>;

export const REFUNDS_ROUTE = 'admin-refunds';

export interface RefundPageRequest extends Pick<PageRequest, 'cursor'> {
  status: RefundStatus;
}

/** GET /api/admin/refunds?status=&cursor=&limit=: one status's requests, newest first. */
export function getRefunds({ status, cursor }: RefundPageRequest): Promise<AdminRefundsResponse> {
  return apiRequest(REFUNDS_ROUTE, {
    query: { status, ...cursorQuery(cursor) },
    schema: adminRefundsResponseSchema,
  });
}

/** One tab's refund requests, page by page, with the counts of every status. */
export function useRefunds(status: RefundStatus): RefundList {
  return usePagedList(REFUNDS_ROUTE, { filter: status, search: '' }, async ({ filter, cursor }) => {
    const response = await getRefunds({ status: filter, cursor });
    return { items: response.refunds, nextCursor: response.nextCursor, summary: response.counts };
  });
}
