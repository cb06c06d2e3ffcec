import { userStatsResponseSchema } from '@goldbot/shared';
import { useRouteRead } from '@/hooks/use-api-query';

/**
 * GET /api/admin/user-stats: total, active, inactive and new this month. Read when the dashboard
 * opens (on the first load only): never again on a change of year or month, on focus or on
 * reconnect; only the screen's Refresh asks for them again.
 */
export function useUserStats({ onSuccess }: { onSuccess?: () => void } = {}) {
  return useRouteRead('admin-user-stats', userStatsResponseSchema, {
    revalidateOnMount: true,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: false,
    onSuccess,
  });
}
