import type { AdminSubscription, PackageSlug, Subscription, SubscriptionRefund } from '@goldbot/shared';
import { guaranteeEndsAt } from '../refunds/refund-rules.js';

/** A subscription as the use cases hold it, and the views the customer and the back-office see. */
export interface SubscriptionRecord extends Subscription {
  userId: string;
  username: string;
  email: string;
  packageSlug: PackageSlug;
  paymentId: string | null;
  notificationSent: boolean;
  /** When its payment was approved (ISO instant); absent on free trials and on rows approved before it was kept. */
  approvedAt?: string;
  /** Its payment's refund request, mirrored on the row by every refund transaction (Billing History reads it here). */
  refund?: SubscriptionRefund | null;
}

/**
 * Until when the customer may still ask for a refund of this purchase: a paid row (active or run
 * out) with an approval time and no request yet, while the money-back guarantee runs; else null.
 */
export function refundableUntil(sub: SubscriptionRecord, now: Date): string | null {
  if (sub.paymentMethod !== 'usdt' || !sub.approvedAt || sub.refund) return null;
  if (sub.status !== 'active' && sub.status !== 'expired') return null;
  const until = guaranteeEndsAt(sub.approvedAt);
  return now.getTime() < Date.parse(until) ? until : null;
}

/** The effective status: `active` past its end date reads `expired` before the nightly job runs. */
export const effectiveStatus = (sub: SubscriptionRecord, today: string): Subscription['status'] =>
  sub.status === 'active' && sub.endDate !== null && sub.endDate < today ? 'expired' : sub.status;

/**
 * What a customer sees: an `active` row whose end date has passed reads as `expired` even if the
 * nightly job has not reached it yet (the effective status of docs/data-model.md). With `now`, the
 * row also says until when a refund may be asked for (Billing History's 'Request refund').
 */
export function toSubscriptionView(sub: SubscriptionRecord, today: string, now?: Date): Subscription {
  return {
    _id: sub._id,
    packageName: sub.packageName,
    status: effectiveStatus(sub, today),
    startDate: sub.startDate,
    endDate: sub.endDate,
    paymentMethod: sub.paymentMethod,
    isExtension: sub.isExtension,
    createdAt: sub.createdAt,
    updatedAt: sub.updatedAt,
    paymentId: sub.paymentId,
    // Only purchases paid through a payment order carry the exact amount they sent.
    ...(typeof sub.amount === 'number' ? { amount: sub.amount } : {}),
    // Only a row support ended before its time says when.
    ...(sub.endedAt ? { endedAt: sub.endedAt } : {}),
    ...(sub.refund ? { refund: sub.refund } : {}),
    ...refundWindowOf(sub, now),
  };
}

const refundWindowOf = (sub: SubscriptionRecord, now: Date | undefined) => {
  const until = now ? refundableUntil(sub, now) : null;
  return until ? { refundableUntil: until } : {};
};

/**
 * A row of the admin screens (user detail, subscription history, activations): the customer's
 * view plus its owner and the fields only the back-office shows. `owner` is the live profile when
 * the caller read it, otherwise the snapshot the row carries.
 */
export function toAdminSubscriptionView(
  sub: SubscriptionRecord,
  today: string,
  owner: { username: string; email: string } = sub,
): AdminSubscription {
  return {
    ...toSubscriptionView(sub, today),
    userId: { _id: sub.userId, username: owner.username, email: owner.email },
    notificationSent: sub.notificationSent,
    paymentId: sub.paymentId,
  };
}
