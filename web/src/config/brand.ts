/** Product-wide names and addresses shown in the UI. */
export const APP_NAME = 'GoldBot';
export const SUPPORT_EMAIL = 'support@goldbot.example';
