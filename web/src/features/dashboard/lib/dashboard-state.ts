import type { Notice } from '../components/in-page-notification';

/** The dashboard's tabs, in sidebar order; `?tab=` names the open one. */
export const DASHBOARD_TABS = [
  { id: 'packages', label: 'Packages' },
  { id: 'referral', label: 'Referral Program' },
  { id: 'billing', label: 'Billing History' },
  { id: 'account', label: 'Account' },
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number]['id'];
export const DEFAULT_TAB: DashboardTab = 'packages';
export const TAB_PARAM = 'tab';

export const parseTab = (value: string | null): DashboardTab =>
  DASHBOARD_TABS.find((tab) => tab.id === value)?.id ?? DEFAULT_TAB;

export const DASHBOARD_NOTICES = {
  paymentSucceeded: 'Payment successful! Your subscription has been activated.',
  paymentNotCompleted: 'Payment was not completed.',
  basicWelcome: 'Welcome to your Basic Package! Your subscription is now active.',
} as const;

/** The query parameters the dashboard reads on arrival, removed once read. */
export const NOTICE_PARAMS = ['success', 'subscription'] as const;

/** success=true, success=false, or subscription (welcome to the Basic Package). */
export function noticeFromSearch(params: URLSearchParams): Notice | null {
  const success = params.get('success');
  if (success === 'true') return { message: DASHBOARD_NOTICES.paymentSucceeded, variant: 'success' };
  if (success === 'false') return { message: DASHBOARD_NOTICES.paymentNotCompleted, variant: 'error' };
  if (params.has('subscription')) return { message: DASHBOARD_NOTICES.basicWelcome, variant: 'success' };
  return null;
}
