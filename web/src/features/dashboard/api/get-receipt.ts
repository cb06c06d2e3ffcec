import useSWR from 'swr';
import { receiptResponseSchema, type Receipt } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import { useUserScope } from '@/features/auth/auth-public';

export type { Receipt };

/** GET /api/payment/receipt/{id}: the receipt of one of the caller's completed payments (404 otherwise). */
export function getReceipt(paymentId: string): Promise<{ receipt: Receipt }> {
  return apiRequest('payment-receipt', { params: { id: paymentId }, schema: receiptResponseSchema });
}

/** The receipt, keyed by who asks (one account never sees another's cached answer). */
export function useReceipt(paymentId: string | undefined) {
  const scope = useUserScope();
  const key = scope !== null && paymentId ? (['payment-receipt', scope, paymentId] as const) : null;
  return useSWR(key, ([, , id]) => getReceipt(id), { revalidateOnFocus: false });
}
