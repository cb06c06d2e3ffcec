import { allPaymentsResponseSchema } from '@goldbot/shared';
import { usePaymentList } from './payment-list';

/** GET /api/payment/all-payments?search=&cursor=&limit=: the 'All Payments' tab's rows, polled every 30 s. */
export function useAllPayments(search: string) {
  return usePaymentList('payment-all', search, allPaymentsResponseSchema, (response) => response.payments);
}
