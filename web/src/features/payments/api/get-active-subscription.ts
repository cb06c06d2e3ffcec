import useSWR from 'swr';
import { activeSubscriptionResponseSchema } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import { useUserKey } from '@/features/auth/auth-public';
import type { Infer } from '@/lib/schema-types';

export const activeSubscriptionSchema = activeSubscriptionResponseSchema;
export type ActiveSubscriptionResponse = Infer<typeof activeSubscriptionSchema>;
export type Subscription = NonNullable<ActiveSubscriptionResponse['subscription']>;

export const ACTIVE_SUBSCRIPTION_ERROR = 'Failed to fetch active subscription';

/** GET /api/payment/active-subscription: the current (or pending) subscription, or null. */
export function getActiveSubscription(): Promise<ActiveSubscriptionResponse> {
  return apiRequest('payment-active-subscription', { schema: activeSubscriptionSchema });
}

export function useActiveSubscription() {
  const key = useUserKey('payment-active-subscription');
  const { data, error } = useSWR(key, getActiveSubscription);
  return { subscription: data?.subscription, loading: key !== null && !data && !error, error };
}
