import { ADMIN_SIGN_IN_REQUIRED_MESSAGE, type RouteId } from '@goldbot/shared';
import { DEFAULT_EMAIL_TEMPLATES } from '../src/domain/email/templates.js';

/**
 * Who may call what (docs/decisions.md, "One route table"; docs/security.md, "Route auth levels and ownership"). Written out by hand, route by route, on purpose: it is
 * the independent statement the route table's `auth` levels are checked against, so it must not
 * be derived from the table. The integration suite sends each row's request over real HTTP as
 * every caller; the unit suite runs it in-process against the handlers with a mocked table.
 *
 * 'allowed' means the request got past authentication and authorization: any status other than
 * 401 or 403 (a 404 for a made-up id is allowed; the guard let the caller through).
 */
export type Expectation = 'allowed' | 401 | 403;

export interface AuthorizationRow {
  anonymous: Expectation;
  user: Expectation;
  admin: Expectation;
  /**
   * For routes about one user's own data: a signed-in user who is not the owner. With SELF in the
   * path, this caller sends the `user` caller's id (someone else's account).
   */
  otherUser?: Expectation;
  /**
   * A request that is valid apart from who sends it (so 'allowed' cannot be a 400 in disguise).
   * A path parameter may be SELF: see resolvePathParams.
   */
  request: {
    pathParams?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
  };
  /**
   * For routes whose well-formed request cannot carry a valid secret (a one-time code, a
   * password, a refresh token): the statuses the use case itself answers with once the caller is
   * let through. 'allowed' then means exactly these statuses, with a body that is not one of the
   * GUARD_MESSAGES (login's 401 "Invalid email or password" is the use case speaking; a public
   * route has no guard).
   */
  answers?: readonly number[];
  /**
   * The request ends every session of its caller when let through: the integration suite sends it
   * as throw-away callers of each kind, so the shared test sessions live on.
   */
  endsCallerSessions?: true;
}

/** The three levels most rows state: an administrator's route, any signed-in caller's, and everyone's. */
const PUBLIC = { anonymous: 'allowed', user: 'allowed', admin: 'allowed' } as const satisfies Partial<AuthorizationRow>;
const ADMIN_ONLY = { anonymous: 401, user: 403, admin: 'allowed' } as const satisfies Partial<AuthorizationRow>;
const SIGNED_IN = { anonymous: 401, user: 'allowed', admin: 'allowed' } as const satisfies Partial<AuthorizationRow>;

/** A well-formed id that no seed or test creates. */
const UNKNOWN_ID = '01KDX3N8W6Q5ZJ4R2T7B9MATRX';
/** A request about one made-up item: `{id}` names nothing (a 404 once the caller is let through). */
const UNKNOWN_ID_PATH = { pathParams: { id: UNKNOWN_ID } };
/** A refund request, by the customer or by an administrator, of a payment no test creates. */
const REFUND_OF_UNKNOWN_PAYMENT = {
  paymentId: UNKNOWN_ID,
  trc20Address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
  reason: 'Sent by the authorization matrix test.',
};
/** A well-formed TRON transaction id that no transfer has. */
const UNKNOWN_TXID = '0f'.repeat(32);

/**
 * Path placeholder for "the account this request is about": the caller's own user id (`sub`),
 * except for the otherUser caller, who sends the `user` caller's id. So `user` and `admin` act
 * on their own account and `otherUser` on someone else's.
 */
export const SELF = '{self}';

export type MatrixCaller = 'anonymous' | 'user' | 'otherUser' | 'admin';

/**
 * The path parameters a caller sends: SELF replaced as described above. `ids` are the Cognito
 * `sub`s of the signed-in callers (anonymous sends the user's id, which the guard refuses first).
 */
export function resolvePathParams(
  pathParams: Record<string, string> | undefined,
  who: MatrixCaller,
  ids: { user: string; otherUser: string; admin: string },
): Record<string, string> | undefined {
  if (!pathParams) return undefined;
  const owner = who === 'admin' ? ids.admin : ids.user;
  return Object.fromEntries(Object.entries(pathParams).map(([k, v]) => [k, v === SELF ? owner : v]));
}

/** A well-formed payout TXID (64 hex characters) of no transfer. */
const MATRIX_PAYOUT_TXID = '00000000000000000000000000000000000000000000000000000000a7c1d2e3';

