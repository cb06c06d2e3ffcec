import {
  FREE_COPY_TRADE_PROFIT_SPLIT_PERCENT,
  FREE_TRIAL_DAYS,
  MONTH_ABBREVIATIONS,
  NEW_WORK_MAIL,
  PAYMENT,
  PRO_DURATION_MONTHS,
  TRON_EXPLORER_TRANSACTION_URL,
  WITHDRAWAL,
  WORK_KIND_LABELS,
  centsToUsd,
  formatUsdtFigure,
  type PackageSlug,
  type WorkKind,
} from '@goldbot/shared';

/**
 * The e-mail templates as data: the types, the built-in defaults and the placeholder values each
 * mail is sent with. Templates are HTML with `{{placeholders}}`, rendered by render.ts with
 * handlebars' default HTML escaping, so a username like `<script>` arrives as text. Stored
 * templates (edited in the admin e-mail editor) override these defaults. Nothing here loads
 * handlebars: the functions that only list, store or seed templates do not bundle it.
 *
 * Over 600 lines and kept whole: about 350 of them are the default mails' HTML (data, not logic),
 * and each type's `*MailValues` builder sits in the same file as its default so that a placeholder
 * added to one is seen beside the other (template-rules.ts lists what each type may use, and its
 * tests hold the builders to it).
 */
export interface EmailTemplate {
  subject: string;
  html: string;
}

/** The 11 editable types of the product (docs/data-model.md, "E-mail templates"), then the built-in account mails. */
export const EDITABLE_TEMPLATE_TYPES = [
  'paymentVerified',
  'paymentPending',
  'subscriptionActivation',
  'freeTrial',
  'freeTrialActivated',
  'basicPackagePaymentVerified',
  'basicPackagePaymentPending',
  'proPackagePaymentVerified',
  'proPackagePaymentPending',
  'ultimatePackagePaymentVerified',
  'ultimatePackagePaymentPending',
] as const;
export type EditableTemplateType = (typeof EDITABLE_TEMPLATE_TYPES)[number];
/**
 * The withdrawal decision mails: built in like the account mails, and overridable by a
 * `TEMPLATES / TEMPLATE#<type>` item like every type, so the template editor can list them.
 * Placeholders: {{username}}, {{amount}}, {{trc20Address}}, {{network}}, {{requestDate}},
 * {{processingHours}}, {{adminNote}} (empty when the admin wrote none), {{dashboardLink}}; the
 * approval also {{payoutTxid}} (the TRON transaction id of the payout) and {{payoutLink}} (that
 * transaction on a block explorer).
 */
export const WITHDRAWAL_TEMPLATE_TYPES = ['withdrawalApproved', 'withdrawalRejected'] as const;
export type WithdrawalTemplateType = (typeof WITHDRAWAL_TEMPLATE_TYPES)[number];
/**
 * The reminder `job-expiry-reminders` sends once per subscription, a few days before a paid
 * package ends. Placeholders: {{username}}, {{packageName}}, {{endDate}} (formatted
 * like the other mails), {{daysLeft}}, {{dashboardLink}}. Editable like every admin type.
 */
export const REMINDER_TEMPLATE_TYPES = ['subscriptionExpiryReminder'] as const;
export type ReminderTemplateType = (typeof REMINDER_TEMPLATE_TYPES)[number];
/**
 * The notice every administrator gets when a save makes a different wallet the active one of its
 * currency (payment-wallet-save), so a swapped receiving wallet never goes unseen. Placeholders:
 * {{currency}}, {{network}}, {{address}} (the new active wallet), {{previousAddress}} ('none' when
 * the currency had no active wallet), {{activatedBy}} (the acting administrator's e-mail),
 * {{activatedAt}} (UTC date and time), {{walletsLink}} (the back-office's wallet page).
 */
export const WALLET_TEMPLATE_TYPES = ['walletActivated'] as const;
export type WalletTemplateType = (typeof WALLET_TEMPLATE_TYPES)[number];
/**
 * The customer's notice that the team connected the bot to their MetaTrader 5 account (sent when an
 * admin marks a subscription connected on the Activations screen). Placeholders: {{username}},
 * {{packageName}}, {{broker}}, {{server}}, {{accountNumber}}, {{connectedAt}} (the day, formatted
 * like the other mails), {{dashboardLink}}.
 */
export const CONNECTION_TEMPLATE_TYPES = ['botConnected'] as const;
export type ConnectionTemplateType = (typeof CONNECTION_TEMPLATE_TYPES)[number];

