import useSWR from 'swr';
import { adminUserSubscriptionsResponseSchema, type AdminSubscription } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';

export { adminUserSubscriptionsResponseSchema };

export const USER_SUBSCRIPTIONS_ROUTE = 'admin-user-subscriptions';

/** GET /api/admin/user/{id}/subscriptions: every subscription of one user. */
export async function getUserSubscriptions(userId: string): Promise<AdminSubscription[]> {
  const response = await apiRequest(USER_SUBSCRIPTIONS_ROUTE, {
    params: { id: userId },
    schema: adminUserSubscriptionsResponseSchema,
  });
  return response.subscriptions;
}

/** One user's subscription history, for the detail view. */
export function useUserSubscriptions(userId: string) {
  return useSWR([USER_SUBSCRIPTIONS_ROUTE, userId] as const, ([, id]) => getUserSubscriptions(id));
}
