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
  /**
   * The referral code's owner when the order was priced (the payment the chain binds to this order
   * credits them on approval). Absent on orders opened before they were kept.
   */
  referralUserId?: string | null;
  referrerUsername?: string | null;
  createdAt: string;
  /** Epoch seconds the order closes. */
  expiresAt: number;
}

/** A TXID the customer submitted for the order (a claim: it settles when the chain's transfer is found). */
export interface OrderClaim {
  paymentId: string;
  txid: string;
  at: string;
}

/** The transfer the chain bound to the order (docs/data-model.md, "Binding a transfer to its order"). */
export interface OrderBinding {
  txid: string;
  paymentId: string;
  /** USDT received, as a decimal string ("60.37"). */
  amount: string;
  /** Block time of the transfer (ISO-8601 UTC). */
  confirmedAt: string;
  boundAt: string;
}

/** A transfer of the order's amount that came after the order had closed: the admins match it by hand. */
export interface OrderLateTransfer {
  txid: string;
  amount: string;
  confirmedAt: string;
}

/** The order as its own item holds it: what it asked for, and what became of it. */
export interface OrderDetail extends OrderRecord {
  /**
   * When the order let its amount go before its expiry (a TXID submitted for it, its payment
   * rejected, a re-price): from then on the amount may be another order's, so a transfer binds to
   * this order only up to that moment (and the grace). Null while it holds its amount to the end.
   */
  releasedAt: string | null;
  claim: OrderClaim | null;
  binding: OrderBinding | null;
  lateTransfer: OrderLateTransfer | null;
}

/**
 * Who holds an exact amount: the open order that asked for it, until `heldUntil` (epoch seconds:
 * the order's expiry, or the moment it was paid or its payment rejected). An amount whose hold has
 * ended is free; the one whose hold ended longest ago is handed out first.
 */
export interface AmountHold {
  amountCents: number;
  orderId: string;
  userId: string;
  heldUntil: number;
}
