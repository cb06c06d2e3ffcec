import { config } from '../config.js';
import { dynamoSettingsStore } from '../data/settings-store.js';
import { dynamoWalletStore } from '../data/wallet-store.js';
import type { SetupStateStore } from '../domain/admin/setup-checklist.js';

/** What the first-run checklist reads besides the caller's profile: the settings and the active USDT wallet. */
export const setupStateStore: SetupStateStore = {
  readCopyTradingLink: async () => (await dynamoSettingsStore.readSubscriptionSettings()).copyTradingLink,
  readActiveUsdtWallet: () => dynamoWalletStore.getActivePointer('USDT'),
};

/** Whether administrators can turn TOTP on here: where admin MFA is required (AWS), every one enrols at sign-in. */
export const adminMfaAvailable = () => config.adminMfaRequired;
