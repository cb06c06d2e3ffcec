import useSWR from 'swr';
import { openOrderResponseSchema, type PaymentOrder } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';
import type { PaidPackageName } from '../lib/packages';
import { useUserScope } from '@/features/auth/auth-public';

export type { PaymentOrder };
export const ORDER_LOAD_ERROR = 'Could not prepare your payment. Please try again.';

/**
 * POST /api/payment/order: the caller's open order of a package, which names the exact amount to
 * send (the price plus a few cents that tell this payment apart). The same order comes back while
 * it is open; a verified referral code re-prices it.
 */
export function openOrder(packageName: PaidPackageName, referralCode: string | null): Promise<PaymentOrder> {
  return apiRequest('payment-order', {
    body: { packageName, referralCode },
    schema: openOrderResponseSchema,
  }).then((answer) => answer.order);
}

export type OrderState =
  | { state: 'loading'; order?: PaymentOrder }
  /** `renew` asks again: the same order while it is open, a new one (a new amount) once it expired. */
  | { state: 'ready'; order: PaymentOrder; renew: () => void }
  | { state: 'error'; message: string; retry: () => void };

/** The order of the open payment window; while a new code re-prices it, the previous one stays shown. */
export function usePaymentOrder(
  packageName: PaidPackageName,
  referralCode: string | null,
  { enabled = true }: { enabled?: boolean } = {},
): OrderState {
  const scope = useUserScope();
  const key = enabled && scope !== null ? (['payment-order', scope, packageName, referralCode] as const) : null;
  const { data, error, isLoading, mutate } = useSWR(key, ([, , name, code]) => openOrder(name, code), {
    // The amount must not change under the customer's eyes while they pay.
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
    keepPreviousData: true,
  });
  if (error && !isLoading) {
    return { state: 'error', message: serverMessage(error) ?? ORDER_LOAD_ERROR, retry: () => void mutate() };
  }
  if (data && data.referralCode === referralCode && data.packageName === packageName) {
    return { state: 'ready', order: data, renew: () => void mutate() };
  }
  return { state: 'loading', ...(data ? { order: data } : {}) };
}
