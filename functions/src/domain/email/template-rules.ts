import { PACKAGE_NAMES, TRON_EXPLORER_TRANSACTION_URL, WITHDRAWAL } from '@goldbot/shared';
import {
  CONNECTION_TEMPLATE_TYPES,
  EDITABLE_TEMPLATE_TYPES,
  NEW_WORK_TEMPLATE_TYPES,
  REFUND_TEMPLATE_TYPES,
  REMINDER_TEMPLATE_TYPES,
  WALLET_TEMPLATE_TYPES,
  WATCHER_TEMPLATE_TYPES,
  WITHDRAWAL_TEMPLATE_TYPES,
} from './templates.js';

/**
 * The admin-editable template types and what each one offers (the E-mail templates screen;
 * docs/data-model.md, "E-mail templates"), as data: the placeholders a type's mail is rendered with, and
 * the sample values the editor's preview renders a draft with. What an admin may write with them,
 * and the check of a saved template, are in template-check.ts.
 */

/**
 * Every type the admin template editor lists: the 11 of the product, the withdrawal decisions, the
 * reminder, the administrators' notices (a changed active wallet, their new-work mail, an
 * unmatched transfer, a price running out of amounts), the refund decisions, and the customer's
 * notice that the bot is connected to their MetaTrader 5 account.
 */
export const ADMIN_TEMPLATE_TYPES = [
  ...EDITABLE_TEMPLATE_TYPES,
  ...WITHDRAWAL_TEMPLATE_TYPES,
  ...REMINDER_TEMPLATE_TYPES,
  ...WALLET_TEMPLATE_TYPES,
  ...NEW_WORK_TEMPLATE_TYPES,
  ...REFUND_TEMPLATE_TYPES,
  ...WATCHER_TEMPLATE_TYPES,
  ...CONNECTION_TEMPLATE_TYPES,
] as const;
export type AdminTemplateType = (typeof ADMIN_TEMPLATE_TYPES)[number];

export const isAdminTemplateType = (type: string): type is AdminTemplateType =>
  (ADMIN_TEMPLATE_TYPES as readonly string[]).includes(type);

const DATED = ['username', 'packageName', 'startDate', 'endDate', 'dashboardLink'] as const;
const PENDING = ['username', 'packageName', 'amount', 'dashboardLink'] as const;
const FREE_TRIAL = ['username', 'startDate', 'endDate', 'dashboardLink'] as const;
const WITHDRAWAL_DECISION = [
  'username',
  'amount',
  'trc20Address',
  'network',
  'requestDate',
  'processingHours',
  'adminNote',
  'dashboardLink',
] as const;

const REFUND_DECISION = ['username', 'packageName', 'amount', 'trc20Address', 'network', 'dashboardLink'] as const;

/** The placeholders each type's mail is rendered with (and so the only ones its template may use). */
export const TEMPLATE_PLACEHOLDERS: Record<AdminTemplateType, readonly string[]> = {
  paymentVerified: DATED,
  paymentPending: PENDING,
  subscriptionActivation: DATED,
  freeTrial: FREE_TRIAL,
  freeTrialActivated: [...FREE_TRIAL, 'copyTradingLink'],
  basicPackagePaymentVerified: DATED,
  basicPackagePaymentPending: PENDING,
  proPackagePaymentVerified: DATED,
  proPackagePaymentPending: PENDING,
  ultimatePackagePaymentVerified: DATED,
  ultimatePackagePaymentPending: PENDING,
  withdrawalApproved: [...WITHDRAWAL_DECISION, 'payoutTxid', 'payoutLink'],
  withdrawalRejected: WITHDRAWAL_DECISION,
  subscriptionExpiryReminder: ['username', 'packageName', 'endDate', 'daysLeft', 'dashboardLink'],
  walletActivated: ['currency', 'network', 'address', 'previousAddress', 'activatedBy', 'activatedAt', 'walletsLink'],
  botConnected: ['username', 'packageName', 'broker', 'server', 'accountNumber', 'connectedAt', 'dashboardLink'],
  adminNewWork: [
    'workTitle',
    'newSummary',
    'newCount',
    'since',
    'newItems',
    'waitingSummary',
    'reviewLink',
    'settingsLink',
  ],
  refundApproved: [...REFUND_DECISION, 'payoutTxid', 'payoutLink', 'note'],
  refundRefused: [...REFUND_DECISION, 'reason'],
  unmatchedTransfer: ['amount', 'txid', 'from', 'wallet', 'confirmedAt', 'reason', 'closeOrders', 'transfersLink'],
  amountPoolLow: ['price', 'freeAmounts', 'totalAmounts', 'seenAt', 'paymentsLink'],
};