/**
 * The notice every administrator gets about new work (job-new-work-mail), one mail per kind of work
 * at most every NEW_WORK_MAIL.minIntervalMinutes. Placeholders: {{workTitle}} ('Payments to
 * review'), {{newSummary}} ('3 new payments to review'), {{newCount}}, {{since}} (UTC date and
 * time the reported window starts), {{newItems}} (one line per arrival, then '… and N more'),
 * {{waitingSummary}} (how many wait in all; empty where the server keeps no count of the kind),
 * {{reviewLink}} (the back-office screen of the kind), {{settingsLink}} (where the mail is turned off).
 */
export const NEW_WORK_TEMPLATE_TYPES = ['adminNewWork'] as const;
export type NewWorkTemplateType = (typeof NEW_WORK_TEMPLATE_TYPES)[number];

/**
 * The refund decisions mailed to the customer (admin-refund-approve, admin-refund-refuse). Placeholders:
 * {{username}}, {{packageName}}, {{amount}} (the USDT the customer paid, to the cent),
 * {{trc20Address}}, {{network}}, {{dashboardLink}}; refundApproved also {{payoutTxid}} (the payout's
 * transaction id), {{payoutLink}} (that transaction on a block explorer) and {{note}} (empty when
 * the admin wrote none); refundRefused also {{reason}}. Editable like every admin type.
 */
export const REFUND_TEMPLATE_TYPES = ['refundApproved', 'refundRefused'] as const;
export type RefundTemplateType = (typeof REFUND_TEMPLATE_TYPES)[number];

/**
 * What job-watch-wallets tells every administrator (docs/data-model.md, "Transfer" and "Amount
 * pool alert"). `unmatchedTransfer`, once per transfer that fit no order: {{amount}}, {{txid}},
 * {{from}}, {{wallet}}, {{confirmedAt}}, {{reason}} (why no order took it), {{closeOrders}} (how many
 * orders came close), {{transfersLink}}. `amountPoolLow`, once per price and hour when fewer than a
 * fifth of its amounts are free: {{price}}, {{freeAmounts}}, {{totalAmounts}}, {{seenAt}},
 * {{paymentsLink}}.
 */
export const WATCHER_TEMPLATE_TYPES = ['unmatchedTransfer', 'amountPoolLow'] as const;
export type WatcherTemplateType = (typeof WATCHER_TEMPLATE_TYPES)[number];
export type EmailTemplateType =
  | EditableTemplateType
  | WithdrawalTemplateType
  | ReminderTemplateType
  | WalletTemplateType
  | ConnectionTemplateType
  | NewWorkTemplateType
  | 'adminTestMail'
  | RefundTemplateType
  | WatcherTemplateType
  | 'otpVerification'
  | 'passwordResetOtp'
  | 'emailChangeOtp'
  | 'emailChanged';

const layout = (title: string, body: string) => `<!doctype html>
<html><body style="margin:0;background:#0b1220;font-family:Arial,Helvetica,sans-serif;color:#e6e9ef">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#111a2e;border-radius:12px;padding:32px">
<tr><td><h1 style="margin:0 0 16px;color:#d4af37;font-size:22px">${title}</h1>${body}
<p style="margin-top:32px;font-size:12px;color:#8a93a6">GoldBot · Automated XAUUSD trading. Trading involves risk.</p>
</td></tr></table></td></tr></table></body></html>`;

/** A template: its subject, and its body in the common layout under `title`. */
const mail = (subject: string, title: string, body: string): EmailTemplate => ({ subject, html: layout(title, body) });

const button = (label: string, href = '{{dashboardLink}}') =>
  `<p style="margin:24px 0"><a href="${href}" style="background:#d4af37;color:#0b1220;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px;display:inline-block">${label}</a></p>`;
/** One labelled fact of a mail's details table; the value is HTML (a placeholder, often in bold). */
const factRow = (label: string, value: string) =>
  `<tr><td style="padding:4px 16px 4px 0;color:#8a93a6">${label}</td><td style="padding:4px 0">${value}</td></tr>`;
/** The details table of a mail, one factRow a line. */
const factTable = (...rows: string[]) =>
  `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0;color:#e6e9ef">
${rows.join('\n')}
</table>`;
const strong = (html: string) => `<strong>${html}</strong>`;
/** A note written by the team, quoted in the gold-edged box. */
const quotedNote = (html: string) =>
  `<p style="margin:0;padding:12px 16px;border-left:3px solid #d4af37;background:#0b1220">${html}</p>`;
