/**
 * The payments feature's public surface, used by the dashboard: the caller's subscriptions and
 * package status, the free trial, the USDT payment window and a purchase's refund window.
 */
export { FREE_TRIAL_MESSAGES, useCreateFreeTrial } from './api/create-free-trial';
export { ACTIVE_SUBSCRIPTION_ERROR, useActiveSubscription, type Subscription } from './api/get-active-subscription';
export { usePackageStatus } from './api/get-package-status';
export { SUBSCRIPTIONS_ERROR, useSubscriptions } from './api/get-subscriptions';
export { useRevalidateSubscriptions } from './api/keys';
export { isPaidPackageName, type PaidPackageName } from './lib/packages';
export { LazyUsdtPaymentModal } from './components/lazy-usdt-payment-modal';
export { RefundRequestModal } from './components/refund-request-modal';
export { payoutExplorerUrl, refundViewOf, shortTxid, type RefundView } from './lib/refund-rules';
