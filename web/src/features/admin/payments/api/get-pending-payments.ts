import { pendingPaymentsResponseSchema } from '@goldbot/shared';
import { usePaymentList } from './payment-list';

/** GET /api/payment/pending-usdt-payments?search=&cursor=&limit=: the 'Pending USDT' tab's rows, polled every 30 s. */
export function usePendingPayments(search: string) {
  return usePaymentList(
    'payment-pending-usdt',
    search,
    pendingPaymentsResponseSchema,
    (response) => response.pendingPayments,
  );
}
