import { useCallback, useRef, useState } from 'react';
import useSWR from 'swr';
import { subscriptionSettingsResponseSchema, subscriptionSettingsSaveResponseSchema } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';

export { subscriptionSettingsResponseSchema, subscriptionSettingsSaveResponseSchema };
export type SubscriptionSettingsResponse = ReturnType<typeof subscriptionSettingsResponseSchema.parse>;
export type SubscriptionSettingsSaveResponse = ReturnType<typeof subscriptionSettingsSaveResponseSchema.parse>;

export const SUBSCRIPTION_SETTINGS_ROUTE = 'settings-subscription-get';

/** GET /api/settings/subscription-settings (admin §7): `{success, settings: {basicPackageEnabled}}`. */
export function getSubscriptionSettings(): Promise<SubscriptionSettingsResponse> {
  return apiRequest(SUBSCRIPTION_SETTINGS_ROUTE, { schema: subscriptionSettingsResponseSchema });
}

export function useSubscriptionSettings() {
  return useSWR(SUBSCRIPTION_SETTINGS_ROUTE, getSubscriptionSettings);
}

/** PUT /api/settings/subscription-settings `{settings: {basicPackageEnabled}}` (admin §7). */
export function saveSubscriptionSettings(basicPackageEnabled: boolean): Promise<SubscriptionSettingsSaveResponse> {
  return apiRequest('settings-subscription-put', {
    body: { settings: { basicPackageEnabled } },
    schema: subscriptionSettingsSaveResponseSchema,
  });
}

/** `saveSubscriptionSettings` one request at a time: a second call while one is on its way is ignored (null). */
export function useSaveSubscriptionSettings() {
  const inFlight = useRef(false);
  const [isSaving, setIsSaving] = useState(false);
  const save = useCallback(async (basicPackageEnabled: boolean) => {
    if (inFlight.current) return null;
    inFlight.current = true;
    setIsSaving(true);
    try {
      return await saveSubscriptionSettings(basicPackageEnabled);
    } finally {
      inFlight.current = false;
      setIsSaving(false);
    }
  }, []);
  return { save, isSaving };
}
