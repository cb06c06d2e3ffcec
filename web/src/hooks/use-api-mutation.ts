import useSWRMutation from 'swr/mutation';
import type { RouteId } from '@goldbot/shared';
import { apiRequest, type ResponseSchema } from '@/lib/api-client';

/** The SWR key of a mutation: the route first (the caller's `useUserKey(routeId)`), null while nobody may send it. */
export type MutationKey = readonly [RouteId, ...unknown[]] | null;

/**
 * A form's POST as an SWR mutation: `trigger(input)` sends `input` as the body of the key's route
 * and resolves the answer `schema` parsed (it throws the ApiError on failure); `isMutating` while
 * it runs. The route is read from the key, so each caller names it once.
 */
export function useApiMutation<Input, Answer>(key: MutationKey, schema: ResponseSchema<Answer>) {
  return useSWRMutation(key, ([routeId]: readonly [RouteId, ...unknown[]], { arg }: { arg: Input }) =>
    apiRequest(routeId, { body: arg, schema }),
  );
}
