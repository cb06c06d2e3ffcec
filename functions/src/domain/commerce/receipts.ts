import { RECEIPT_MESSAGES, TRON_EXPLORER_TRANSACTION_URL, receiptNumber, type Receipt } from '@goldbot/shared';
import type { PaymentRecord } from '../records/payment-record.js';
import type { SubscriptionRecord } from '../records/subscription-record.js';
import { assertAdminAction } from '../auth/admin-mfa.js';
import { NotFoundError } from '../errors.js';

/**
 * Receipts of completed payments (`payment-receipt`): what the customer bought and paid, for their
 * records. Only the payment's owner and administrators see one; for anyone else, and for a payment
 * that is not completed, the answer is the same 404, so a receipt never tells that a payment exists.
 */
export interface ReceiptStore {
  /** The payment, and the subscription it bought (read once the payment names its owner). */
  readReceipt(paymentId: string): Promise<{ payment: PaymentRecord | null; subscription: SubscriptionRecord | null }>;
}

export interface ReceiptDeps {
  store: ReceiptStore;
  /** The seller the receipt names (configuration). */
  sellerName: string;
  /** Where admin MFA is required (ADMIN_MFA_REQUIRED), an administrator's view of another customer's receipt needs TOTP. */
  adminMfaRequired: boolean;
}

/** Who asks for a receipt: the token's facts an administrator's view is checked against. */
export interface ReceiptCaller {
  userId: string;
  isAdmin: boolean;
  /** Epoch seconds of the token's sign-in (`auth_time`). */
  authTime: number;
  /** The token comes from the API's own sign-in (kit/identity.ts). */
  apiSignIn: boolean;
}

/**
 * The amount a receipt states as paid: the exact amount of the order the payment paid (price plus
 * its cents tag, what the on-chain check matched), or the amount due of a payment made before
 * payments named an order.
 */
export const amountPaidOf = (payment: PaymentRecord): number => payment.orderAmount ?? payment.amount;

export function toReceipt(
  payment: PaymentRecord,
  subscription: SubscriptionRecord | null,
  sellerName: string,
): Receipt {
  return {
    receiptNumber: receiptNumber(payment._id),
    paymentId: payment._id,
    sellerName,
    customer: { username: payment.username, email: payment.email },
    packageName: payment.packageName,
    priceUsd: payment.originalAmount,
    discountUsd: payment.referralDiscount,
    amountPaid: amountPaidOf(payment),
    currency: payment.wallet.currency || 'USDT',
    transactionId: payment.transactionId,
    explorerUrl: `${TRON_EXPLORER_TRANSACTION_URL}${encodeURIComponent(payment.transactionId)}`,
    approvedAt: payment.approvedAt ?? null,
    subscription: subscription ? { startDate: subscription.startDate, endDate: subscription.endDate } : null,
  };
}

/**
 * `payment-receipt`: the owner's or an admin's receipt of a completed payment; 404 otherwise.
 * An administrator's view of another customer's receipt is an admin action, checked like every
 * admin route (a token from the API's own sign-in, TOTP where required: 403 otherwise);
 * `callerProfile` is the caller's own profile as the session guard read it.
 */
export async function getReceipt(
  deps: ReceiptDeps,
  caller: ReceiptCaller,
  paymentId: string,
  callerProfile: { mfaEnabledAt?: string } | null | undefined,
): Promise<{ receipt: Receipt }> {
  const { payment, subscription } = await deps.store.readReceipt(paymentId);
  if (!payment || payment.status !== 'completed' || (payment.userId !== caller.userId && !caller.isAdmin)) {
    throw new NotFoundError(RECEIPT_MESSAGES.notFound);
  }
  if (payment.userId !== caller.userId) assertAdminAction(caller, callerProfile, deps.adminMfaRequired);
  return { receipt: toReceipt(payment, subscription, deps.sellerName) };
}
