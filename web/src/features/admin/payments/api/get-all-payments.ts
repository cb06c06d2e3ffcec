import { allPaymentsResponseSchema } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import { paymentListQuery, usePaymentList, type PaymentPage, type PaymentPageQuery } from './payment-list';

export { allPaymentsResponseSchema };
export type AllPaymentsResponse = ReturnType<typeof allPaymentsResponseSchema.parse>;

export const ALL_PAYMENTS_ROUTE = 'payment-all';

/** GET /api/payment/all-payments?search=&cursor=&limit= (admin §7). */
export function getAllPayments(query: PaymentPageQuery): Promise<AllPaymentsResponse> {
  return apiRequest(ALL_PAYMENTS_ROUTE, { query: paymentListQuery(query), schema: allPaymentsResponseSchema });
}

const toPage = (response: AllPaymentsResponse): PaymentPage => ({
  payments: response.payments,
  nextCursor: response.nextCursor,
  summary: response.summary,
});

/** The 'All Payments' tab's rows, polled every 30 s. */
export function useAllPayments(search: string) {
  return usePaymentList(ALL_PAYMENTS_ROUTE, search, async (query) => toPage(await getAllPayments(query)));
}
