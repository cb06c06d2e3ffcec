import { PAYMENT, type Payment, type RouteId } from '@goldbot/shared';
import { apiRequest, type ResponseSchema } from '@/lib/api-client';
import { pageQuery, usePagedList, type ListPage, type PagedList } from '../../hooks/use-paged-list';

/** The stat cards' counts: the server's payment aggregates, never counted from a page. */
export interface PaymentSummary {
  total: number;
  pending: number;
  completed: number;
}

export type PaymentPage = ListPage<Payment, PaymentSummary>;
export type PaymentList = PagedList<Payment, PaymentSummary>;

/** What both payment lists answer besides their rows. */
interface PaymentListResponse {
  nextCursor: string | null;
  summary: PaymentSummary;
}

/**
 * A paged admin payment list, GET `routeId?search=&cursor=&limit=` answered as `schema` with its
 * rows where `rows` finds them; re-read every 30 s in the background with every loaded page (a
 * decided payment leaves the pending pages).
 */
export function usePaymentList<R extends PaymentListResponse>(
  routeId: RouteId,
  search: string,
  schema: ResponseSchema<R>,
  rows: (response: R) => Payment[],
): PaymentList {
  return usePagedList(
    routeId,
    { filter: '', search },
    async (request): Promise<PaymentPage> => {
      const response = await apiRequest(routeId, { query: pageQuery(request), schema });
      return { items: rows(response), nextCursor: response.nextCursor, summary: response.summary };
    },
    { refreshInterval: PAYMENT.adminPollIntervalMs },
  );
}