/** The one-time code of the code mails, large and spaced so it reads at a glance. */
const codeLine = '<p style="font-size:32px;letter-spacing:8px;font-weight:bold;color:#d4af37">{{code}}</p>';
const period = (end: string) =>
  factTable(factRow('Start date', strong('{{startDate}}')), factRow('End date', strong(end)));
const pendingBody = (what: string) =>
  `<p>Hi {{username}},</p><p>We have received your payment of <strong>{{amount}} USDT</strong> for the <strong>${what}</strong>. Our team verifies every transaction by hand; your package will be activated within ${PAYMENT.verificationHours} hours.</p>
<p>You will get another email as soon as it is active. You can follow its status under Billing History in your dashboard.</p>
${button('Open your dashboard')}
<p style="font-size:13px;color:#8a93a6">If you did not make this payment, reply to this email.</p>`;
const verifiedBody = (what: string, end: string, extra = '') =>
  `<p>Hi {{username}},</p><p>Your payment for the <strong>${what}</strong> has been verified. Thank you!</p>
${period(end)}${extra}
${button('Go to your dashboard')}`;
/** The mails of a payment received and verified, for `what` (a package's name or its placeholder). */
const pendingMail = (what: string) =>
  mail(`GoldBot: payment received for your ${what}`, 'Payment received', pendingBody(what));
const verifiedMail = (what: string, end: string, extra?: string) =>
  mail(`GoldBot: your ${what} payment is verified`, 'Payment verified', verifiedBody(what, end, extra));

/**
 * The 11 editable defaults. Placeholders: {{username}}, {{packageName}},
 * {{startDate}}, {{endDate}}, {{dashboardLink}}; the free-trial mails have no package name and the
 * pending mails no dates (nothing is dated before approval) but {{amount}}, the exact USDT amount of
 * the payment's order (what the customer sent). Ultimate never ends ('Lifetime').
 * freeTrialActivated also offers {{copyTradingLink}}, the link the free trial delivers (its main button).
 */
const editableDefaults = (): Record<EditableTemplateType, EmailTemplate> => ({
  paymentPending: pendingMail('{{packageName}}'),
  paymentVerified: verifiedMail('{{packageName}}', '{{endDate}}'),
  subscriptionActivation: mail(
    'GoldBot: your {{packageName}} is now active',
    'Your subscription is active',
    `<p>Hi {{username}},</p><p>Your <strong>{{packageName}}</strong> starts today. The bot is ready to trade on your account.</p>
${period('{{endDate}}')}
${button('Go to your dashboard')}`,
  ),
  freeTrial: mail(
    'GoldBot: your free trial has started',
    'Your free trial has started',
    `<p>Hi {{username}},</p><p>Your ${FREE_TRIAL_DAYS}-day free trial is active.</p>
${period('{{endDate}}')}
${button('Go to your dashboard')}`,
  ),
  freeTrialActivated: mail(
    'GoldBot: free trial activated',
    'Free trial activated',
    `<p>Hi {{username}},</p><p>Your free trial is active: you now have ${FREE_TRIAL_DAYS} days of access to copy trading.</p>
${period('{{endDate}}')}
<p>Open the link below to start copying our trades. Copy trading is free: you share ${FREE_COPY_TRADE_PROFIT_SPLIT_PERCENT}% of the profit and pay nothing if there is none.</p>
${button('Open Copy Trading', '{{copyTradingLink}}')}
<p style="font-size:13px;color:#8a93a6">The link is also on the Free Copy Trading card of <a href="{{dashboardLink}}" style="color:#d4af37">your dashboard</a>.</p>`,
  ),
  basicPackagePaymentPending: pendingMail('Basic Package'),
  basicPackagePaymentVerified: verifiedMail(
    'Basic Package',
    '{{endDate}}',
    '<p>Your Basic Package runs for one calendar month. We will email you on the day it starts.</p>',
  ),
  proPackagePaymentPending: pendingMail('Pro Package'),
  proPackagePaymentVerified: verifiedMail(
    'Pro Package',
    '{{endDate}}',
    `<p>Your Pro Package runs for ${PRO_DURATION_MONTHS} months.</p>`,
  ),
  ultimatePackagePaymentPending: pendingMail('Ultimate Package'),
  ultimatePackagePaymentVerified: verifiedMail(
    'Ultimate Package',
    'Lifetime',
    '<p>Ultimate never expires. Our team will contact you to arrange your copy of the bot and your live consultation.</p>',
  ),
});

const withdrawalDetails = (walletLabel: string) =>
  factTable(
    factRow('Amount', strong('{{amount}} USDT')),
    factRow(walletLabel, `${strong('{{trc20Address}}')} ({{network}})`),
    factRow('Requested', '{{requestDate}}'),
  );
