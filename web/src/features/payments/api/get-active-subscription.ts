import { activeSubscriptionResponseSchema } from '@goldbot/shared';
import { useUserKey } from '@/features/auth/auth-public';
import { useApiQuery } from '@/hooks/use-api-query';
import type { Infer } from '@/lib/schema-types';

export type ActiveSubscriptionResponse = Infer<typeof activeSubscriptionResponseSchema>;
export type Subscription = NonNullable<ActiveSubscriptionResponse['subscription']>;

export const ACTIVE_SUBSCRIPTION_ERROR = 'Failed to fetch active subscription';

/** GET /api/payment/active-subscription: the current (or pending) subscription, or null. */
export function useActiveSubscription() {
  const { data, error, loading } = useApiQuery(
    useUserKey('payment-active-subscription'),
    activeSubscriptionResponseSchema,
  );
  return { subscription: data?.subscription, loading, error };
}
