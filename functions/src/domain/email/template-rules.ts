import { PACKAGE_NAMES, TRON_EXPLORER_TRANSACTION_URL, WITHDRAWAL } from '@goldbot/shared';
import {
  CONNECTION_TEMPLATE_TYPES,
  EDITABLE_TEMPLATE_TYPES,
  REMINDER_TEMPLATE_TYPES,
  WALLET_TEMPLATE_TYPES,
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
 * reminder, the administrators' notice of a changed active wallet, and the customer's notice that
 * the bot is connected to their MetaTrader 5 account.
 */
export const ADMIN_TEMPLATE_TYPES = [
  ...EDITABLE_TEMPLATE_TYPES,
  ...WITHDRAWAL_TEMPLATE_TYPES,
  ...REMINDER_TEMPLATE_TYPES,
  ...WALLET_TEMPLATE_TYPES,
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
};

/** A payout's TRON transaction id as the approval mail shows it (a sample, not a real transfer). */
const SAMPLE_PAYOUT_TXID = '8f3b2c1d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9';

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
    // A pending mail states an order's exact amount (price plus cents tag); a withdrawal a whole one.
    amount: TEMPLATE_PLACEHOLDERS[type] === PENDING ? '100.37' : String(WITHDRAWAL.minimumUsd),
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
  };
  return Object.fromEntries(TEMPLATE_PLACEHOLDERS[type].map((name) => [name, known[name] ?? `[${name}]`]));
}
