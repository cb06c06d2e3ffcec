import { activationsResponseSchema } from '@goldbot/shared';
import { useRouteRead } from '@/hooks/use-api-query';

/**
 * GET /api/admin/activations: the active Basic Package subscriptions that start today and whose
 * activation e-mail has not been sent (the server picks them, the spec's client filtered); re-read
 * after sending.
 */
export function useActivations() {
  return useRouteRead('admin-activations', activationsResponseSchema);
}
