import { allPaymentsResponseSchema } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import { pageQuery, type PageRequest } from '../../hooks/use-paged-list';
import { usePaymentList, type PaymentPage } from './payment-list';

export { allPaymentsResponseSchema };
export type AllPaymentsResponse = ReturnType<typeof allPaymentsResponseSchema.parse>;

export const ALL_PAYMENTS_ROUTE = 'payment-all';

/** GET /api/payment/all-payments?search=&cursor=&limit=. */
export function getAllPayments(request: Pick<PageRequest, 'search' | 'cursor'>): Promise<AllPaymentsResponse> {
  return apiRequest(ALL_PAYMENTS_ROUTE, { query: pageQuery(request), schema: allPaymentsResponseSchema });
}

const toPage = (response: AllPaymentsResponse): PaymentPage => ({
  items: response.payments,
  nextCursor: response.nextCursor,
  summary: response.summary,
});

/** The 'All Payments' tab's rows, polled every 30 s. */
export function useAllPayments(search: string) {
  return usePaymentList(ALL_PAYMENTS_ROUTE, search, async (request) => toPage(await getAllPayments(request)));
}
