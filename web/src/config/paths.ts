/**
 * Every client-side route of both specs, with the title its page shows.
 * The router, links and tests read paths from here, so a path is spelled once.
 */

interface AppPath<P extends string = string> {
  readonly path: P;
  readonly title: string;
  readonly getHref: () => P;
}

const appPath = <const P extends string>(path: P, title: string): AppPath<P> => ({
  path,
  title,
  getHref: () => path,
});

/** An admin sub-route: `segment` is its path relative to /admin (the router nests it there). */
const adminPath = <const S extends string>(segment: S, title: string) => ({
  ...appPath(`/admin/${segment}`, title),
  segment,
});

export const paths = {
  home: appPath('/', 'Home'),
  about: appPath('/about', 'About Us'),
  pricing: appPath('/pricing', 'Pricing'),
  contact: appPath('/contact', 'Contact Us'),
  faq: appPath('/faq', 'Frequently Asked Questions'),
  privacyPolicy: appPath('/privacy-policy', 'Privacy Policy'),
  terms: appPath('/terms', 'Terms of Service'),
  blog: appPath('/blog', 'Blog'),

  login: appPath('/login', 'Sign In'),
  register: appPath('/register', 'Create Your Account'),
  registerOtp: appPath('/register-otp', 'Verify Your Email'),
  forgot: appPath('/forgot', 'Forgot Password'),
  forgotOtp: appPath('/forgot-otp', 'Enter Your Reset Code'),
  reset: appPath('/reset', 'Reset Password'),
  /** Return address of the Cognito hosted UI (Google sign-in). */
  authCallback: appPath('/auth/callback', 'Signing You In'),

  dashboard: appPath('/dashboard', 'Dashboard'),
  /** A completed payment's receipt (Billing History's 'Receipt'). */
  receipt: {
    path: '/dashboard/receipts/:paymentId',
    title: 'Receipt',
    getHref: (paymentId: string) => `/dashboard/receipts/${encodeURIComponent(paymentId)}`,
  },

  adminLogin: appPath('/admin-login', 'Admin Sign In'),
  admin: {
    /** Index route: redirects to the admin dashboard. */
    root: appPath('/admin', 'Admin'),
    dashboard: adminPath('dashboard', 'Dashboard'),
    users: adminPath('users', 'Users'),
    payments: adminPath('payments', 'Package Management'),
    /** Beyond the spec: transfers to the payment wallets that fit no order. */
    unmatchedTransfers: adminPath('unmatched-transfers', 'Unmatched Transfers'),
    withdrawals: adminPath('withdrawals', 'Withdrawals'),
    /** Beyond the spec: the money-back guarantee's refund requests. */
    refunds: adminPath('refunds', 'Refunds'),
    subscriptionHistory: adminPath('subscription-history', 'Subscription History'),
    activations: adminPath('activations', 'Subscription Activations'),
    wallets: adminPath('wallets', 'Payment Wallets'),
    contactDetail: adminPath('contact-detail', 'Messages'),
    emailTemplates: adminPath('email-templates', 'Email Templates'),
    subscriptionSettings: adminPath('subscription-settings', 'Subscription Settings'),
    adminSetting: adminPath('admin-setting', 'Account Settings'),
    /** Beyond the spec: every admin action that changed something. */
    auditLog: adminPath('audit-log', 'Audit Log'),
  },
} as const;

export type AdminPath = (typeof paths.admin)[Exclude<keyof typeof paths.admin, 'root'>];

/**
 * The admin sidebar, in the order the back-office shows them (the unmatched transfers next to the
 * payments they may become), then the audit log.
 */
export const ADMIN_NAVIGATION: readonly AdminPath[] = [
  paths.admin.dashboard,
  paths.admin.users,
  paths.admin.payments,
  paths.admin.unmatchedTransfers,
  paths.admin.withdrawals,
  paths.admin.refunds,
  paths.admin.subscriptionHistory,
  paths.admin.activations,
  paths.admin.wallets,
  paths.admin.contactDetail,
  paths.admin.emailTemplates,
  paths.admin.subscriptionSettings,
  paths.admin.adminSetting,
  paths.admin.auditLog,
];
