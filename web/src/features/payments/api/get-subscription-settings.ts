import useSWR from 'swr';
import { publicSubscriptionSettingsResponseSchema } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import { useUserKey } from '@/features/auth/auth-public';
import type { Infer } from '@/lib/schema-types';

export const subscriptionSettingsSchema = publicSubscriptionSettingsResponseSchema;
export type SubscriptionSettings = Infer<typeof subscriptionSettingsSchema>;

export const SETTINGS_CHECK_ERROR = 'Failed to check subscription settings';

/** GET /api/settings/public/subscription-settings: is Basic on sale. */
export function getSubscriptionSettings(): Promise<SubscriptionSettings> {
  return apiRequest('settings-public-subscription', { schema: subscriptionSettingsSchema });
}

/**
 * Whether monthly (Basic) subscriptions are on sale, checked before a Basic purchase.
 * While the check runs `basicPackageEnabled` is undefined; when the check itself fails the
 * purchase proceeds (true), and the failure is only logged.
 */
export function useSubscriptionSettings({ enabled = true }: { enabled?: boolean } = {}): {
  basicPackageEnabled: boolean | undefined;
  loading: boolean;
} {
  const key = useUserKey('settings-public-subscription', enabled);
  const { data, error } = useSWR(key, getSubscriptionSettings, {
    onError: (failure: unknown) =>
      console.warn(`${SETTINGS_CHECK_ERROR}: ${failure instanceof Error ? failure.message : String(failure)}`),
  });
  if (data) return { basicPackageEnabled: data.settings.basicPackageEnabled, loading: false };
  if (error) return { basicPackageEnabled: true, loading: false };
  return { basicPackageEnabled: undefined, loading: key !== null };
}
