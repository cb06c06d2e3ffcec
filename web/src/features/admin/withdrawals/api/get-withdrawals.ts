import { adminWithdrawalsResponseSchema, type Withdrawal, type WithdrawalStatus } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import { pageQuery, usePagedList, type PagedList, type PageRequest } from '../../hooks/use-paged-list';

export { adminWithdrawalsResponseSchema };
export type AdminWithdrawalsResponse = ReturnType<typeof adminWithdrawalsResponseSchema.parse>;
/** Total, pending, approved and rejected: the withdrawal aggregates, not counted from a page. */
export type WithdrawalCounts = AdminWithdrawalsResponse['counts'];
/** The screen's tabs: every request, or those of one status. */
export type WithdrawalTab = 'all' | WithdrawalStatus;
export type WithdrawalList = PagedList<Withdrawal, WithdrawalCounts>;

export const WITHDRAWALS_ROUTE = 'withdrawal-all';

export interface WithdrawalPageRequest extends Pick<PageRequest, 'search' | 'cursor'> {
  status: WithdrawalTab;
}

/** GET /api/withdrawal/all?status=&search=&cursor=&limit=; search on username, e-mail or address. */
export function getWithdrawals({ status, ...page }: WithdrawalPageRequest): Promise<AdminWithdrawalsResponse> {
  return apiRequest(WITHDRAWALS_ROUTE, {
    query: { status, ...pageQuery(page) },
    schema: adminWithdrawalsResponseSchema,
  });
}

/** One tab's withdrawal requests, page by page, with the counts of every status. */
export function useWithdrawals(status: WithdrawalTab, search: string): WithdrawalList {
  return usePagedList(WITHDRAWALS_ROUTE, { filter: status, search }, async ({ filter, search: term, cursor }) => {
    const response = await getWithdrawals({ status: filter, search: term, cursor });
    return { items: response.withdrawals, nextCursor: response.nextCursor, summary: response.counts };
  });
}
