import { config } from '../config.js';
import { recordTestMailSent } from '../data/admin-test-mail-store.js';
import { dynamoSettingsStore } from '../data/settings-store.js';
import { dynamoWalletStore } from '../data/wallet-store.js';
import type { SetupStateStore, TestMailDeps } from '../domain/admin/setup-checklist.js';
import { adminTestMailValues } from '../domain/email/templates.js';
import { describeError, type Logger } from '../kit/logger.js';
import { sendTemplateMail } from './template-mail.js';

/** What the first-run checklist reads besides the caller's profile: the settings and the active USDT wallet. */
export const setupStateStore: SetupStateStore = {
  readCopyTradingLink: async () => (await dynamoSettingsStore.readSubscriptionSettings()).copyTradingLink,
  readActiveUsdtWallet: () => dynamoWalletStore.getActivePointer('USDT'),
};

/** Whether administrators can turn TOTP on here: where admin MFA is required (AWS), every one enrols at sign-in. */
export const adminMfaAvailable = () => config.adminMfaRequired;

/** The test mail as the route sends it: the built-in `adminTestMail`, then the profile's checklist step. */
export const testMailDeps = (log: Logger): TestMailDeps => ({
  send: (to, sentAt) =>
    sendTemplateMail(
      to,
      'adminTestMail',
      adminTestMailValues({ sentAt, adminLink: `${config.appUrl.replace(/\/+$/, '')}/admin/dashboard` }),
    ),
  recordSent: recordTestMailSent,
  now: () => new Date(),
  onSendFailure: (error) => log.error('test mail not sent', describeError(error)),
});
