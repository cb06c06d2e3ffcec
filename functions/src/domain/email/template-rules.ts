import { EDITABLE_TEMPLATE_TYPES, REMINDER_TEMPLATE_TYPES, WITHDRAWAL_TEMPLATE_TYPES } from './templates.js';

/**
 * The admin-editable template types and what each one offers (admin spec §3 "E-mail templates";
 * issue 11; docs/data-model.md E19), as data: the placeholders a type's mail is rendered with, and
 * the sample values a template is test-rendered with. What an admin may write with them, and the
 * check of a saved template, are in template-check.ts (the only part that needs handlebars).
 */

/** Every type the admin template editor lists (E19): the 11 of the spec, the withdrawal decisions, the reminder. */
export const ADMIN_TEMPLATE_TYPES = [
  ...EDITABLE_TEMPLATE_TYPES,
  ...WITHDRAWAL_TEMPLATE_TYPES,
  ...REMINDER_TEMPLATE_TYPES,
] as const;
export type AdminTemplateType = (typeof ADMIN_TEMPLATE_TYPES)[number];

export const isAdminTemplateType = (type: string): type is AdminTemplateType =>
  (ADMIN_TEMPLATE_TYPES as readonly string[]).includes(type);

const DATED = ['username', 'packageName', 'startDate', 'endDate', 'dashboardLink'] as const;
const PENDING = ['username', 'packageName', 'dashboardLink'] as const;
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
  withdrawalApproved: WITHDRAWAL_DECISION,
  withdrawalRejected: WITHDRAWAL_DECISION,
  subscriptionExpiryReminder: ['username', 'packageName', 'endDate', 'daysLeft', 'dashboardLink'],
};

/** Values a template is test-rendered with before it is accepted (one per placeholder any type offers). */
export const SAMPLE_PLACEHOLDER_VALUES: Readonly<Record<string, string>> = {
  username: 'jane_doe',
  packageName: 'Pro Package',
  startDate: 'Dec 1, 2026',
  endDate: 'May 31, 2027',
  dashboardLink: 'https://goldbot.example/dashboard',
  copyTradingLink: 'https://broker.example/copy-trading/goldbot',
  amount: '50',
  trc20Address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
  network: 'TRC20',
  requestDate: 'Nov 23, 2026',
  processingHours: '24-48',
  adminNote: 'Sent from our main wallet.',
  daysLeft: '3',
};
