import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { RouteId } from '@goldbot/shared';

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
