/**
 * The one route table (docs/decisions.md, "One route table"). It drives the CDK (one function + route per entry), the
 * local gateway, the authorization test matrix, the sample events and the web API client.
 * Paths are the spec's, verbatim, so the spec's tables are the API contract.
 */

export type AuthLevel = 'public' | 'user' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDefinition {
  /** Kebab-case id: the handler file is functions/src/handlers/<id>.ts, the sample event events/<id>.json. */
  readonly id: string;
  readonly method: HttpMethod;
  /** API Gateway path syntax: `{param}` for path parameters. */
  readonly path: string;
  readonly auth: AuthLevel;
  /** False until the issue that builds it lands; unimplemented routes are neither deployed nor mounted. */
  readonly implemented: boolean;
  readonly summary: string;
}

const route = <const I extends string, const A extends AuthLevel>(
  id: I,
  method: HttpMethod,
  path: string,
  auth: A,
  summary: string,
  implemented = false,
) => ({ id, method, path, auth, implemented, summary }) as const;

export const ROUTES = [
  // Platform
  route('health', 'GET', '/api/health', 'public', 'Liveness probe', true),
  route('packages-list', 'GET', '/api/packages', 'public', 'Public package catalog (prices are data)', true),

  // Auth; google-auth is replaced by the Cognito hosted UI (docs/security.md)
  route('auth-register', 'POST', '/api/auth/Register', 'public', 'Register; mails a one-time code', true),
  route('auth-verify-otp', 'POST', '/api/auth/verifyOtp', 'public', 'Confirm registration and sign in', true),
  route('auth-resend-otp', 'POST', '/api/auth/resendOtp', 'public', 'Mail a new registration code', true),
  route('auth-login', 'POST', '/api/auth/login', 'public', 'Sign in with e-mail and password', true),
  route('auth-refresh', 'POST', '/api/auth/refresh', 'public', 'Exchange a refresh token for new tokens', true),
  route('auth-request-password-reset', 'POST', '/api/auth/request-password-reset', 'public', 'Mail a reset code', true),
  route('auth-verify-reset-otp', 'POST', '/api/auth/verify-reset-otp', 'public', 'Check a reset code', true),
  route(
    'auth-reset-password',
    'POST',
    '/api/auth/reset-password',
    'public',
    'Set a new password with a reset code',
    true,
  ),
  route('auth-me', 'GET', '/api/auth/me', 'user', 'The signed-in user', true),
  route('auth-get-user-data', 'GET', '/api/auth/getuserdata/{userId}', 'user', 'A user profile (self or admin)', true),
  route('auth-update-user', 'PUT', '/api/auth/updateUser/{id}', 'user', 'Update own profile or password', true),
  // Additions to the spec (docs/security.md): server-side sign-out and the proven e-mail change.
  route('auth-logout', 'POST', '/api/auth/logout', 'user', 'End this session: revoke its refresh token', true),
  route(
    'auth-logout-all',
    'POST',
    '/api/auth/logout-all',
    'user',
    "End every session of the caller (the Account tab's 'Sign out of all devices')",
    true,
  ),
  // Admin two-factor sign-in (docs/security.md, "Administrators sign in with TOTP"): the TOTP step after the password, and its set-up.
  route('auth-mfa-verify', 'POST', '/api/auth/mfa/verify', 'public', 'Finish a sign-in with a TOTP code', true),
  route('auth-mfa-setup', 'POST', '/api/auth/mfa/setup', 'public', 'Turn on TOTP with a first code', true),
  route(
    'auth-confirm-email-change',
    'POST',
    '/api/auth/confirm-email-change',
    'user',
    'Confirm a new e-mail address with the code sent to it',
    true,
  ),

  // Contact
  route('contact-add', 'POST', '/api/contact/add', 'public', 'Send a contact message', true),
  route('contact-list', 'GET', '/api/contact/get', 'admin', 'Contact messages, newest first', true),
  route('contact-delete', 'DELETE', '/api/contact/del/{id}', 'admin', 'Delete a contact message', true),
  // Additions to the spec: the read state is kept on the server (docs/decisions.md, "Where the product differs from the spec").
  route('contact-mark-read', 'POST', '/api/contact/mark-read/{id}', 'admin', 'Mark a contact message read', true),
  route(
    'contact-mark-all-read',
    'POST',
    '/api/contact/mark-all-read',
    'admin',
    'Mark every unread contact message read',
    true,
  ),

  // Payments and subscriptions, customer side
  route(
    'payment-package-status',
    'GET',
    '/api/payment/package-status',
    'user',
    'Active Basic and Basic availability',
    true,
  ),
  route('payment-wallet-details', 'GET', '/api/payment/wallet-details', 'user', 'The active USDT wallet', true),
  route('payment-verify-referral', 'POST', '/api/payment/verify-referral', 'user', 'Check a referral code', true),
  // An addition to the spec: the payment window's order, whose exact amount makes a transfer the buyer's.
  route('payment-order', 'POST', '/api/payment/order', 'user', 'Open the payment order of a package', true),
  route('payment-submit-usdt', 'POST', '/api/payment/submit-usdt-payment', 'user', 'Submit a TXID for a package', true),
  // An addition to the spec: the payment window polls its order until the chain's transfer is found.
  route(
    'payment-order-state',
    'GET',
    '/api/payment/order/{orderId}',
    'user',
    "The caller's payment order and whether its payment was found",
    true,
  ),
  route(
    'payment-active-subscription',
    'GET',
    '/api/payment/active-subscription',
    'user',
    "The caller's current subscription",
    true,
  ),
  route('payment-subscriptions', 'GET', '/api/payment/subscriptions', 'user', "The caller's subscriptions", true),
  // An addition to the spec: the receipt of a completed payment (its owner or an admin; 404 to anyone else).
  route('payment-receipt', 'GET', '/api/payment/receipt/{id}', 'user', 'The receipt of a completed payment', true),
  // An addition to the spec: the 7-day money-back guarantee, asked for from Billing History.
  route(
    'payment-refund-request',
    'POST',
    '/api/payment/refund-request',
    'user',
    'Ask for a refund of a completed payment',
    true,
  ),
  route(
    'payment-create-free-trial',
    'POST',
    '/api/payment/create-free-trial',
    'user',
    'Activate the 30-day free trial',
    true,
  ),
  route(
    'settings-public-subscription',
    'GET',
    '/api/settings/public/subscription-settings',
    'user',
    'Is Basic on sale',
    true,
  ),

  // The customer's MetaTrader 5 account (additions): the bot runs on it once the team connects it.
  route('account-mt5-get', 'GET', '/api/account/mt5', 'user', "The caller's MetaTrader 5 account and connection", true),
  route('account-mt5-put', 'PUT', '/api/account/mt5', 'user', "Save the caller's MetaTrader 5 account", true),

  // Withdrawals, customer side
  route('withdrawal-user', 'GET', '/api/withdrawal/user', 'user', "The caller's withdrawals", true),
  route(
    'withdrawal-request',
    'POST',
    '/api/withdrawal/request',
    'user',
    'Request a referral-earnings withdrawal',
    true,
  ),

  // Admin back-office
  route('admin-user-stats', 'GET', '/api/admin/user-stats', 'admin', 'User counts', true),
  route('admin-payment-stats', 'GET', '/api/admin/payment-stats', 'admin', 'Revenue aggregates', true),
  route('admin-users', 'GET', '/api/admin/users', 'admin', 'Users, searchable', true),
  route('admin-user-deactivate', 'PUT', '/api/admin/user/{id}/deactivate', 'admin', 'Deactivate a user', true),
  route('admin-user-activate', 'PUT', '/api/admin/user/{id}/activate', 'admin', 'Activate a user', true),
  route(
    'admin-user-subscriptions',
    'GET',
    '/api/admin/user/{id}/subscriptions',
    'admin',
    "A user's subscriptions",
    true,
  ),
  // An addition: support grants, extends or ends a user's paid package without a payment (audited).
  route(
    'admin-user-subscription-change',
    'POST',
    '/api/admin/user/{id}/subscription',
    'admin',
    "Grant, extend or end a user's package for support",
    true,
  ),
  route(
    'admin-activations',
    'GET',
    '/api/admin/activations',
    'admin',
    'Basic subscriptions starting today, not yet notified',
    true,
  ),
  // Additions: the customers' MetaTrader 5 accounts the team connects the bot to (Activations screen).
  route(
    'admin-bot-connections',
    'GET',
    '/api/admin/activations/connections',
    'admin',
    'Bot connections waiting for the team, or done',
    true,
  ),
  route(
    'admin-bot-connected',
    'POST',
    '/api/admin/activations/{subscriptionId}/connected',
    'admin',
    "Mark a subscription's bot connected and mail the customer",
    true,
  ),
  route('admin-packages-update', 'PUT', '/api/admin/packages/{packageId}', 'admin', 'Edit the package catalog', true),
  route('payment-pending-usdt', 'GET', '/api/payment/pending-usdt-payments', 'admin', 'Pending USDT payments', true),
  route('payment-all', 'GET', '/api/payment/all-payments', 'admin', 'All payments', true),
  route('payment-approve-usdt', 'POST', '/api/payment/approve-usdt-payment/{id}', 'admin', 'Approve a payment', true),
  route('payment-reject-usdt', 'POST', '/api/payment/reject-usdt-payment/{id}', 'admin', 'Reject a payment', true),
  // Ask the TRON network about a payment's TXID now (the admin's 'Check on chain').
  route(
    'payment-chain-check',
    'POST',
    '/api/payment/chain-check/{id}',
    'admin',
    'Check a payment TXID on the TRON network',
    true,
  ),
  // Additions to the spec: the transfers the wallet watcher could bind to no order, and their decisions.
  route(
    'admin-unmatched-transfers',
    'GET',
    '/api/admin/unmatched-transfers',
    'admin',
    'Transfers to the payment wallets that fit no order, newest first',
    true,
  ),
  route(
    'admin-unmatched-transfer-assign',
    'POST',
    '/api/admin/unmatched-transfers/{txid}/assign',
    'admin',
    "Give an unmatched transfer to a customer's package (a pending payment)",
    true,
  ),
  route(
    'admin-unmatched-transfer-resolve',
    'POST',
    '/api/admin/unmatched-transfers/{txid}/resolve',
    'admin',
    'Close an unmatched transfer as refunded or ignored',
    true,
  ),
  route('payment-wallets', 'GET', '/api/payment/wallets', 'admin', 'Payment wallets', true),
  route('payment-wallet-save', 'POST', '/api/payment/wallet', 'admin', 'Add or update a wallet', true),
  route(
    'payment-send-basic-notifications',
    'POST',
    '/api/payment/send-basic-package-notifications',
    'admin',
    'Send activation e-mails',
    true,
  ),
  route(
    'payment-subscription-history',
    'GET',
    '/api/payment/subscription-history',
    'admin',
    'Subscription history with summary',
    true,
  ),
  route('withdrawal-all', 'GET', '/api/withdrawal/all', 'admin', 'All withdrawals, by status', true),
  route('withdrawal-approve', 'PUT', '/api/withdrawal/approve/{id}', 'admin', 'Approve a withdrawal', true),
  route('withdrawal-reject', 'PUT', '/api/withdrawal/reject/{id}', 'admin', 'Reject a withdrawal', true),
  // An addition: the admin's 'Check on chain' of an approved withdrawal's payout TXID.
  route(
    'withdrawal-payout-check',
    'POST',
    '/api/withdrawal/payout-check/{id}',
    'admin',
    "Check a withdrawal's payout TXID on the TRON network",
    true,
  ),
  route('settings-email-templates-get', 'GET', '/api/settings/email-templates', 'admin', 'E-mail templates', true),
  route('settings-email-templates-put', 'PUT', '/api/settings/email-templates', 'admin', 'Save e-mail templates', true),
  route(
    'settings-force-update-templates',
    'POST',
    '/api/settings/force-update-templates',
    'admin',
    'Restore default templates',
    true,
  ),
  // Addition to the spec: the template editor's live preview, rendered by the mail's own code on
  // the server (the site's Content-Security-Policy forbids compiling templates in the browser).
  route(
    'settings-email-templates-preview',
    'POST',
    '/api/settings/email-templates/preview',
    'admin',
    'Render a template draft with sample values',
    true,
  ),
  // Additions to the spec: refunds, listed by status, decided once (approve with the payout's TXID,
  // or refuse with a reason), and made by an admin for any completed payment.
  route('admin-refunds', 'GET', '/api/admin/refunds', 'admin', 'Refund requests by status, newest first', true),
  route('admin-refund-create', 'POST', '/api/admin/refunds', 'admin', 'Open a refund of any completed payment', true),
  route(
    'admin-refund-approve',
    'POST',
    '/api/admin/refunds/{id}/approve',
    'admin',
    'Approve a refund with its payout TXID',
    true,
  ),
  route(
    'admin-refund-refuse',
    'POST',
    '/api/admin/refunds/{id}/refuse',
    'admin',
    'Refuse a refund with a reason',
    true,
  ),
  // Additions to the spec: the audit trail of admin actions and CSV exports of the lists.
  route('admin-audit-log', 'GET', '/api/admin/audit-log', 'admin', 'Audit log of admin actions, newest first', true),
  route('admin-export', 'GET', '/api/admin/export/{dataset}', 'admin', 'Download a list as CSV', true),
  // Additions to the spec: what waits for the administrators (the navigation's counts), the
  // dashboard's first-run checklist, and a test mail to the signed-in administrator.
  route('admin-work-counts', 'GET', '/api/admin/work-counts', 'admin', 'How many of each kind of work wait', true),
  route(
    'admin-setup-checklist',
    'GET',
    '/api/admin/setup-checklist',
    'admin',
    "The back-office's first-run checklist",
    true,
  ),
  route('admin-test-mail', 'POST', '/api/admin/test-mail', 'admin', 'Mail a test to the signed-in administrator', true),
  // Additions to the spec: the mails that still failed after their automatic retries, sent again by an admin.
  route(
    'admin-failed-mails',
    'GET',
    '/api/admin/failed-mails',
    'admin',
    'Mails that failed after their retries, newest first',
    true,
  ),
  route(
    'admin-failed-mail-resend',
    'POST',
    '/api/admin/failed-mails/{id}/resend',
    'admin',
    'Send a failed mail again',
    true,
  ),
  route(
    'settings-subscription-get',
    'GET',
    '/api/settings/subscription-settings',
    'admin',
    'Subscription settings',
    true,
  ),
  route(
    'settings-subscription-put',
    'PUT',
    '/api/settings/subscription-settings',
    'admin',
    'Save subscription settings',
    true,
  ),
] as const satisfies readonly RouteDefinition[];

export type RouteId = (typeof ROUTES)[number]['id'];
/** The auth level of a route id, as a literal type (lets handlers know the caller is present). */
export type RouteAuth<R extends RouteId> = Extract<(typeof ROUTES)[number], { id: R }>['auth'];

const byId = new Map<string, RouteDefinition>(ROUTES.map((r) => [r.id, r]));

export function getRoute(id: RouteId): RouteDefinition {
  const found = byId.get(id);
  if (!found) throw new Error(`Unknown route id: ${id}`);
  return found;
}

export const implementedRoutes = (): RouteDefinition[] => ROUTES.filter((r) => r.implemented);

/** Path parameter names, in order: `/api/admin/user/{id}/activate` -> ['id']. */
export const pathParams = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');

/** Fills `{param}` placeholders; used by the web API client and the tests. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
}
