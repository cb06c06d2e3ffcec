/** Product-wide names and addresses shown in the UI. */
export const APP_NAME = 'GoldBot';
export const SUPPORT_EMAIL = 'support@goldbot.example';

/** The home page's own title (the tab reads "Automated XAUUSD Trading Bot | GoldBot"). */
export const HOME_TITLE = 'Automated XAUUSD Trading Bot';
