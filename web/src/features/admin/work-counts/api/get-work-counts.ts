import useSWR from 'swr';
import { WORK_COUNTS_REFRESH_MS, workCountsResponseSchema, type WorkCountsResponse } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';

export const WORK_COUNTS_ROUTE = 'admin-work-counts';

/** GET /api/admin/work-counts: how many of each kind of work wait (null: no such kind on this server). */
export function getWorkCounts(): Promise<WorkCountsResponse> {
  return apiRequest(WORK_COUNTS_ROUTE, { schema: workCountsResponseSchema });
}

/**
 * The counts of waiting work, read when the back-office opens and again every 30 seconds while it
 * is open and visible (SWR pauses the refresh in a hidden tab and catches up on focus). A failed
 * read keeps the counts already shown.
 */
export function useWorkCounts() {
  return useSWR(WORK_COUNTS_ROUTE, getWorkCounts, { refreshInterval: WORK_COUNTS_REFRESH_MS });
}
