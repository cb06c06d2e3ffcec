import type { ChainCheck, PackageSlug, Payment, PaymentBinding, RefundStatus } from '@goldbot/shared';

/** A USDT payment as the use cases hold it, its TXID spelling, its search field and the admin row. */
/**
 * One transfer, one spelling: trimmed, without a `0x` prefix (some wallets show one), lower-cased,
 * so `0x`+T is the same TXID as T for the uniqueness marker and the on-chain look-up.
 */
export const normalizeTxid = (txid: string) => txid.trim().replace(/^0x/i, '').toLowerCase();

export interface PaymentRecord {
  _id: string;
  userId: string;
  username: string;
  email: string;
  packageSlug: PackageSlug;
  packageName: Payment['packageName'];
  amount: number;
  originalAmount: number;
  hasReferralDiscount: boolean;
  referralDiscount: number;
  referralCode: string | null;
  referralUserId: string | null;
  referrerUsername: string | null;
  referrerEmail: string | null;
  referralReward: number;
  referralCredited: boolean;
  currency: string;
  paymentMethod: 'usdt';
  transactionId: string;
  txidNormalized: string;
  /** The payment order this pays and its exact amount to send (absent on payments from before orders). */
  orderId?: string;
  orderAmount?: number;
  /** The lifetime of that order (ISO-8601 UTC): a transfer pays it only inside it. */
  orderCreatedAt?: string;
  orderExpiresAt?: string;
  /** How the chain's transfer came to this payment (absent while it is only a submitted TXID). */
  binding?: PaymentBinding | null;
  wallet: { address: string; network: string; currency: string };
  subscriptionId: string;
  status: Payment['status'];
  /** Lower-cased username, e-mail and TXID, for the bounded page filter of admin search (docs/data-model.md). */
  searchText: string;
  approvedAt?: string;
  approvedBy?: string;
  rejectedAt?: string;
  rejectedBy?: string;
  /** The latest on-chain pre-check; absent or null until one ran. */
  chainCheck?: ChainCheck | null;
  /** Its latest refund request and that request's state (docs/data-model.md, "Refund request"). */
  refundId?: string;
  refundStatus?: RefundStatus;
  /** When its refund was approved, and the payout's transaction id. */
  refundedAt?: string;
  refundPayoutTxid?: string;
  createdAt: string;
  updatedAt: string;
}

export const paymentSearchText = (p: Pick<PaymentRecord, 'username' | 'email' | 'transactionId'>) =>
  `${p.username}\n${p.email}\n${p.transactionId}`.toLowerCase();

/** The back-office payment row: `userId` and `referralUserId` "populated", plus the wallet shown. */
export function toPaymentView(p: PaymentRecord): Payment {
  return {
    _id: p._id,
    userId: { _id: p.userId, username: p.username, email: p.email },
    packageName: p.packageName,
    amount: p.amount,
    originalAmount: p.originalAmount,
    hasReferralDiscount: p.hasReferralDiscount,
    referralDiscount: p.referralDiscount,
    referralCode: p.referralCode,
    referralUserId: p.referralUserId
      ? { _id: p.referralUserId, username: p.referrerUsername ?? '', email: p.referrerEmail ?? '' }
      : null,
    referralCredited: p.referralCredited,
    currency: p.currency,
    transactionId: p.transactionId,
    orderId: p.orderId ?? null,
    orderAmount: p.orderAmount ?? null,
    status: p.status,
    paymentMethod: p.paymentMethod,
    walletAddress: p.wallet.address,
    network: p.wallet.network,
    chainCheck: p.chainCheck ?? null,
    ...(p.refundId && p.refundStatus ? { refund: { _id: p.refundId, status: p.refundStatus } } : {}),
    orderCreatedAt: p.orderCreatedAt ?? null,
    orderExpiresAt: p.orderExpiresAt ?? null,
    binding: p.binding ?? null,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}
