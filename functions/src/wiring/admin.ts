import { config } from '../config.js';
import { dynamoActivationStore } from '../data/activation-store.js';
import { dynamoAdminUserStore } from '../data/admin-user-store.js';
import { dynamoAuditLogStore } from '../data/audit-log-store.js';
import { dynamoContactMessageStore } from '../data/contact-message-store.js';
import { dynamoTemplateEditorStore } from '../data/email-template-store.js';
import { dynamoExportSources } from '../data/export-store.js';
import { dynamoMailOutboxStore } from '../data/outbox-mail-store.js';
import { dynamoCatalogStore } from '../data/package-catalog-store.js';
import { dynamoRefundStore } from '../data/refund-store.js';
import { dynamoRevenueStatsStore } from '../data/revenue-stats-store.js';
import { dynamoSettingsStore } from '../data/settings-store.js';
import { dynamoSupportStore } from '../data/support-subscription-store.js';
import { dynamoConnectionStore } from '../data/trading-account-store.js';
import { dynamoUnmatchedTransferStore } from '../data/unmatched-transfer-store.js';
import { dynamoWalletStore } from '../data/wallet-store.js';
import { dynamoWithdrawalStore } from '../data/withdrawal-store.js';
import type { SetupStateStore } from '../domain/admin/setup-checklist.js';
import type { SupportDeps } from '../domain/admin/support-subscriptions.js';
import type { MailOutboxStore } from '../domain/email/mail-outbox.js';
import type { ConnectionStore } from '../domain/trading/mt5-accounts.js';
import { newId } from '../kit/ids.js';
import { MAIL_KINDS, WORK_SOURCES } from './work-sources.js';

/**
 * The back-office's use cases that run on the table alone: lists, statistics, exports and the
 * edits that mail nobody. Each export is one use case's dependencies, named after it. Nothing here
 * builds a client or reaches the template mailer (template-mail.ts), so a function that takes one
 * of these gets no mail permission (infra/lib/handler-wiring.ts). A bundle keeps only the exports
 * its handler names, and so only their stores: functions/package.json declares `"sideEffects":
 * false`, so esbuild drops an imported module none of whose exports is used, and each export here
 * is an object literal with no effect at module scope (no call, no spread, configuration read
 * through a getter), so an unused one drops out too. Keep it so, or every function of the area
 * pays for every store at its cold start. The back-office's mailing decisions are wired in their
 * own modules.
 */

export const listActivationsDeps = dynamoActivationStore;
/** The navigation's counts of waiting work, one maintained counter per kind (work-sources.ts). */
export const readWorkCountsDeps = WORK_SOURCES;
export const listAuditLogDeps = dynamoAuditLogStore;
export const exportDatasetDeps = dynamoExportSources;
export const paymentStatsDeps = dynamoRevenueStatsStore;

export const listAdminUsersDeps = dynamoAdminUserStore;
export const getUserStatsDeps = dynamoAdminUserStore;
export const listUserSubscriptionsDeps = dynamoAdminUserStore;

/** Support's subscription controls. */
export const changeSubscriptionForSupportDeps: SupportDeps = {
  store: dynamoSupportStore,
  now: () => new Date(),
  newId,
};

/** The bot connection requests, listed; marking one connected mails (bot-connection-deps.ts). */
export const listBotConnectionsDeps: ConnectionStore = dynamoConnectionStore;

/** The failed-mail list reads the outbox alone: it sends nothing, so it bundles no mailer. */
export const listFailedMailsDeps: Pick<MailOutboxStore, 'listFailed' | 'countFailed'> = dynamoMailOutboxStore;

export const listRefundsForAdminDeps = dynamoRefundStore;
export const listWithdrawalsForAdminDeps = dynamoWithdrawalStore;

/** The unmatched transfers' list; assigning one mails the customer (unmatched-transfer-deps.ts). */
export const listUnmatchedTransfersDeps = dynamoUnmatchedTransferStore;
/** Closing an unmatched transfer (refunded, ignored): the store, the clock and fresh ids; no mail. */
export const resolveTransferDeps = { store: dynamoUnmatchedTransferStore, now: () => new Date(), newId };

/** The contact messages: the customer's form adds one, the back-office lists, reads and deletes them. */
export const contactMessageDeps = { store: dynamoContactMessageStore, clock: { now: () => new Date() } };

/** The package catalog's edits. */
export const updatePackageDeps = { store: dynamoCatalogStore, now: () => new Date(), newId };

/** The e-mail template editor: its list, its saves and the restore of the defaults. */
export const listTemplatesDeps = dynamoTemplateEditorStore;
export const saveTemplatesDeps = { store: dynamoTemplateEditorStore, now: () => new Date(), newId };
export const restoreDefaultTemplatesDeps = saveTemplatesDeps;

/** The subscription settings, with the new-work mail's switches this build knows (work-sources.ts). */
export const getSubscriptionSettingsDeps = { store: dynamoSettingsStore, mailKinds: MAIL_KINDS };
export const saveSubscriptionSettingsDeps = {
  store: dynamoSettingsStore,
  mailKinds: MAIL_KINDS,
  now: () => new Date(),
  newId,
};

/**
 * The first-run checklist: the settings and the active USDT wallet (besides the caller's profile),
 * and whether administrators can turn TOTP on here (where admin MFA is required, in AWS, every one
 * enrols at sign-in).
 */
export const readSetupChecklistDeps: { store: SetupStateStore; adminMfaAvailable: boolean } = {
  store: {
    readCopyTradingLink: async () => (await dynamoSettingsStore.readSubscriptionSettings()).copyTradingLink,
    readActiveUsdtWallet: () => dynamoWalletStore.getActivePointer('USDT'),
  },
  get adminMfaAvailable() {
    return config.adminMfaRequired;
  },
};
