import useSWR from 'swr';
import { subscriptionsResponseSchema } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import { useUserKey } from '@/features/auth/auth-public';
import type { Infer } from '@/lib/schema-types';

export const subscriptionsSchema = subscriptionsResponseSchema;
export type SubscriptionsResponse = Infer<typeof subscriptionsSchema>;

export const SUBSCRIPTIONS_ERROR = 'Failed to fetch subscription history';

/** GET /api/payment/subscriptions: the caller's subscriptions, newest first. */
export function getSubscriptions(): Promise<SubscriptionsResponse> {
  return apiRequest('payment-subscriptions', { schema: subscriptionsSchema });
}

export function useSubscriptions() {
  const key = useUserKey('payment-subscriptions');
  const { data, error } = useSWR(key, getSubscriptions);
  return { subscriptions: data?.subscriptions, loading: key !== null && !data && !error, error };
}