/** The admin's note under the `placeholder` name, only when there is one; HTML-escaped like every value. */
const noteFromTeam = (
  placeholder: string,
) => `{{#if ${placeholder}}}<p style="margin:16px 0 4px;color:#8a93a6">Note from our team:</p>
${quotedNote(`{{${placeholder}}}`)}{{/if}}`;

const withdrawalDefaults = (): Record<WithdrawalTemplateType, EmailTemplate> => ({
  withdrawalApproved: mail(
    'GoldBot: your withdrawal of ${{amount}} is approved',
    'Withdrawal approved',
    `<p>Hi {{username}},</p><p>Your withdrawal request has been approved and the USDT has been sent to your wallet.</p>
${withdrawalDetails('To wallet')}
<p style="margin:16px 0 4px;color:#8a93a6">Payout transaction (TXID):</p>
<p style="margin:0;font-family:monospace;word-break:break-all"><a href="{{payoutLink}}" style="color:#d4af37">{{payoutTxid}}</a></p>
${noteFromTeam('adminNote')}
<p>The transfer appears in your wallet once it is confirmed on the ${WITHDRAWAL.network} network, usually within minutes; you can follow it on the block explorer with the link above. If it has not arrived within {{processingHours}} hours, reply to this email.</p>
${button('Open your dashboard')}`,
  ),
  withdrawalRejected: mail(
    'GoldBot: your withdrawal request of ${{amount}} was not approved',
    'Withdrawal not approved',
    `<p>Hi {{username}},</p><p>Your withdrawal request was not approved. The amount has been returned to your available referral earnings, so nothing is lost: you can check the details and request it again.</p>
${withdrawalDetails('Wallet')}
${noteFromTeam('adminNote')}
${button('Open your dashboard')}`,
  ),
});

const reminderDefaults = (): Record<ReminderTemplateType, EmailTemplate> => ({
  subscriptionExpiryReminder: mail(
    'GoldBot: your {{packageName}} ends in {{daysLeft}} days',
    'Your package ends soon',
    `<p>Hi {{username}},</p><p>Your <strong>{{packageName}}</strong> ends on <strong>{{endDate}}</strong>, in {{daysLeft}} days. After that day the bot stops trading on your account.</p>
<p>To keep trading without a gap, renew or choose another package from your dashboard before it ends. If you have already renewed, you can ignore this email.</p>
${button('Renew from your dashboard')}`,
  ),
});

const walletDefaults = (): Record<WalletTemplateType, EmailTemplate> => ({
  walletActivated: mail(
    'GoldBot admin: a new {{currency}} wallet now receives payments',
    'Active wallet changed',
    `<p>Hello,</p><p>The active <strong>{{currency}}</strong> wallet was changed. Customers are now asked to pay to the new address.</p>
${factTable(
  factRow('New address', `${strong('{{address}}')} ({{network}})`),
  factRow('Previous address', '{{previousAddress}}'),
  factRow('Changed by', '{{activatedBy}}'),
  factRow('When', '{{activatedAt}}'),
)}
<p>If nobody on the team made this change, switch the active wallet back at once and review the audit log.</p>
${button('Review the wallets', '{{walletsLink}}')}`,
  ),
});

const connectionDefaults = (): Record<ConnectionTemplateType, EmailTemplate> => ({
  botConnected: mail(
    'GoldBot: the bot is connected to your MetaTrader 5 account',
    'Your bot is connected',
    `<p>Hi {{username}},</p><p>Our team has connected the bot to your MetaTrader 5 account for your <strong>{{packageName}}</strong>, on {{connectedAt}}.</p>
${factTable(
  factRow('Broker', strong('{{broker}}')),
  factRow('Server', strong('{{server}}')),
  factRow('Account number', strong('{{accountNumber}}')),
)}
<p>The connection is read-only: we never asked for, and never need, your MetaTrader password. If you change your account, update it in your dashboard and we will connect the bot again.</p>
${button('Open your dashboard')}
<p style="font-size:13px;color:#8a93a6">If this is not your account, reply to this email at once.</p>`,
  ),
});

