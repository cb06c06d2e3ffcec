import useSWR, { type SWRConfiguration } from 'swr';
import type { RouteId } from '@goldbot/shared';
import { apiRequest, type ResponseSchema } from '@/lib/api-client';

/**
 * The SWR read of a GET route that takes no parameters: its answer checked with `schema`, cached
 * under the route's id (the key a save's `mutate` names to have it read again).
 */
export function useRouteRead<T>(routeId: RouteId, schema: ResponseSchema<T>, config?: SWRConfiguration<T>) {
  return useSWR(routeId, () => apiRequest(routeId, { schema }), config);
}
