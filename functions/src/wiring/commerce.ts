import { config } from '../config.js';
import { dynamoCustomerReadStore } from '../data/customer-read-store.js';
import { dynamoOrderStateStore } from '../data/order-state-store.js';
import { dynamoOrderStore } from '../data/order-store.js';
import { dynamoCatalogStore } from '../data/package-catalog-store.js';
import { dynamoPaymentReviewStore } from '../data/payment-review-store.js';
import { dynamoReceiptStore } from '../data/receipt-store.js';
import { dynamoRefundStore } from '../data/refund-store.js';
import { dynamoSubscriptionHistoryStore } from '../data/subscription-history-store.js';
import { dynamoTradingStore } from '../data/trading-account-store.js';
import { dynamoWalletStore } from '../data/wallet-store.js';
import { dynamoWithdrawalStore } from '../data/withdrawal-store.js';
import type { PaymentDecisionDeps } from '../domain/commerce/payment-decisions.js';
import type { PaymentListStore } from '../domain/commerce/payment-lists.js';
import type { ReceiptDeps } from '../domain/commerce/receipts.js';
import type { RefundDeps } from '../domain/refunds/refunds.js';
import type { TradingDeps } from '../domain/trading/mt5-accounts.js';
import type { WithdrawalDeps } from '../domain/withdrawals/withdrawals.js';
import { newId } from '../kit/ids.js';
import { sleep } from '../lib/retry.js';

/**
 * The commerce use cases, the customer's and the back-office's, that run on the table alone: the
 * customer's reads, orders, refund and withdrawal requests, and the admin's payment lists and
 * rejection. Each export is one use case's dependencies, named after it. Nothing here builds a
 * client or reaches the template mailer (template-mail.ts), so a function that takes one of these
 * gets no mail permission (infra/lib/handler-wiring.ts). A bundle keeps only the exports its
 * handler names, and so only their stores: functions/package.json declares `"sideEffects": false`,
 * so esbuild drops an imported module none of whose exports is used, and each export here is an
 * object literal with no effect at module scope (no call, no spread, configuration read through a
 * getter), so an unused one drops out too. Keep it so, or every function of the area pays for
 * every store at its cold start.
 */
/** The customer's reads, and the clock that tells which subscriptions are current. */
export const customerReadDeps = { store: dynamoCustomerReadStore, now: () => new Date() };

/** A payment order: the store, the clock, fresh ids and the orders' lifetime (ORDER_OPEN_MINUTES). */
export const openOrderDeps = {
  store: dynamoOrderStore,
  now: () => new Date(),
  newId,
  get openMinutes() {
    return config.orders.openMinutes;
  },
};

/** The payment window's poll: the order and its payment's status, and the clock. */
export const orderStateDeps = { store: dynamoOrderStateStore, now: () => new Date() };

/** A payment receipt: its store, the seller name printed on it, and the admin MFA switch. */
export const getReceiptDeps: ReceiptDeps = {
  store: dynamoReceiptStore,
  get sellerName() {
    return config.sellerName;
  },
  get adminMfaRequired() {
    return config.adminMfaRequired;
  },
};

export const listPackagesDeps = dynamoCatalogStore;
export const listWalletsDeps = dynamoWalletStore;
export const subscriptionHistoryDeps = dynamoSubscriptionHistoryStore;

/** The customer's MetaTrader 5 account. */
export const mt5AccountDeps: TradingDeps = { store: dynamoTradingStore, now: () => new Date() };

/** The admin's payment lists (payment-all, payment-pending-usdt) and their search. */
export const listPaymentsDeps: { store: PaymentListStore } = { store: dynamoPaymentReviewStore };

/** The admin's rejection of a payment; it mails nobody. The approval mails: approve-payment.ts. */
export const rejectPaymentDeps: PaymentDecisionDeps = {
  store: dynamoPaymentReviewStore,
  now: () => new Date(),
  newId,
  sleep,
};

/** Opening a refund request, by the customer or for them by an admin; the decisions mail (refund-decision-deps.ts). */
export const requestRefundDeps: RefundDeps = { store: dynamoRefundStore, now: () => new Date(), newId, sleep };
export const createRefundDeps = requestRefundDeps;

/** The customer's withdrawal request and list; the admin's decisions mail (withdrawal-decision-deps.ts). */
export const requestWithdrawalDeps: WithdrawalDeps = {
  store: dynamoWithdrawalStore,
  now: () => new Date(),
  newId,
  sleep,
};
export const listOwnWithdrawalsDeps = dynamoWithdrawalStore;