const newWorkDefaults = (): Record<NewWorkTemplateType, EmailTemplate> => ({
  adminNewWork: mail(
    'GoldBot admin: {{newSummary}}',
    '{{workTitle}}',
    `<p>Hello,</p><p><strong>{{newSummary}}</strong> since {{since}}:</p>
<div style="margin:16px 0;padding:12px 16px;border-left:3px solid #d4af37;background:#0b1220;white-space:pre-line;font-size:14px;line-height:1.6">{{newItems}}</div>
{{#if waitingSummary}}<p>{{waitingSummary}}</p>{{/if}}
${button('Open the back-office', '{{reviewLink}}')}
<p style="font-size:13px;color:#8a93a6">You get at most one mail of this kind every ${NEW_WORK_MAIL.minIntervalMinutes} minutes, with what arrived since the last one. Each kind can be turned off in <a href="{{settingsLink}}" style="color:#d4af37">Subscription Settings</a>.</p>`,
  ),
});

const refundDetails = () =>
  factTable(
    factRow('Package', strong('{{packageName}}')),
    factRow('Amount', strong('{{amount}} USDT')),
    factRow('To wallet', `${strong('{{trc20Address}}')} ({{network}})`),
  );

const refundDefaults = (): Record<RefundTemplateType, EmailTemplate> => ({
  refundApproved: mail(
    'GoldBot: your refund of {{amount}} USDT has been sent',
    'Refund sent',
    `<p>Hi {{username}},</p><p>Your refund request has been approved and the USDT has been sent to your wallet. The {{packageName}} it refunds has ended.</p>
${refundDetails()}
<p style="margin:16px 0 4px;color:#8a93a6">Payout transaction</p>
<p style="margin:0;word-break:break-all"><a href="{{payoutLink}}" style="color:#d4af37">{{payoutTxid}}</a></p>
${noteFromTeam('note')}
<p>The transfer appears in your wallet once it is confirmed on the ${WITHDRAWAL.network} network.</p>
${button('Open your dashboard')}`,
  ),
  refundRefused: mail(
    'GoldBot: your refund request for the {{packageName}} was not approved',
    'Refund not approved',
    `<p>Hi {{username}},</p><p>We have reviewed your refund request and could not approve it. Your {{packageName}} continues as before.</p>
<p style="margin:16px 0 4px;color:#8a93a6">Why:</p>
${quotedNote('{{reason}}')}
${refundDetails()}
<p>If you have questions, reply to this email and our team will get back to you.</p>
${button('Open your dashboard')}`,
  ),
});

const watcherDefaults = (): Record<WatcherTemplateType, EmailTemplate> => ({
  unmatchedTransfer: mail(
    'GoldBot admin: {{amount}} USDT arrived that fits no payment order',
    'A transfer fits no order',
    `<p>Hello,</p><p>The wallet watcher recorded a USDT transfer to a payment wallet that it could not match to any order: {{reason}}.</p>
${factTable(
  factRow('Amount', strong('{{amount}} USDT')),
  factRow('From', '{{from}}'),
  factRow('To wallet', '{{wallet}}'),
  factRow('Confirmed', '{{confirmedAt}}'),
  factRow('Transaction', '{{txid}}'),
  factRow('Orders that came close', '{{closeOrders}}'),
)}
<p>Give it to the customer it belongs to, or mark it refunded or ignored, in Unmatched transfers.</p>
${button('Review unmatched transfers', '{{transfersLink}}')}`,
  ),
  amountPoolLow: mail(
    'GoldBot admin: the {{price}} USDT price is running out of payment amounts',
    'Payment amounts running low',
    `<p>Hello,</p><p>Only <strong>{{freeAmounts}} of {{totalAmounts}}</strong> exact amounts of the <strong>{{price}} USDT</strong> price were free at {{seenAt}}. Each open payment order holds one; when none is free, customers are asked to try again later.</p>
<p>If this is not a rush of real customers, look for accounts opening orders they never pay.</p>
${button('Review payments', '{{paymentsLink}}')}`,
  ),
});

