import useSWR, { type SWRConfiguration } from 'swr';
import type { RouteId } from '@goldbot/shared';
import { apiRequest, type ResponseSchema } from '@/lib/api-client';

/** The SWR key of a read: the route first (the caller's `useUserKey(routeId)`), null while nobody may read it. */
export type QueryKey = readonly [RouteId, ...unknown[]] | null;

/**
 * A GET of the key's route as SWR data, its answer `schema` parsed. `loading` is true until the
 * first answer or failure (never while the key is null); `error` is SWR's, kept beside an earlier
 * answer. The route is read from the key, so each caller names it once.
 */
export function useApiQuery<Answer>(key: QueryKey, schema: ResponseSchema<Answer>) {
  const { data, error, mutate } = useSWR(key, ([routeId]: readonly [RouteId, ...unknown[]]) =>
    apiRequest(routeId, { schema }),
  );
  return { data, error, mutate, loading: key !== null && !data && !error };
}

/**
 * The back-office's read of a GET route that takes no parameters: its answer checked with `schema`,
 * cached under the route's id alone (the key a save's `mutate` names to have it read again).
 */
export function useRouteRead<T>(routeId: RouteId, schema: ResponseSchema<T>, config?: SWRConfiguration<T>) {
  return useSWR(routeId, () => apiRequest(routeId, { schema }), config);
}
