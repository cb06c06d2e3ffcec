/**
 * The e-mail template types as the editor lists them: the 11 of the spec in its order,
 * then the withdrawal decisions, the administrators' wallet notice and new-work mail, the refund
 * decisions, the bot's connection notice, and any type the server adds later, named from its key.
 */
const LABELS: Readonly<Record<string, string>> = {
  paymentVerified: 'Payment Verified',
  paymentPending: 'Payment Pending',
  subscriptionActivation: 'Subscription Activation',
  freeTrial: 'Free Trial (legacy)',
  freeTrialActivated: 'Free Trial Activated',
  basicPackagePaymentVerified: 'Basic Package: Payment Verified',
  basicPackagePaymentPending: 'Basic Package: Payment Pending',
  proPackagePaymentVerified: 'Pro Package: Payment Verified',
  proPackagePaymentPending: 'Pro Package: Payment Pending',
  ultimatePackagePaymentVerified: 'Ultimate Package: Payment Verified',
  ultimatePackagePaymentPending: 'Ultimate Package: Payment Pending',
  withdrawalApproved: 'Withdrawal Approved',
  withdrawalRejected: 'Withdrawal Rejected',
  walletActivated: 'Active Wallet Changed (to administrators)',
  adminNewWork: 'New Work (to administrators)',
  refundApproved: 'Refund Approved',
  refundRefused: 'Refund Refused',
  botConnected: 'Bot Connected (MetaTrader 5)',
};

const ORDER = Object.keys(LABELS);

/** 'subscriptionExpiryReminder' -> 'Subscription Expiry Reminder'. */
const fromKey = (type: string) =>
  type
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/^./, (first) => first.toUpperCase())
    .trim();

export function templateLabel(type: string): string {
  return LABELS[type] ?? fromKey(type);
}

/** The spec's order first, then the others alphabetically by label. */
export function orderTemplateTypes(types: readonly string[]): string[] {
  const rank = (type: string) => {
    const index = ORDER.indexOf(type);
    return index === -1 ? ORDER.length : index;
  };
  return [...types].sort((a, b) => rank(a) - rank(b) || templateLabel(a).localeCompare(templateLabel(b)));
}