const defaultTemplates = (): Record<EmailTemplateType, EmailTemplate> => ({
  ...editableDefaults(),
  ...withdrawalDefaults(),
  ...reminderDefaults(),
  ...walletDefaults(),
  ...connectionDefaults(),
  ...newWorkDefaults(),
  // Built in (not in the editor): the first-run checklist's test of the mail path to an administrator.
  adminTestMail: mail(
    'GoldBot admin: test mail',
    'Test mail',
    `<p>Hello,</p><p>This is the test mail you asked for in the GoldBot back-office on {{sentAt}}. Mail from the product reaches you, so the notices of new work sent to every administrator will too.</p>
${button('Open the back-office', '{{adminLink}}')}`,
  ),
  ...refundDefaults(),
  ...watcherDefaults(),
  otpVerification: mail(
    'Your GoldBot verification code',
    'Verify your email',
    `<p>Hello,</p><p>Your verification code is:</p>
${codeLine}
<p>It expires in {{expiresInMinutes}} minutes. If you did not create an account, ignore this email.</p>`,
  ),
  passwordResetOtp: mail(
    'Your GoldBot password reset code',
    'Reset your password',
    `<p>Hi {{username}},</p><p>Use this code to reset your password:</p>
${codeLine}
<p>It expires in {{expiresInMinutes}} minutes. If you did not ask for a reset, you can ignore this email; your password stays the same.</p>`,
  ),
  // Sent to an address nobody has proven yet: no username in it (docs/security.md, "Account enumeration").
  emailChangeOtp: mail(
    'Confirm your new GoldBot email',
    'Confirm your new email',
    `<p>Hello,</p><p>Someone asked to use this address for their GoldBot account. To confirm, enter this code:</p>
${codeLine}
<p>It expires in {{expiresInMinutes}} minutes. If this was not you, ignore this email: nothing changes without the code.</p>`,
  ),
  emailChanged: mail(
    'Your GoldBot email was changed',
    'Your email was changed',
    `<p>Hi {{username}},</p><p>The email address of your GoldBot account was changed to <strong>{{newEmail}}</strong>, and every session was signed out.</p>
<p>If you did not do this, contact support at once by replying to this email.</p>`,
  ),
});

/**
 * Every type's built-in default. Built by one call marked free of side effects, so a bundle that
 * uses only this module's types and value helpers (a read-only route) leaves the defaults' HTML
 * out: esbuild keeps any other top-level call, used or not (lean bundles, docs/performance.md).
 */
export const DEFAULT_EMAIL_TEMPLATES: Record<EmailTemplateType, EmailTemplate> = /* @__PURE__ */ defaultTemplates();

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/**
 * How the use cases send a mail: a template (an admin's edit or the default) and its placeholder
 * values. Rendering (handlebars, render.ts) and SES live behind it (wiring/template-mail.ts), so
 * only the functions that send mail bundle them; the rest import this module's data alone.
 */
export interface TemplateMailer {
  /**
   * With `effect`, the mail an effect promised after it was committed: a failed send is kept in
   * the outbox and retried (mail-outbox.ts), and the call resolves; it throws only when the mail
   * could be neither sent nor kept. Without it, a failure is the caller's.
   */
  send(
    to: string,
    template: EmailTemplate,
    values: Record<string, string | number>,
    effect?: MailEffect,
  ): Promise<void>;
}

/** The effect a mail belongs to: its template type and the entity the effect changed. */
export interface MailEffect {
  type: EmailTemplateType;
  entityId: string;
}

/**
 * The editable template a package's payment mails use: Basic, Pro and Ultimate have their own;
 * anything else (a package added later) falls back to the generic paymentPending/paymentVerified.
 */
export function paymentTemplateType(slug: PackageSlug, stage: 'pending' | 'verified'): EditableTemplateType {
  const perPackage: Partial<Record<PackageSlug, Record<'pending' | 'verified', EditableTemplateType>>> = {
    basic: { pending: 'basicPackagePaymentPending', verified: 'basicPackagePaymentVerified' },
    pro: { pending: 'proPackagePaymentPending', verified: 'proPackagePaymentVerified' },
    ultimate: { pending: 'ultimatePackagePaymentPending', verified: 'ultimatePackagePaymentVerified' },
  };
  return perPackage[slug]?.[stage] ?? (stage === 'pending' ? 'paymentPending' : 'paymentVerified');
}

/** `2026-03-01` → 'Mar 1, 2026' (the dashboard's format); null → 'Lifetime' (an end date that never comes). */
export function formatMailDate(day: string | null): string {
  if (day === null) return 'Lifetime';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const month = match ? MONTH_ABBREVIATIONS[Number(match[2]) - 1] : undefined;
  if (!match || !month) return day;
  return `${month} ${Number(match[3])}, ${match[1]}`;
}

/** 100.37 → '100.37', 50 → '50.00': the exact amount to the cent, as the payment window shows it. */
export const formatMailUsdt = formatUsdtFigure;

/** The placeholder values of the subscription and payment mails, dates formatted for people. */
export function subscriptionMailValues(values: {
  username: string;
  packageName: string;
  startDate: string | null;
  endDate: string | null;
  dashboardLink: string;
  /** The exact USDT amount of the payment's order, for the pending mails. */
  amount?: number;
}): Record<string, string> {
  return {
    username: values.username,
    packageName: values.packageName,
    ...(values.amount === undefined ? {} : { amount: formatMailUsdt(values.amount) }),
    startDate: values.startDate === null ? 'N/A' : formatMailDate(values.startDate),
    // Nothing is dated before approval; after it, no end date means Ultimate's 'Lifetime'.
    endDate: values.startDate === null ? 'N/A' : formatMailDate(values.endDate),
    dashboardLink: values.dashboardLink,
  };
}

