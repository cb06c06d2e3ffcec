import { SETTINGS_MESSAGES } from '@goldbot/shared';
import { jsonResponse } from '@/test/test-utils';

/** A save of the subscription settings as the server answers it: its message and the settings as they now are. */
export const settingsSaved = (settings: Record<string, unknown>) =>
  jsonResponse({ success: true, message: SETTINGS_MESSAGES.settingsUpdated, settings });
