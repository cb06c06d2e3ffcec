import type { PackageSlug, PaymentOrder } from '@goldbot/shared';

/** A payment order (the exact amount a customer is asked to send) and the hold on that amount. */
export interface OrderRecord {
  orderId: string;
  userId: string;
  packageSlug: PackageSlug;
  packageName: PaymentOrder['packageName'];
  /** The catalog price the order was made at, in cents. */
  originalAmountCents: number;
  /** The price after the referral discount, in cents. */
  priceCents: number;
  /** The exact amount to send: priceCents plus the order's tag. */
  amountCents: number;
  referralCode: string | null;
  createdAt: string;
  /** Epoch seconds the order closes. */
  expiresAt: number;
}

/** Who holds an exact amount: an open order, or a submitted payment until its check settles. */
export interface AmountHold {
  amountCents: number;
  orderId: string;
  userId: string;
  expiresAt: number;
  paymentId: string | null;
}
