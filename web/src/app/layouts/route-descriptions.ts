import { CONTACT, REFUND_GUARANTEE_DAYS } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { APP_NAME } from '@/config/brand';

/**
 * The meta description of every route. Titles are set by each page (useDocumentTitle); the
 * description comes from the path, so every page gets one, whoever owns it, and a path without an
 * entry falls back to the site's own description (the one index.html ships).
 */
export const DEFAULT_DESCRIPTION = `${APP_NAME}: an AI-driven XAUUSD trading bot for MetaTrader 5, with a read-only connection so your funds stay in your own account.`;

const ADMIN_DESCRIPTION = `${APP_NAME} administration: payments, subscriptions, withdrawals and support messages.`;

export const ROUTE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  [paths.home.path]:
    `${APP_NAME} trades gold (XAUUSD) for you around the clock on your own MetaTrader 5 account: 92% win ratio, up to 20% average monthly ROI and a ${REFUND_GUARANTEE_DAYS}-day money-back guarantee.`,
  [paths.about.path]:
    `Who builds ${APP_NAME}, how the AI trading bot works on your MetaTrader 5 account, and the principles behind it: transparency, risk control and your funds in your own hands.`,
  [paths.pricing.path]:
    `Compare the ${APP_NAME} plans: Free Copy Trade, Basic, Pro and Ultimate. Prices, ROI targets, minimum deposits and a ${REFUND_GUARANTEE_DAYS}-day money-back guarantee.`,
  [paths.contact.path]:
    `Contact ${APP_NAME} support by e-mail, live chat or community chat. We answer every message ${CONTACT.responseTime}.`,
  [paths.faq.path]:
    `Answers about ${APP_NAME}: how the XAUUSD trading bot works, the pricing plans, payments in USDT, refunds and our terms.`,
  [paths.privacyPolicy.path]:
    `How ${APP_NAME} collects, uses, stores and protects your personal data, and the rights you have over it.`,
  [paths.terms.path]:
    `The terms that govern ${APP_NAME} accounts, packages, payments, refunds, the referral programme and the risks of trading.`,
  [paths.blog.path]:
    `Articles from the ${APP_NAME} team about automated gold trading, risk management and MetaTrader 5 are coming soon.`,
  [paths.login.path]: `Sign in to your ${APP_NAME} account to manage your packages, referrals and withdrawals.`,
  [paths.register.path]: `Create your ${APP_NAME} account and start automated XAUUSD trading on MetaTrader 5.`,
  [paths.registerOtp.path]: `Verify your e-mail address to finish creating your ${APP_NAME} account.`,
  [paths.forgot.path]: `Forgot your ${APP_NAME} password? Request a one-time code to reset it.`,
  [paths.forgotOtp.path]: `Enter the one-time code we e-mailed you to reset your ${APP_NAME} password.`,
  [paths.reset.path]: `Choose a new password for your ${APP_NAME} account.`,
  [paths.dashboard.path]:
    `Your ${APP_NAME} dashboard: packages, subscription status, referral earnings and withdrawals.`,
  [paths.adminLogin.path]: ADMIN_DESCRIPTION,
};

export function describeRoute(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const known = ROUTE_DESCRIPTIONS[path];
  if (known) return known;
  if (path === paths.admin.root.path || path.startsWith(`${paths.admin.root.path}/`)) return ADMIN_DESCRIPTION;
  return DEFAULT_DESCRIPTION;
}