/** An address no test registers: every public auth route treats it as an unknown account. */
const NOBODY = 'matrix-nobody@example.com';
/** Messages of the guard itself: an 'allowed' answer never carries one. */
export const GUARD_MESSAGES = [
  'Please sign in to continue.',
  'Administrator access is required.',
  ADMIN_SIGN_IN_REQUIRED_MESSAGE,
] as const;

export const AUTHORIZATION_MATRIX: Partial<Record<RouteId, AuthorizationRow>> = {
  health: {
    ...PUBLIC,
    request: {},
  },
  'packages-list': {
    ...PUBLIC,
    request: {},
  },
  'contact-add': {
    ...PUBLIC,
    request: {
      body: {
        name: 'Authorization Matrix',
        email: 'matrix@example.com',
        message: 'Sent by the authorization matrix test; safe to delete.',
      },
    },
  },
  'contact-list': {
    ...ADMIN_ONLY,
    request: { query: { limit: '1' } },
  },
  'contact-delete': {
    ...ADMIN_ONLY,
    request: UNKNOWN_ID_PATH,
  },
  'contact-mark-read': {
    ...ADMIN_ONLY,
    request: UNKNOWN_ID_PATH,
  },
  'contact-mark-all-read': {
    ...ADMIN_ONLY,
    request: {},
  },

  // Customer commerce: every signed-in caller buys for themselves; the body is always valid.
  'payment-package-status': {
    ...SIGNED_IN,
    request: {},
    answers: [200],
  },
  'settings-public-subscription': {
    ...SIGNED_IN,
    request: {},
    answers: [200],
  },
  'payment-wallet-details': {
    ...SIGNED_IN,
    request: {},
    answers: [200, 503], // 503 while no USDT wallet is active (no built-in address, docs/decisions.md "Commerce and back-office")
  },
  'payment-verify-referral': {
    ...SIGNED_IN,
    request: { body: { referralCode: 'MATRIXNOCODE' } },
    answers: [200], // `success: false`, "Invalid referral code"
  },
  'payment-order': {
    ...SIGNED_IN,
    request: { body: { packageName: 'Pro Package', referralCode: null } },
    answers: [200, 503], // 503 while no USDT wallet is active
  },
  'payment-order-state': {
    ...SIGNED_IN,
    // No such order: the use case answers 404 (as it does for anyone else's).
    request: { pathParams: { orderId: UNKNOWN_ID } },
    answers: [404],
  },
  'payment-submit-usdt': {
    ...SIGNED_IN,
    // No open order by that id: the use case refuses with 400 (the order names the buyer's amount).
    // Without an active wallet it answers 503.
    request: {
      body: {
        orderId: 'MATRIXORDER',
        packageName: 'Pro Package',
        txid: 'MATRIXTXID00000000000001',
        amount: 250.37,
        referralCode: null,
      },
    },
    answers: [400, 503],
  },
  'payment-active-subscription': {
    ...SIGNED_IN,
    request: {},
    answers: [200],
  },
  'payment-subscriptions': {
    ...SIGNED_IN,
    request: {},
    answers: [200],
  },
  // A refund of a payment no test creates: 404, as for anyone else's payment (nothing is revealed).
  'payment-refund-request': {
    ...SIGNED_IN,
    request: { body: REFUND_OF_UNKNOWN_PAYMENT },
    answers: [404],
  },
  'payment-create-free-trial': {
    ...SIGNED_IN,
    request: { body: {} },
    answers: [201, 409], // once per account: a caller who already had one gets 409
  },

  // Accounts (docs/decisions.md, "Identity and sessions"). The public ones are called by people who are not signed in yet, so a
  // signed-in caller is let through too (API Gateway passes no claims on routes without an authorizer).
  'auth-register': {
    ...PUBLIC,
    // The first caller registers the account (201, a code is mailed); the next ones get 409.
    request: { body: { username: 'matrix_register', email: 'matrix-register@example.com', password: 'Matrix1!pass' } },
    answers: [201, 409],
  },
  'auth-verify-otp': {
    ...PUBLIC,
    request: { body: { email: NOBODY, otp: '0000', password: 'Matrix1!pass' } },
    answers: [400], // "No valid code found for this email"
  },
  'auth-resend-otp': {
    ...PUBLIC,
    request: { body: { email: NOBODY } },
    answers: [200], // one answer for every address (docs/security.md, "Account enumeration")
  },
  'auth-login': {
    ...PUBLIC,
    request: { body: { email: NOBODY, password: 'Matrix1!pass' } },
    // "Invalid email or password" (the same for unknown accounts); 429 once the back-off starts.
    answers: [401, 429],
  },
  'auth-refresh': {
    ...PUBLIC,
    request: { body: { refreshToken: 'matrix.not-a-refresh-token' } },
    answers: [401], // "Your session has ended. Please sign in again."
  },
  'auth-request-password-reset': {
    ...PUBLIC,
    request: { body: { email: NOBODY } },
    answers: [200], // the same answer whether or not the account exists
  },
  'auth-verify-reset-otp': {
    ...PUBLIC,
    request: { body: { email: NOBODY, otp: '0000' } },
    answers: [400],
  },
  'auth-reset-password': {
    ...PUBLIC,
    request: { body: { email: NOBODY, otp: '0000', newPassword: 'Matrix1!reset' } },
    answers: [400],
  },
  'auth-me': {
    ...SIGNED_IN,
    request: {},
  },
  'auth-get-user-data': {
    anonymous: 401,
    user: 'allowed',
    otherUser: 403,
    admin: 'allowed',
    request: { pathParams: { userId: SELF } },
  },
  'auth-update-user': {
    anonymous: 401,
    user: 'allowed',
    otherUser: 403,
    admin: 'allowed',
    // A password change with a wrong current password: proves the caller reached the use case
    // (400 "Current password is incorrect") without changing any account the other suites use.
    request: {
      pathParams: { id: SELF },
      body: { currentPassword: 'Not-the-password-1!', password: 'Matrix1!changed' },
    },
    answers: [400],
  },
  // The admin's payment queue and wallets. Unknown ids answer 404, which the guard let through.
  'payment-pending-usdt': {
    ...ADMIN_ONLY,
    request: { query: { limit: '1' } },
  },
  'payment-all': {
    ...ADMIN_ONLY,
    request: { query: { limit: '1', search: 'matrix' } },
  },
  'payment-approve-usdt': {
    ...ADMIN_ONLY,
    request: UNKNOWN_ID_PATH,
  },
  'payment-reject-usdt': {
    ...ADMIN_ONLY,
    request: UNKNOWN_ID_PATH,
  },
  // The on-chain check: an unknown payment is a 404 once the admin is let through (nothing is sent to TRON).
  'payment-chain-check': {
    ...ADMIN_ONLY,
    request: UNKNOWN_ID_PATH,
  },
  'admin-unmatched-transfers': { ...ADMIN_ONLY, request: {} },
  'admin-unmatched-transfer-assign': {
    ...ADMIN_ONLY,
    // No such unmatched transfer: 404.
    request: {
      pathParams: { txid: UNKNOWN_TXID },
      body: { userId: UNKNOWN_ID, packageName: 'Basic Package' },
    },
  },
  'admin-unmatched-transfer-resolve': {
    ...ADMIN_ONLY,
    request: { pathParams: { txid: UNKNOWN_TXID }, body: { resolution: 'ignored', note: '' } },
  },
  'payment-wallets': {
    ...ADMIN_ONLY,
    request: {},
  },
  'payment-wallet-save': {
    ...ADMIN_ONLY,
    // An update of a wallet that does not exist: 404, and nothing is written.
    request: {
      body: { _id: UNKNOWN_ID, address: 'MATRIX-NOT-A-WALLET', network: 'TRC20', currency: 'BTC', isActive: false },
    },
  },
  // Refunds: the list, and decisions on a refund (or a refund of a payment) that no test creates: 404.
  'admin-refunds': {
    ...ADMIN_ONLY,
    request: { query: { status: 'pending', limit: '1' } },
    answers: [200],
  },
  'admin-refund-create': {
    ...ADMIN_ONLY,
    request: { body: REFUND_OF_UNKNOWN_PAYMENT },
    answers: [404],
  },
  'admin-refund-approve': {
    ...ADMIN_ONLY,
    request: {
      pathParams: { id: UNKNOWN_ID },
      body: { payoutTxid: 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90' },
    },
    answers: [404],
  },
  'admin-refund-refuse': {
    ...ADMIN_ONLY,
    request: { pathParams: { id: UNKNOWN_ID }, body: { reason: 'Sent by the authorization matrix test.' } },
    answers: [404],
  },
  // Referral withdrawals. The matrix callers have no referral earnings, so a well-formed
  // request is answered by the use case: 400 "...Your current earnings are insufficient.".
  'withdrawal-user': {
    ...SIGNED_IN,
    request: {},
    answers: [200],
  },
  'withdrawal-request': {
    ...SIGNED_IN,
    request: { body: { trc20Address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', amount: 20 } },
    answers: [400],
  },
  'withdrawal-all': {
    ...ADMIN_ONLY,
    request: { query: { status: 'pending', limit: '1', search: 'matrix' } },
  },
  'withdrawal-approve': {
    ...ADMIN_ONLY,
    request: {
      pathParams: { id: UNKNOWN_ID },
      body: { adminNote: 'Matrix note', payoutTxid: MATRIX_PAYOUT_TXID },
    },
  },
  'withdrawal-reject': {
    ...ADMIN_ONLY,
    request: { pathParams: { id: UNKNOWN_ID }, body: {} },
  },
  // An unknown withdrawal: 404 once the admin is let through (nothing is sent to TRON).
  'withdrawal-payout-check': {
    ...ADMIN_ONLY,
    request: UNKNOWN_ID_PATH,
    answers: [404],
  },
  // Configuration. The writes are sent so that they change nothing another suite relies
  // on: the default HTML of one template (a no-op, or a restore), Basic left on sale, the defaults
  // restored, and a package id that does not exist (404: the guard let the admin through).
  'settings-email-templates-get': {
    ...ADMIN_ONLY,
    request: {},
    answers: [200],
  },
  'settings-email-templates-put': {
    ...ADMIN_ONLY,
    request: { body: { templates: { paymentPending: DEFAULT_EMAIL_TEMPLATES.paymentPending.html } } },
    answers: [200],
  },
  'settings-email-templates-preview': {
    ...ADMIN_ONLY,
    request: { body: { type: 'paymentPending', subject: 'Hi {{username}}', html: '<p>{{packageName}}</p>' } },
    answers: [200],
  },
  'settings-force-update-templates': {
    ...ADMIN_ONLY,
    request: { body: {} },
    answers: [200],
  },
  'settings-subscription-get': {
    ...ADMIN_ONLY,
    request: {},
    answers: [200],
  },
  'settings-subscription-put': {
    ...ADMIN_ONLY,
    request: { body: { settings: { basicPackageEnabled: true } } },
    answers: [200],
  },
  'admin-packages-update': {
    ...ADMIN_ONLY,
    request: { pathParams: { packageId: 'matrixPackage' }, body: { priceUsd: 1 } },
    answers: [404],
  },
  'auth-mfa-verify': {
    ...PUBLIC,
    // A made-up challenge session without the username the API puts in one: the use case answers
    // "Your sign-in has expired" before anything reaches Cognito.
    request: { body: { email: NOBODY, session: 'matrix-not-a-session', code: '123456' } },
    answers: [401, 429],
  },
  'auth-mfa-setup': {
    ...PUBLIC,
    request: { body: { setupId: UNKNOWN_ID, code: '123456' } },
    answers: [401], // "Your sign-in has expired. Please sign in again."
  },
  'auth-logout': {
    ...SIGNED_IN,
    // No refresh token in the request: nothing to revoke, so the shared test sessions live on.
    request: { body: {} },
    answers: [200],
  },
  'payment-receipt': {
    ...SIGNED_IN,
    // No such payment: the use case answers 404 (as it does for anyone else's).
    request: UNKNOWN_ID_PATH,
    answers: [404],
  },
  'auth-logout-all': {
    ...SIGNED_IN,
    request: {},
    answers: [200],
    endsCallerSessions: true,
  },
  'auth-confirm-email-change': {
    ...SIGNED_IN,
    // No code was ever sent to this address for the caller: the use case answers 400.
    request: { body: { email: NOBODY, otp: '0000' } },
    answers: [400],
  },
  // Back-office insight: revenue aggregates, subscription history, activations, CSV export.
  'admin-payment-stats': {
    ...ADMIN_ONLY,
    request: { query: { year: '2026', month: '10' } },
    answers: [200],
  },
  'payment-subscription-history': {
    ...ADMIN_ONLY,
    request: { query: { limit: '1', search: 'matrix' } },
    answers: [200],
  },
  'admin-activations': {
    ...ADMIN_ONLY,
    request: {},
    answers: [200],
  },
  'payment-send-basic-notifications': {
    ...ADMIN_ONLY,
    // Mails today's unsent Basic activations, if any; "No activation emails to send" otherwise.
    request: {},
    answers: [200],
  },
  'admin-export': {
    ...ADMIN_ONLY,
    request: { pathParams: { dataset: 'payments' }, query: { status: 'pending', search: 'matrix' } },
    answers: [200],
  },
  // Users and the audit log. Status changes name an id no test creates: 404, nothing changes.
  'admin-user-stats': {
    ...ADMIN_ONLY,
    request: {},
    answers: [200],
  },
  'admin-users': {
    ...ADMIN_ONLY,
    request: { query: { limit: '1', search: 'matrix' } },
    answers: [200],
  },
  'admin-user-deactivate': {
    ...ADMIN_ONLY,
    request: UNKNOWN_ID_PATH,
    answers: [404],
  },
  'admin-user-activate': {
    ...ADMIN_ONLY,
    request: UNKNOWN_ID_PATH,
    answers: [404],
  },
  'admin-user-subscriptions': {
    ...ADMIN_ONLY,
    request: UNKNOWN_ID_PATH,
    answers: [404],
  },
  // The customer's MetaTrader 5 account: each signed-in caller's own. Saving needs a current paid
  // package (409 without one; the shared test callers may have one from other suites).
  'account-mt5-get': {
    ...SIGNED_IN,
    request: {},
    answers: [200],
  },
  'account-mt5-put': {
    ...SIGNED_IN,
    request: { body: { broker: 'Matrix Broker', server: 'Matrix-MT5-1', accountNumber: '51234567' } },
    answers: [200, 409],
  },
  'admin-bot-connections': {
    ...ADMIN_ONLY,
    request: { query: { status: 'waiting', limit: '1' } },
    answers: [200],
  },
  // A subscription no test creates: no request to connect (404), nothing changes.
  'admin-bot-connected': {
    ...ADMIN_ONLY,
    request: { pathParams: { subscriptionId: UNKNOWN_ID } },
    answers: [404],
  },
  // Support's controls aimed at an id no test creates: 404, nothing changes.
  'admin-user-subscription-change': {
    ...ADMIN_ONLY,
    request: {
      pathParams: { id: UNKNOWN_ID },
      body: { action: 'grant', packageName: 'Pro Package', days: 30, reason: 'Authorization matrix' },
    },
    answers: [404],
  },
  'admin-audit-log': {
    ...ADMIN_ONLY,
    request: { query: { limit: '1' } },
    answers: [200],
  },
  'admin-work-counts': {
    ...ADMIN_ONLY,
    request: {},
    answers: [200],
  },
  'admin-setup-checklist': {
    ...ADMIN_ONLY,
    request: {},
    answers: [200],
  },
  // Mails the signed-in administrator only: no address can be named in the request.
  'admin-test-mail': {
    ...ADMIN_ONLY,
    request: { body: {} },
    answers: [200],
  },
  // Failed mails: the list, and the resend of a mail that was never kept: 404.
  'admin-failed-mails': {
    ...ADMIN_ONLY,
    request: { query: { limit: '1' } },
    answers: [200],
  },
  'admin-failed-mail-resend': {
    ...ADMIN_ONLY,
    request: UNKNOWN_ID_PATH,
    answers: [404],
  },
};

/**
 * True when an HTTP status satisfies an expectation of the matrix. Pass the row's `answers` for
 * 'allowed': then exactly those statuses count.
 */
export function meetsExpectation(status: number, expectation: Expectation, answers?: readonly number[]): boolean {
  if (expectation !== 'allowed') return status === expectation;
  return answers ? answers.includes(status) : status !== 401 && status !== 403;
}
