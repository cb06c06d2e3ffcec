import useSWR from 'swr';
import { activationsResponseSchema } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';

export { activationsResponseSchema };
export type ActivationsResponse = ReturnType<typeof activationsResponseSchema.parse>;

export const ACTIVATIONS_ROUTE = 'admin-activations';

/**
 * GET /api/admin/activations: the active Basic Package subscriptions that start today and whose
 * activation e-mail has not been sent (the server picks them, the spec's client filtered).
 */
export function getActivations(): Promise<ActivationsResponse> {
  return apiRequest(ACTIVATIONS_ROUTE, { schema: activationsResponseSchema });
}

/** Today's subscribers awaiting their activation e-mail; re-read after sending. */
export function useActivations() {
  return useSWR(ACTIVATIONS_ROUTE, getActivations);
}