/** The placeholder values of the free-trial mail: the subscription's, and the copy-trading link it delivers. */
export function freeTrialMailValues(
  values: Parameters<typeof subscriptionMailValues>[0] & { copyTradingLink: string },
): Record<string, string> {
  return { ...subscriptionMailValues(values), copyTradingLink: values.copyTradingLink };
}

/** `2026-11-23T12:00:00.000Z` → 'Nov 23, 2026' (UTC), the day a person reads in the mail. */
export const formatMailInstant = (iso: string) => formatMailDate(iso.slice(0, 10));

/** A TRON transaction on the block explorer the product links everywhere (Tronscan). */
export const explorerTransactionLink = (txid: string) => `${TRON_EXPLORER_TRANSACTION_URL}${txid}`;

/**
 * The placeholder values of the withdrawal decision mails (a missing note renders nothing); an
 * approval's also carry its payout TXID and that transaction's block-explorer link.
 */
export function withdrawalMailValues(values: {
  username: string;
  amount: number;
  trc20Address: string;
  requestDate: string;
  adminNote: string | null;
  dashboardLink: string;
  payoutTxid?: string | null;
}): Record<string, string> {
  return {
    ...(values.payoutTxid
      ? { payoutTxid: values.payoutTxid, payoutLink: explorerTransactionLink(values.payoutTxid) }
      : {}),
    username: values.username,
    amount: String(values.amount),
    trc20Address: values.trc20Address,
    network: WITHDRAWAL.network,
    requestDate: formatMailInstant(values.requestDate),
    processingHours: WITHDRAWAL.processingHours,
    adminNote: values.adminNote ?? '',
    dashboardLink: values.dashboardLink,
  };
}

/** `2026-11-23T12:05:09.000Z` → 'Nov 23, 2026, 12:05 UTC': when something happened, to the minute. */
export const formatMailDateTime = (iso: string) => `${formatMailInstant(iso)}, ${iso.slice(11, 16)} UTC`;

/** The placeholder values of the notice that a different wallet became the active one. */
export function walletActivatedMailValues(values: {
  currency: string;
  network: string;
  address: string;
  previousAddress: string | null;
  activatedBy: string;
  activatedAt: string;
  walletsLink: string;
}): Record<string, string> {
  return {
    currency: values.currency,
    network: values.network,
    address: values.address,
    previousAddress: values.previousAddress ?? 'none',
    activatedBy: values.activatedBy,
    activatedAt: formatMailDateTime(values.activatedAt),
    walletsLink: values.walletsLink,
  };
}

/** The placeholder values of the notice that the bot is connected (`connectedAt` an ISO instant). */
export function botConnectedMailValues(values: {
  username: string;
  packageName: string;
  broker: string;
  server: string;
  accountNumber: string;
  connectedAt: string;
  dashboardLink: string;
}): Record<string, string> {
  return {
    username: values.username,
    packageName: values.packageName,
    broker: values.broker,
    server: values.server,
    accountNumber: values.accountNumber,
    connectedAt: formatMailInstant(values.connectedAt),
    dashboardLink: values.dashboardLink,
  };
}

/** The placeholder values of the expiry reminder (`endDate` is the package's last day, `YYYY-MM-DD`). */
export function expiryReminderMailValues(values: {
  username: string;
  packageName: string;
  endDate: string;
  daysLeft: number;
  dashboardLink: string;
  /** The exact USDT amount of the payment's order, for the pending mails. */
  amount?: number;
}): Record<string, string> {
  return {
    username: values.username,
    packageName: values.packageName,
    ...(values.amount === undefined ? {} : { amount: formatMailUsdt(values.amount) }),
    endDate: formatMailDate(values.endDate),
    daysLeft: String(values.daysLeft),
    dashboardLink: values.dashboardLink,
  };
}

