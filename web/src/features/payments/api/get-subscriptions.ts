import { subscriptionsResponseSchema } from '@goldbot/shared';
import { useUserKey } from '@/features/auth/auth-public';
import { useApiQuery } from '@/hooks/use-api-query';

export const SUBSCRIPTIONS_ERROR = 'Failed to fetch subscription history';

/** GET /api/payment/subscriptions: the caller's subscriptions, newest first. */
export function useSubscriptions() {
  const { data, error, loading } = useApiQuery(useUserKey('payment-subscriptions'), subscriptionsResponseSchema);
  return { subscriptions: data?.subscriptions, loading, error };
}
