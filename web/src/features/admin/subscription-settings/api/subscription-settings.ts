import {
  subscriptionSettingsResponseSchema,
  subscriptionSettingsSaveResponseSchema,
  type NewWorkMailSwitches,
} from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import { useRouteRead } from '@/hooks/use-api-query';
import { useSingleFlightCall } from '@/hooks/use-single-flight';

export type SubscriptionSettingsSaveResponse = ReturnType<typeof subscriptionSettingsSaveResponseSchema.parse>;

/**
 * GET /api/settings/subscription-settings: `{success, settings: {basicPackageEnabled,
 * autoApproveOnMatch, copyTradingLink}}` (an answer without the last two reads as off and no link).
 */
export function useSubscriptionSettings() {
  return useRouteRead('settings-subscription-get', subscriptionSettingsResponseSchema);
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
  const { run, running } = useSingleFlightCall(saveSubscriptionSettings);
  return { save: run, isSaving: running };
}
