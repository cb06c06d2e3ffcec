import useSWR from 'swr';
import { userStatsResponseSchema } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';

export { userStatsResponseSchema };
export type UserStatsResponse = ReturnType<typeof userStatsResponseSchema.parse>;

export const USER_STATS_ROUTE = 'admin-user-stats';

/** GET /api/admin/user-stats: total, active, inactive and new this month. */
export function getUserStats(): Promise<UserStatsResponse> {
  return apiRequest(USER_STATS_ROUTE, { schema: userStatsResponseSchema });
}

/**
 * The user counts, read when the dashboard opens (on the first load only): never again on
 * a change of year or month, on focus or on reconnect; only the screen's Refresh asks for them again.
 */
export function useUserStats({ onSuccess }: { onSuccess?: () => void } = {}) {
  return useSWR(USER_STATS_ROUTE, getUserStats, {
    revalidateOnMount: true,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: false,
    onSuccess,
  });
}
