import { PAYMENT, type Payment, type RouteId } from '@goldbot/shared';
import { usePagedList, type ListPage, type PagedList, type PageRequest } from '../../hooks/use-paged-list';

/** The stat cards' counts: the server's payment aggregates, never counted from a page. */
export interface PaymentSummary {
  total: number;
  pending: number;
  completed: number;
}

export type PaymentPage = ListPage<Payment, PaymentSummary>;
export type PaymentList = PagedList<Payment, PaymentSummary>;

/**
 * A paged admin payment list, re-read every 30 s in the background with every
 * loaded page (a decided payment leaves the pending pages).
 */
export function usePaymentList(
  routeId: RouteId,
  search: string,
  fetchPage: (request: PageRequest<''>) => Promise<PaymentPage>,
): PaymentList {
  return usePagedList(routeId, { filter: '', search }, fetchPage, { refreshInterval: PAYMENT.adminPollIntervalMs });
}
