import type { PackageSlug, Refund, RefundStatus, SubscriptionRefund } from '@goldbot/shared';

/** The referrer's reward an approved refund took back: out of available earnings, and the rest owed. */
export interface ReferralClawback {
  referrerId: string;
  /** The reward credited for the refunded purchase. */
  amount: number;
  /** Taken out of the referrer's available earnings. */
  fromAvailable: number;
  /** What the available earnings lacked: recorded, and offset against the referrer's next earnings. */
  owed: number;
}

/** The clawback as the refund keeps it: its four fields, and nothing else the approval carried with it. */
export const keptClawback = (clawback: ReferralClawback | null): ReferralClawback | null =>
  clawback
    ? {
        referrerId: clawback.referrerId,
        amount: clawback.amount,
        fromAvailable: clawback.fromAvailable,
        owed: clawback.owed,
      }
    : null;

/** A refund request as the use cases hold it (docs/data-model.md, "Refund request"), and the admin row. */
export interface RefundRecord {
  _id: string;
  paymentId: string;
  subscriptionId: string;
  /** The payer, and their name and e-mail when the request was made (the row shows them). */
  userId: string;
  username: string;
  email: string;
  packageSlug: PackageSlug;
  packageName: Refund['packageName'];
  /** The payment's amount as revenue counted it. */
  amount: number;
  /** What the customer sent: the order's exact amount, or `amount` for payments from before orders. */
  amountPaid: number;
  transactionId: string;
  paymentApprovedAt: string | null;
  trc20Address: string;
  reason: string;
  origin: Refund['origin'];
  /** The admin who opened it (origin 'admin'); null when the customer asked. */
  createdBy: string | null;
  status: RefundStatus;
  requestedAt: string;
  decidedAt: string | null;
  /** The deciding administrator's sub. */
  decidedBy: string | null;
  payoutTxid: string | null;
  note: string | null;
  refusalReason: string | null;
  referralClawback: ReferralClawback | null;
  createdAt: string;
  updatedAt: string;
}

/** The back-office row: the payer "populated" like the other admin lists. */
export function toRefundView(r: RefundRecord): Refund {
  return {
    _id: r._id,
    paymentId: r.paymentId,
    subscriptionId: r.subscriptionId,
    userId: { _id: r.userId, username: r.username, email: r.email },
    packageName: r.packageName,
    amount: r.amount,
    amountPaid: r.amountPaid,
    transactionId: r.transactionId,
    paymentApprovedAt: r.paymentApprovedAt,
    trc20Address: r.trc20Address,
    reason: r.reason,
    origin: r.origin,
    status: r.status,
    requestedAt: r.requestedAt,
    decidedAt: r.decidedAt,
    payoutTxid: r.payoutTxid,
    note: r.note,
    refusalReason: r.refusalReason,
    referralClawback: r.referralClawback
      ? {
          amount: r.referralClawback.amount,
          fromAvailable: r.referralClawback.fromAvailable,
          owed: r.referralClawback.owed,
        }
      : null,
  };
}

/** What the purchase's Billing History row says about its refund (kept on the subscription row). */
export const toSubscriptionRefund = (r: RefundRecord): SubscriptionRefund => ({
  _id: r._id,
  status: r.status,
  requestedAt: r.requestedAt,
  decidedAt: r.decidedAt,
  payoutTxid: r.payoutTxid,
  refusalReason: r.refusalReason,
});
