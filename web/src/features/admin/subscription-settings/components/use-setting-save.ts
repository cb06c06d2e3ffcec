import { SETTINGS_MESSAGES, TOAST_MS } from '@goldbot/shared';
import { useNotice } from '../../hooks/use-notice';
import { errorMessage } from '../../lib/error-message';
import {
  useSaveSubscriptionSettings,
  useSubscriptionSettings,
  type SubscriptionSettingsChange,
  type SubscriptionSettingsSaveResponse,
} from '../api/subscription-settings';

/**
 * Saving one subscription setting from its card: one request at a time, the cached settings
 * replaced by the server's answer, and the 'Subscription settings updated successfully' or error
 * notice. `save` answers the saved settings, or null when nothing was saved.
 */
export function useSettingSave() {
  const { mutate } = useSubscriptionSettings();
  const { save: send, isSaving } = useSaveSubscriptionSettings();
  const notice = useNotice();

  const save = async (
    change: SubscriptionSettingsChange,
  ): Promise<SubscriptionSettingsSaveResponse['settings'] | null> => {
    notice.clear();
    try {
      const response = await send(change);
      if (!response) return null;
      await mutate({ success: true, settings: response.settings }, { revalidate: false });
      notice.show('success', SETTINGS_MESSAGES.settingsUpdated, TOAST_MS.libraryDefault);
      return response.settings;
    } catch (failure) {
      notice.show('error', errorMessage(failure, SETTINGS_MESSAGES.settingsUpdateFailed));
      return null;
    }
  };

  return { save, isSaving, notice };
}
