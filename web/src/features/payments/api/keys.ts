import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { RouteId } from '@goldbot/shared';
import { useSession } from '@/features/auth/session';

/**
 * SWR keys of the caller's own commerce data: `[routeId, who]`. Naming the account in the key
 * means one account never sees another's cached answer after a sign-out and a sign-in in the
 * same tab. Null (no request) while nobody is signed in.
 */
export type UserScopedKey<R extends RouteId = RouteId> = readonly [R, string];

/** Who the signed-in caller is, for cache keys; null while signed out or still loading. */
export function useUserScope(): string | null {
  const { status, user } = useSession();
  if (status !== 'authenticated' || !user) return null;
  return user._id ?? user.email;
}

export function useUserKey<R extends RouteId>(routeId: R, enabled = true): UserScopedKey<R> | null {
  const scope = useUserScope();
  return enabled && scope !== null ? ([routeId, scope] as const) : null;
}

/** The answers that change when a subscription is bought, extended or started. */
export const SUBSCRIPTION_ROUTE_IDS: readonly RouteId[] = [
  'payment-package-status',
  'payment-active-subscription',
  'payment-subscriptions',
];

/** Refetches every subscription answer of the caller (after a submitted payment or a free trial). */
export function useRevalidateSubscriptions(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(
    () =>
      mutate((key) => Array.isArray(key) && SUBSCRIPTION_ROUTE_IDS.includes(key[0] as RouteId), undefined, {
        revalidate: true,
      }),
    [mutate],
  );
}
