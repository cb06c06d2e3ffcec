import { WORK_COUNTS_REFRESH_MS, workCountsResponseSchema } from '@goldbot/shared';
import { useRouteRead } from '@/hooks/use-api-query';

export const WORK_COUNTS_ROUTE = 'admin-work-counts';

/**
 * GET /api/admin/work-counts: how many of each kind of work wait (null: no such kind on this
 * server). Read when the back-office opens and again every 30 seconds while it is open and visible
 * (SWR pauses the refresh in a hidden tab and catches up on focus). A failed read keeps the counts
 * already shown.
 */
export function useWorkCounts() {
  return useRouteRead(WORK_COUNTS_ROUTE, workCountsResponseSchema, { refreshInterval: WORK_COUNTS_REFRESH_MS });
}
