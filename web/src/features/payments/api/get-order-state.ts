import useSWR from 'swr';
import { ORDER, orderStateResponseSchema } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import { useUserScope } from '@/features/auth/auth-public';
import type { Infer } from '@/lib/schema-types';

export const orderStateSchema = orderStateResponseSchema;
export type OrderStateAnswer = Infer<typeof orderStateSchema>;

/**
 * GET /api/payment/order/{orderId}: where the caller's own order stands (`waiting`, `found`,
 * `active`, `expired`), the payment the chain's transfer made, and a transfer of its amount that
 * came after it closed. Anyone else's order answers 404.
 */
export function getOrderState(orderId: string): Promise<OrderStateAnswer> {
  return apiRequest('payment-order-state', { params: { orderId }, schema: orderStateSchema });
}

/**
 * The open payment window's order, asked again every 10 s while the window is open, so it says
 * "Payment found" soon after the wallet watcher binds the transfer. An approved order (`active`)
 * cannot change any more and is not asked again. A failed poll keeps the last answer: the window
 * goes on waiting, and the next poll tries again. Undefined until the first answer for `orderId`.
 */
export function useOrderState(orderId: string | null): OrderStateAnswer | undefined {
  const scope = useUserScope();
  const key = orderId !== null && scope !== null ? (['payment-order-state', scope, orderId] as const) : null;
  const { data } = useSWR(key, ([, , id]) => getOrderState(id), {
    refreshInterval: (latest) => (latest?.state === 'active' ? 0 : ORDER.statePollMs),
    // The customer often pays from a wallet in another tab or app: keep asking meanwhile.
    refreshWhenHidden: true,
  });
  return data;
}
