import { useCallback, useRef, useState } from 'react';
import useSWR from 'swr';
import {
  subscriptionSettingsResponseSchema,
  subscriptionSettingsSaveResponseSchema,
  type NewWorkMailSwitches,
} from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';

export { subscriptionSettingsResponseSchema, subscriptionSettingsSaveResponseSchema };
export type SubscriptionSettingsResponse = ReturnType<typeof subscriptionSettingsResponseSchema.parse>;
export type SubscriptionSettingsSaveResponse = ReturnType<typeof subscriptionSettingsSaveResponseSchema.parse>;

export const SUBSCRIPTION_SETTINGS_ROUTE = 'settings-subscription-get';

/**
 * GET /api/settings/subscription-settings: `{success, settings: {basicPackageEnabled,
 * autoApproveOnMatch, copyTradingLink}}` (an answer without the last two reads as off and no link).
 */
export function getSubscriptionSettings(): Promise<SubscriptionSettingsResponse> {
  return apiRequest(SUBSCRIPTION_SETTINGS_ROUTE, { schema: subscriptionSettingsResponseSchema });
}

export function useSubscriptionSettings() {
  return useSWR(SUBSCRIPTION_SETTINGS_ROUTE, getSubscriptionSettings);
}

/** The setting a save names; the others keep their values on the server. */
export type SubscriptionSettingsChange =
  | { basicPackageEnabled: boolean }
  | { autoApproveOnMatch: boolean }
  /** null removes the link (the free trial then cannot be activated). */
  | { copyTradingLink: string | null }
  /** The new-work mail's switches that changed; the other kinds keep theirs. */
  | { newWorkMail: NewWorkMailSwitches };

/**
 * PUT /api/settings/subscription-settings with the one setting saved: `{settings: {basicPackageEnabled}}`
 * as the spec's client sends it, `{settings: {autoApproveOnMatch}}` or `{settings: {copyTradingLink}}`.
 */
export function saveSubscriptionSettings(
  change: SubscriptionSettingsChange,
): Promise<SubscriptionSettingsSaveResponse> {
  return apiRequest('settings-subscription-put', {
    body: { settings: change },
    schema: subscriptionSettingsSaveResponseSchema,
  });
}

/** `saveSubscriptionSettings` one request at a time: a second call while one is on its way is ignored (null). */
export function useSaveSubscriptionSettings() {
  const inFlight = useRef(false);
  const [isSaving, setIsSaving] = useState(false);
  const save = useCallback(async (change: SubscriptionSettingsChange) => {
    if (inFlight.current) return null;
    inFlight.current = true;
    setIsSaving(true);
    try {
      return await saveSubscriptionSettings(change);
    } finally {
      inFlight.current = false;
      setIsSaving(false);
    }
  }, []);
  return { save, isSaving };
}
