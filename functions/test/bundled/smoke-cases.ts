import type { RouteId } from '@goldbot/shared';

/**
 * One valid request per route of the route table (shared/src/routes.ts) and the status it must get
 * from the deployed bundle, sent over HTTP by bundled-smoke.test.ts against
 * `npm start -- --bundled`. A `Record` over every route id: a route added to the table without a
 * case here fails the typecheck, and the test fails for any implemented route without one.
 *
 * The request is the authorization matrix's (functions/test/authorization-matrix.ts: valid apart
 * from who sends it) unless the case names its own. Made-up ids answer 404 from the use case, which
 * still loads the bundle, reads the table and renders the error; payment-submit-usdt is sent for
 * real (the test opens an order and makes its TXID a paying transfer on the TRON double).
 *
 * Callers: `customer` is one seeded customer of the test; `fresh-customer` a new one for requests
 * that must come first in an account's life (a free trial) or that end the caller's sessions.
 */
export type SmokeCaller = 'anonymous' | 'customer' | 'fresh-customer' | 'admin';

export interface SmokeRequest {
  pathParams?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

export interface SmokeCase {
  as: SmokeCaller;
  status: number;
  /** 'purchase': the test's real USDT submission (its own order and a paying TXID). */
  request?: SmokeRequest | 'purchase';
}

export const SMOKE_CASES: Record<RouteId, SmokeCase> = {
  health: { as: 'anonymous', status: 200 },
  'packages-list': { as: 'anonymous', status: 200 },

  'auth-register': { as: 'anonymous', status: 201 },
  'auth-verify-otp': { as: 'anonymous', status: 400 },
  'auth-resend-otp': { as: 'anonymous', status: 200 },
  'auth-login': { as: 'anonymous', status: 401 },
  'auth-refresh': { as: 'anonymous', status: 401 },
  'auth-request-password-reset': { as: 'anonymous', status: 200 },
  'auth-verify-reset-otp': { as: 'anonymous', status: 400 },
  'auth-reset-password': { as: 'anonymous', status: 400 },
  'auth-me': { as: 'customer', status: 200 },
  'auth-get-user-data': { as: 'customer', status: 200 },
  'auth-update-user': { as: 'customer', status: 400 },
  'auth-logout': { as: 'customer', status: 200 },
  'auth-logout-all': { as: 'fresh-customer', status: 200 },
  'auth-confirm-email-change': { as: 'customer', status: 400 },
  // The matrix's made-up session carries no username: "sign in again" before Cognito.
  'auth-mfa-verify': { as: 'anonymous', status: 401 },
  'auth-mfa-setup': { as: 'anonymous', status: 401 },

  'contact-add': { as: 'anonymous', status: 201 },
  'contact-list': { as: 'admin', status: 200 },
  'contact-delete': { as: 'admin', status: 404 },
  'contact-mark-read': { as: 'admin', status: 404 },
  'contact-mark-all-read': { as: 'admin', status: 200 },

  'payment-package-status': { as: 'customer', status: 200 },
  'settings-public-subscription': { as: 'customer', status: 200 },
  'payment-wallet-details': { as: 'customer', status: 200 },
  'payment-verify-referral': { as: 'customer', status: 200 },
  'payment-order': { as: 'customer', status: 200 },
  // A made-up order id: the caller's own orders only, so 404.
  'payment-order-state': { as: 'customer', status: 404 },
  'payment-submit-usdt': { as: 'customer', status: 201, request: 'purchase' },
  'payment-active-subscription': { as: 'customer', status: 200 },
  'payment-subscriptions': { as: 'customer', status: 200 },
  'payment-create-free-trial': { as: 'fresh-customer', status: 201 },
  'payment-receipt': { as: 'customer', status: 404 },
  'payment-pending-usdt': { as: 'admin', status: 200 },
  'payment-all': { as: 'admin', status: 200 },
  'payment-approve-usdt': { as: 'admin', status: 404 },
  'payment-reject-usdt': { as: 'admin', status: 404 },
  'payment-chain-check': { as: 'admin', status: 404 },
  'admin-unmatched-transfers': { as: 'admin', status: 200 },
  // A made-up transaction id: no such unmatched transfer.
  'admin-unmatched-transfer-assign': { as: 'admin', status: 404 },
  'admin-unmatched-transfer-resolve': { as: 'admin', status: 404 },
  'payment-wallets': { as: 'admin', status: 200 },
  'payment-wallet-save': { as: 'admin', status: 404 },
  'payment-send-basic-notifications': { as: 'admin', status: 200 },
  'payment-subscription-history': { as: 'admin', status: 200 },

  'withdrawal-user': { as: 'customer', status: 200 },
  'withdrawal-request': { as: 'customer', status: 400 },
  'withdrawal-all': { as: 'admin', status: 200 },
  'withdrawal-approve': { as: 'admin', status: 404 },
  'withdrawal-reject': { as: 'admin', status: 404 },
  'withdrawal-payout-check': { as: 'admin', status: 404 },
  'admin-user-subscription-change': { as: 'admin', status: 404 },
  'account-mt5-get': { as: 'customer', status: 200 },
  // The smoke customer bought a package whose payment is pending: nothing paid is active yet.
  'account-mt5-put': { as: 'customer', status: 409 },
  'admin-bot-connections': { as: 'admin', status: 200 },
  'admin-bot-connected': { as: 'admin', status: 404 },

  'settings-email-templates-get': { as: 'admin', status: 200 },
  'settings-email-templates-put': { as: 'admin', status: 200 },
  'settings-email-templates-preview': { as: 'admin', status: 200 },
  'settings-force-update-templates': { as: 'admin', status: 200 },
  'settings-subscription-get': { as: 'admin', status: 200 },
  'settings-subscription-put': { as: 'admin', status: 200 },

  'admin-packages-update': { as: 'admin', status: 404 },
  'admin-payment-stats': { as: 'admin', status: 200 },
  'admin-activations': { as: 'admin', status: 200 },
  'admin-export': { as: 'admin', status: 200 },
  'admin-user-stats': { as: 'admin', status: 200 },
  'admin-users': { as: 'admin', status: 200 },
  'admin-user-deactivate': { as: 'admin', status: 404 },
  'admin-user-activate': { as: 'admin', status: 404 },
  'admin-user-subscriptions': { as: 'admin', status: 404 },
  'admin-audit-log': { as: 'admin', status: 200 },
  'admin-work-counts': { as: 'admin', status: 200 },
  'admin-setup-checklist': { as: 'admin', status: 200 },
  // Mails the test stack's admin through the SES emulator.
  'admin-test-mail': { as: 'admin', status: 200 },

  // Refunds of a made-up payment or refund: 404 from the use case.
  'payment-refund-request': { as: 'customer', status: 404 },
  'admin-refunds': { as: 'admin', status: 200 },
  'admin-refund-create': { as: 'admin', status: 404 },
  'admin-refund-approve': { as: 'admin', status: 404 },
  'admin-refund-refuse': { as: 'admin', status: 404 },

  // Failed mails: the list (empty or not), and the resend of a mail no test kept: 404.
  'admin-failed-mails': { as: 'admin', status: 200 },
  'admin-failed-mail-resend': { as: 'admin', status: 404 },
};
