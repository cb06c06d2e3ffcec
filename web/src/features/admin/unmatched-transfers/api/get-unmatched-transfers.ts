import { PAYMENT, unmatchedTransfersResponseSchema, type UnmatchedTransfer } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import { pageQuery, usePagedList, type PagedList, type PageRequest } from '../../hooks/use-paged-list';

export { unmatchedTransfersResponseSchema };
export type UnmatchedTransfersResponse = ReturnType<typeof unmatchedTransfersResponseSchema.parse>;
export type { UnmatchedTransfer };
/** The list has no counts of its own: each row carries its status. */
export type UnmatchedTransferList = PagedList<UnmatchedTransfer, null>;

export const UNMATCHED_TRANSFERS_ROUTE = 'admin-unmatched-transfers';

/** GET /api/admin/unmatched-transfers?cursor=&limit=: newest first by block time, open and decided alike. */
export function getUnmatchedTransfers({ cursor }: Pick<PageRequest, 'cursor'>): Promise<UnmatchedTransfersResponse> {
  return apiRequest(UNMATCHED_TRANSFERS_ROUTE, {
    query: pageQuery({ search: '', cursor }),
    schema: unmatchedTransfersResponseSchema,
  });
}

/**
 * The transfers the wallet watcher could bind to no order, page by page, re-read every 30 s like
 * the payment lists: the watcher adds new ones every minute.
 */
export function useUnmatchedTransfers(): UnmatchedTransferList {
  return usePagedList(
    UNMATCHED_TRANSFERS_ROUTE,
    { filter: '', search: '' },
    async ({ cursor }) => {
      const response = await getUnmatchedTransfers({ cursor });
      return { items: response.transfers, nextCursor: response.nextCursor, summary: null };
    },
    { refreshInterval: PAYMENT.adminPollIntervalMs },
  );
}