/** A count with its noun: '1 payment', '3 payments'. */
const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** How the new-work mail words each kind: what is new, and how many wait in all. */
const NEW_WORK_WORDS: Record<WorkKind, { news: (count: number) => string; waiting: (count: number) => string }> = {
  pendingPayments: {
    news: (n) => `${counted(n, 'new payment', 'new payments')} to review`,
    waiting: (n) => `${counted(n, 'payment waits', 'payments wait')} for a decision in all.`,
  },
  pendingWithdrawals: {
    news: (n) => counted(n, 'new withdrawal request', 'new withdrawal requests'),
    waiting: (n) => `${counted(n, 'withdrawal request waits', 'withdrawal requests wait')} for a decision in all.`,
  },
  refundRequests: {
    news: (n) => counted(n, 'new refund request', 'new refund requests'),
    waiting: (n) => `${counted(n, 'refund request waits', 'refund requests wait')} for a decision in all.`,
  },
  unreadMessages: {
    news: (n) => counted(n, 'new contact message', 'new contact messages'),
    waiting: (n) => `${counted(n, 'message is', 'messages are')} unread in all.`,
  },
  unmatchedTransfers: {
    news: (n) => counted(n, 'new unmatched transfer', 'new unmatched transfers'),
    waiting: (n) => `${counted(n, 'transfer waits', 'transfers wait')} to be matched to an order in all.`,
  },
};

/** The placeholder values of the new-work mail of one kind. */
export function newWorkMailValues(values: {
  kind: WorkKind;
  /** The start of the reported window (ISO). */
  since: string;
  arrivals: { items: readonly { at: string; who: string; what: string }[]; total: number };
  /** How many wait in all; null where the server keeps no count of the kind. */
  waiting: number | null;
  reviewLink: string;
  settingsLink: string;
}): Record<string, string> {
  const { kind, arrivals } = values;
  const lines = arrivals.items.map((item) => `• ${formatMailDateTime(item.at)} · ${item.who} · ${item.what}`);
  const more = arrivals.total - arrivals.items.length;
  if (more > 0) lines.push(`… and ${more} more`);
  return {
    workTitle: WORK_KIND_LABELS[kind],
    newSummary: NEW_WORK_WORDS[kind].news(arrivals.total),
    newCount: String(arrivals.total),
    since: formatMailDateTime(values.since),
    newItems: lines.join('\n'),
    waitingSummary: values.waiting === null ? '' : NEW_WORK_WORDS[kind].waiting(values.waiting),
    reviewLink: values.reviewLink,
    settingsLink: values.settingsLink,
  };
}

/** The placeholder values of the administrator's test mail. */
export const adminTestMailValues = (values: { sentAt: string; adminLink: string }): Record<string, string> => ({
  sentAt: formatMailDateTime(values.sentAt),
  adminLink: values.adminLink,
});

/** The placeholder values of the refund decision mails (refundApproved or refundRefused). */
export function refundMailValues(
  values: {
    username: string;
    packageName: string;
    amountPaid: number;
    trc20Address: string;
    dashboardLink: string;
  } & ({ decision: 'approved'; payoutTxid: string; note: string | null } | { decision: 'refused'; reason: string }),
): Record<string, string> {
  const common = {
    username: values.username,
    packageName: values.packageName,
    amount: formatMailUsdt(values.amountPaid),
    trc20Address: values.trc20Address,
    network: WITHDRAWAL.network,
    dashboardLink: values.dashboardLink,
  };
  return values.decision === 'approved'
    ? {
        ...common,
        payoutTxid: values.payoutTxid,
        payoutLink: `${TRON_EXPLORER_TRANSACTION_URL}${values.payoutTxid}`,
        note: values.note ?? '',
      }
    : { ...common, reason: values.reason };
}

/** The placeholder values of the administrators' notice of an unmatched transfer. */
export function unmatchedTransferMailValues(values: {
  amount: string;
  txid: string;
  from: string;
  wallet: string;
  confirmedAt: string;
  reason: string;
  closeOrders: number;
  transfersLink: string;
}): Record<string, string> {
  return {
    amount: values.amount,
    txid: values.txid,
    from: values.from,
    wallet: values.wallet,
    confirmedAt: formatMailDateTime(values.confirmedAt),
    reason: values.reason,
    closeOrders: values.closeOrders === 0 ? 'none' : String(values.closeOrders),
    transfersLink: values.transfersLink,
  };
}

/** The placeholder values of the administrators' notice that a price runs low on amounts. */
export function amountPoolLowMailValues(values: {
  priceCents: number;
  freeAmounts: number;
  totalAmounts: number;
  seenAt: string;
  paymentsLink: string;
}): Record<string, string> {
  return {
    price: formatMailUsdt(centsToUsd(values.priceCents)),
    freeAmounts: String(values.freeAmounts),
    totalAmounts: String(values.totalAmounts),
    seenAt: formatMailDateTime(values.seenAt),
    paymentsLink: values.paymentsLink,
  };
}
