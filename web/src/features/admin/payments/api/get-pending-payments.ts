import { pendingPaymentsResponseSchema } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import { pageQuery, type PageRequest } from '../../hooks/use-paged-list';
import { usePaymentList, type PaymentPage } from './payment-list';

export { pendingPaymentsResponseSchema };
export type PendingPaymentsResponse = ReturnType<typeof pendingPaymentsResponseSchema.parse>;

export const PENDING_PAYMENTS_ROUTE = 'payment-pending-usdt';

/** GET /api/payment/pending-usdt-payments?search=&cursor=&limit=. */
export function getPendingPayments(request: Pick<PageRequest, 'search' | 'cursor'>): Promise<PendingPaymentsResponse> {
  return apiRequest(PENDING_PAYMENTS_ROUTE, { query: pageQuery(request), schema: pendingPaymentsResponseSchema });
}

const toPage = (response: PendingPaymentsResponse): PaymentPage => ({
  items: response.pendingPayments,
  nextCursor: response.nextCursor,
  summary: response.summary,
});

/** The 'Pending USDT' tab's rows, polled every 30 s. */
export function usePendingPayments(search: string) {
  return usePaymentList(PENDING_PAYMENTS_ROUTE, search, async (request) => toPage(await getPendingPayments(request)));
}