/** A payout's TRON transaction id of the withdrawal-approval and refund samples (64 hex characters, as the admin enters it; not a real transfer). */
const SAMPLE_PAYOUT_TXID = '5c8e2f0a9b7d6c4e3f1a2b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e';

/** The package a type's sample values describe, with dates as the mails format them. */
const PACKAGE_SAMPLES = {
  basic: { packageName: PACKAGE_NAMES.basic, startDate: 'Jul 1, 2026', endDate: 'Jul 31, 2026' },
  pro: { packageName: PACKAGE_NAMES.pro, startDate: 'Jul 1, 2026', endDate: 'Dec 31, 2026' },
  ultimate: { packageName: PACKAGE_NAMES.ultimate, startDate: 'Jun 12, 2026', endDate: 'Lifetime' },
  freeTrial: { packageName: PACKAGE_NAMES.freeTrial, startDate: 'Jun 12, 2026', endDate: 'Jul 12, 2026' },
} as const;

function packageSample(type: AdminTemplateType) {
  if (type.startsWith('basic')) return PACKAGE_SAMPLES.basic;
  if (type.startsWith('ultimate')) return PACKAGE_SAMPLES.ultimate;
  if (type.startsWith('freeTrial')) return PACKAGE_SAMPLES.freeTrial;
  return PACKAGE_SAMPLES.pro;
}

/**
 * The values the editor's preview renders a type's draft with: exactly the placeholders the type
 * offers (mail is strict about missing values), shaped as its mail formats them. The note carries
 * characters HTML must escape, so the preview shows that values arrive as text.
 */
export function sampleValues(type: AdminTemplateType, dashboardLink: string): Record<string, string> {
  const known: Record<string, string> = {
    username: 'trader42',
    ...packageSample(type),
    dashboardLink,
    copyTradingLink: 'https://broker.example/copy-trading/goldbot',
    // A pending mail states an order's exact amount (price plus cents tag), as do a refund of what
    // was paid and an unmatched transfer; a withdrawal a whole one.
    amount:
      TEMPLATE_PLACEHOLDERS[type] === PENDING || type.startsWith('refund') || type === 'unmatchedTransfer'
        ? '100.37'
        : String(WITHDRAWAL.minimumUsd),
    trc20Address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    network: WITHDRAWAL.network,
    requestDate: 'Jun 10, 2026',
    processingHours: WITHDRAWAL.processingHours,
    adminNote: 'Sent in one transfer & confirmed <on-chain>',
    payoutTxid: SAMPLE_PAYOUT_TXID,
    payoutLink: `${TRON_EXPLORER_TRANSACTION_URL}${SAMPLE_PAYOUT_TXID}`,
    daysLeft: '3',
    currency: 'USDT',
    address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    previousAddress: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
    activatedBy: 'admin@example.com',
    activatedAt: 'Jun 10, 2026, 09:30 UTC',
    walletsLink: dashboardLink.replace(/\/dashboard$/, '/admin/wallets'),
    broker: 'IC Markets',
    server: 'ICMarketsSC-MT5-2',
    accountNumber: '51234567',
    connectedAt: 'Jun 12, 2026',
    workTitle: 'Payments to review',
    newSummary: '3 new payments to review',
    newCount: '3',
    since: 'Jun 10, 2026, 09:15 UTC',
    newItems: [
      '• Jun 10, 2026, 09:16 UTC · trader42 <trader42@example.com> · Basic Package, 60.37 USDT',
      '• Jun 10, 2026, 09:22 UTC · jane_doe <jane@example.com> · Pro Package, 250.12 USDT',
      '• Jun 10, 2026, 09:27 UTC · Ann & <Bo> <ann@example.com> · Basic Package, 50.05 USDT',
    ].join('\n'),
    waitingSummary: '7 payments wait for a decision in all.',
    reviewLink: dashboardLink.replace(/\/dashboard$/, '/admin/payments'),
    settingsLink: dashboardLink.replace(/\/dashboard$/, '/admin/subscription-settings'),
    note: 'Sent in one transfer & confirmed <on-chain>',
    reason: 'The 7 days of the guarantee had passed & the month made a <profit>.',
    txid: 'e0acf1a1305799799f336afe9e73e44406a6f9f635ededd7e5baea4962be8ab6',
    from: 'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL',
    wallet: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    confirmedAt: 'Jun 10, 2026, 09:30 UTC',
    closeOrders: '1',
    transfersLink: dashboardLink.replace(/\/dashboard$/, '/admin/unmatched-transfers'),
    price: '60.00',
    freeAmounts: '17',
    totalAmounts: '99',
    seenAt: 'Jun 10, 2026, 09:30 UTC',
    paymentsLink: dashboardLink.replace(/\/dashboard$/, '/admin/payments'),
  };
  return Object.fromEntries(TEMPLATE_PLACEHOLDERS[type].map((name) => [name, known[name] ?? `[${name}]`]));
}
