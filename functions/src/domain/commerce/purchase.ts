import {
  DEFAULT_PACKAGE_PRICES_USD,
  FREE_TRIAL_DAYS,
  PACKAGE_NAMES,
  PAYMENT,
  PAYMENT_MESSAGES,
  REFERRAL,
  SETTINGS_MESSAGES,
  amountMatches,
  centsToUsd,
  discountedPrice,
  toCents,
  type PackageName,
  type PackageSlug,
  type Subscription,
  type SubmitUsdtPaymentInput,
  ACCOUNT_MESSAGES,
} from '@goldbot/shared';
import type { OrderDetail, OrderRecord } from '../records/order-record.js';
import type { TransferRecord } from '../records/transfer-record.js';
import { normalizeTxid, paymentSearchText, type PaymentRecord } from '../records/payment-record.js';
import type { SubscriptionRecord } from '../records/subscription-record.js';
import type { ActiveWalletPointer } from '../records/active-wallet-pointer.js';
import type { EmailTemplate } from '../email/templates.js';
import {
  ConflictError,
  ForbiddenError,
  ServiceUnavailableError,
  UnauthorizedError,
  ValidationError,
} from '../errors.js';
import { basicIsActive, freeTrialPeriod, utcDay } from './package-dates.js';
import { isSamePerson } from './canonical-email.js';

/**
 * The customer's side of commerce as plain rules (the payment window and the submit route;
 * docs/decisions.md, "Data: one table"; docs/data-model.md, "Submit a USDT payment", "Free trial"): what a purchase costs, which referral
 * codes count, what a submission writes, and which subscription is "current". No I/O here: the
 * use cases (customer-commerce.ts) read a snapshot, call these, and hand the plan to the store.
 *
 * Over 400 lines on purpose: the purchase's price, referral and plan rules are checked together
 * (the store re-checks the same conditions inside its transaction), and reading them in one file
 * is how a reviewer sees that a price can never be set by the client.
 */

export const PURCHASE_MESSAGES = {
  submitted: (packageName: string) =>
    `Payment submitted successfully! Your ${packageName} will be activated within ${PAYMENT.verificationHours} hours.`,
  freeTrialActivated: `Free trial activated! You now have ${FREE_TRIAL_DAYS} days of access.`,
  referralValid: (username: string) => `Valid referral code from ${username}! You save $${REFERRAL.discountUsd}.`,
  priceChanged: 'The price of this package has just changed. Please reload the page and try again.',
  busy: 'Many payments are being submitted right now. Please try again in a moment.',
  deactivated: ACCOUNT_MESSAGES.deactivated,
  noProfile: ACCOUNT_MESSAGES.noProfile,
} as const;

/** What a purchase needs to know about the buyer (the profile), including the commerce fields. */
export interface CustomerProfile {
  _id: string;
  username: string;
  email: string;
  isActive: boolean;
  referralCode: string;
  /** End of the last paid Basic month (`YYYY-MM-DD`), set by approvals. */
  basicPaidThrough: string | null;
  freeTrialStartedAt: string | null;
  /** Payments of this customer waiting for a decision (PAYMENT.maxPendingPerUser at most). */
  pendingPayments?: number;
}

/** A referral-code marker: the code's owner. */
export interface ReferralMarker {
  code: string;
  userId: string;
  username: string;
  /** The owner's canonical e-mail (`canonicalEmail`); absent on markers written before it was kept. */
  emailKey?: string;
}

/** The TXID marker: who spent the transaction id, on which payment and subscription. */
export interface TxidMarker {
  txidNormalized: string;
  paymentId: string;
  subscriptionId: string;
  userId: string;
  packageSlug: PackageSlug;
  packageName: PackageName;
  isExtension: boolean;
  createdAt: string;
}

/** Everything the submit transaction reads, in one consistent BatchGetItem. */
export interface PurchaseSnapshot {
  profile: CustomerProfile | null;
  /** The catalog price; null when the catalog has no item for the package (never seeded: the default price applies). */
  catalogPriceUsd: number | null;
  /** The catalog item's on-sale flag (missing item or flag: on sale). Basic's is `basicPackageEnabled`. */
  catalogOnSale: boolean;
  basicPackageEnabled: boolean;
  wallet: ActiveWalletPointer | null;
  /** The marker of the typed code; null without a code or when no such code exists. */
  referral: ReferralMarker | null;
  /** The buyer's order of the package (open or not), which the submission must name. */
  order: OrderRecord | null;
  /** The marker of the submitted TXID, when it was already spent. */
  txidMarker: TxidMarker | null;
  /** The chain's transfer of the submitted TXID, when the wallet watcher or a check recorded it. */
  transfer: TransferRecord | null;
  /** The order the submission names, from its own item (null: unknown, or opened before orders had one). */
  namedOrder: OrderDetail | null;
  /** The package's pending mail (an admin-edited template or the default). */
  template: EmailTemplate;
}

/** What the submit transaction writes, plus the conditions it re-checks inside the transaction. */
export interface PurchasePlan {
  payment: PaymentRecord;
  subscription: SubscriptionRecord;
  marker: TxidMarker;
  /** The price read: the catalog item must still say this (null: still have no catalog item). */
  catalogPriceUsd: number | null;
  /** Basic only: the settings must still have Basic on sale. */
  requireBasicEnabled: boolean;
  /** Every other package: its catalog item must still be on sale. */
  requireOnSale: boolean;
  /** The referral code whose marker must still exist and not be the buyer's. */
  referralCode: string | null;
  /**
   * The order the TXID is submitted for: the customer's current-order copy goes with the
   * submission, the order's own item records the claim, and its amount is free again at once (a
   * claim holds nothing; the order's lifetime still binds a transfer of its amount to it).
   */
  order: OrderRecord;
  /** The order has its own item (orders opened before it had none): the claim is recorded there. */
  recordClaim: boolean;
}

const SLUG_BY_NAME = Object.fromEntries(
  (Object.entries(PACKAGE_NAMES) as [PackageSlug, PackageName][]).map(([slug, name]) => [name, slug]),
) as Record<PackageName, PackageSlug>;

export const packageSlugOf = (name: PackageName): PackageSlug => SLUG_BY_NAME[name];

// ---------------------------------------------------------------------------------------------
// Referral codes.

export type ReferralVerdict =
  { ok: true; referrer: ReferralMarker } | { ok: false; reason: 'invalid' | 'own'; message: string };

export function judgeReferral(marker: ReferralMarker | null, buyerId: string, buyerEmail?: string): ReferralVerdict {
  if (!marker) return { ok: false, reason: 'invalid', message: PAYMENT_MESSAGES.referralInvalid };
  // One person earns no reward on themself, from this account or another of the same mailbox.
  if (isSamePerson(marker, buyerId, buyerEmail)) {
    return { ok: false, reason: 'own', message: PAYMENT_MESSAGES.referralOwn };
  }
  return { ok: true, referrer: marker };
}

/** The verify-referral answer of the API. */
export function referralAnswer(verdict: ReferralVerdict) {
  return verdict.ok
    ? {
        success: true,
        discount: REFERRAL.discountUsd,
        referralUser: { username: verdict.referrer.username },
        message: PURCHASE_MESSAGES.referralValid(verdict.referrer.username),
      }
    : { success: false, discount: 0, referralUser: null, message: verdict.message };
}

// ---------------------------------------------------------------------------------------------
// Submitting a USDT payment.

const fieldError = (field: string, message: string) => new ValidationError(message, { [field]: message });

/** What opening an order and submitting a payment both read about the purchase. */
export type PurchaseContext = Pick<
  PurchaseSnapshot,
  'profile' | 'catalogPriceUsd' | 'catalogOnSale' | 'basicPackageEnabled' | 'wallet' | 'referral'
>;

/**
 * The rules an order and a submission share, in order: the package on sale (409; Basic with the
 * spec's sentence), the referral code (Basic only, exists, not the buyer's: 400), a wallet to pay
 * to (503), the buyer's account; then what is due.
 */
export function purchaseTerms(
  input: { packageName: SubmitUsdtPaymentInput['packageName']; referralCode: string | null },
  snapshot: PurchaseContext,
  buyerId: string,
) {
  const slug = packageSlugOf(input.packageName);
  if (slug === 'basic' && !snapshot.basicPackageEnabled) throw new ConflictError(PAYMENT_MESSAGES.basicUnavailable);
  if (slug !== 'basic' && !snapshot.catalogOnSale) {
    throw new ConflictError(SETTINGS_MESSAGES.packageUnavailable(input.packageName));
  }
  let referrer: ReferralMarker | null = null;
  if (input.referralCode) {
    if (slug !== 'basic') throw fieldError('referralCode', PAYMENT_MESSAGES.referralBasicOnly);
    const verdict = judgeReferral(snapshot.referral, buyerId, snapshot.profile?.email);
    if (!verdict.ok) throw fieldError('referralCode', verdict.message);
    referrer = verdict.referrer;
  }
  const wallet = snapshot.wallet;
  if (!wallet) throw new ServiceUnavailableError(PAYMENT_MESSAGES.walletUnavailable);
  const profile = snapshot.profile;
  if (!profile) throw new UnauthorizedError(PURCHASE_MESSAGES.noProfile);
  if (!profile.isActive) throw new ForbiddenError(PURCHASE_MESSAGES.deactivated);
  const price = snapshot.catalogPriceUsd ?? DEFAULT_PACKAGE_PRICES_USD[input.packageName];
  return { slug, referrer, wallet, profile, due: discountedPrice(price, referrer ? REFERRAL.discountUsd : 0) };
}

/**
 * The payment and pending subscription a submission creates, or the domain error that refuses it.
 * Checks purchaseTerms, then the order it names: open (400 without
 * one, 409 once expired), priced with the same code and price (400, 409), and its exact amount (400).
 */
export function planPurchase(
  input: SubmitUsdtPaymentInput,
  snapshot: PurchaseSnapshot,
  buyerId: string,
  at: Date,
  ids: { paymentId: string; subscriptionId: string },
): PurchasePlan {
  const { slug, referrer, wallet, profile, due } = purchaseTerms(input, snapshot, buyerId);
  // Each pending payment is checked on chain until it settles: a few at a time per customer.
  if ((profile.pendingPayments ?? 0) >= PAYMENT.maxPendingPerUser) {
    throw new ConflictError(PAYMENT_MESSAGES.tooManyPending);
  }
  const order = orderOfSubmission(input, snapshot.order, at);
  // The order was priced with the same code: the window verified it, and re-priced the order.
  if ((order.referralCode ?? null) !== (referrer ? referrer.code : null)) {
    throw fieldError('referralCode', PAYMENT_MESSAGES.orderReferralChanged);
  }
  // The price moved since the order was made: its amount is no longer what the package costs.
  if (order.originalAmountCents !== toCents(due.originalAmount) || order.priceCents !== toCents(due.amount)) {
    throw new ConflictError(PURCHASE_MESSAGES.priceChanged);
  }
  if (!amountMatches(input.amount, centsToUsd(order.amountCents))) {
    throw fieldError('amount', PAYMENT_MESSAGES.orderAmountMismatch);
  }

  const { payment, subscription, marker } = purchaseRecords({
    profile,
    order,
    referrer: referrer ? { code: referrer.code, userId: referrer.userId, username: referrer.username } : null,
    wallet,
    transactionId: input.txid,
    at,
    ids,
  });
  return {
    payment,
    subscription,
    marker,
    catalogPriceUsd: snapshot.catalogPriceUsd,
    requireBasicEnabled: slug === 'basic',
    requireOnSale: slug !== 'basic',
    referralCode: referrer ? referrer.code : null,
    order,
    recordClaim: snapshot.namedOrder?.orderId === order.orderId,
  };
}

/**
 * The pending payment, its subscription and its TXID marker for an order paid with
 * `transactionId`: what a TXID submission writes, and what the chain's binding of a transfer to an
 * order writes when the customer submitted nothing (docs/data-model.md, "Binding a transfer to its
 * order"). The amounts are the order's: its price, its discount, its exact amount.
 */
export function purchaseRecords(request: {
  profile: Pick<CustomerProfile, '_id' | 'username' | 'email' | 'basicPaidThrough'>;
  order: OrderRecord;
  referrer: { code: string; userId: string | null; username: string | null } | null;
  wallet: { address: string; network: string; currency: string };
  transactionId: string;
  at: Date;
  ids: { paymentId: string; subscriptionId: string };
}): { payment: PaymentRecord; subscription: SubscriptionRecord; marker: TxidMarker } {
  const { profile, order, referrer, wallet, at, ids } = request;
  const slug = order.packageSlug;
  const now = at.toISOString();
  const isExtension = slug === 'basic' && basicIsActive(profile.basicPaidThrough, utcDay(at));
  const transactionId = request.transactionId.trim();
  const txidNormalized = normalizeTxid(transactionId);
  const payment: PaymentRecord = {
    _id: ids.paymentId,
    userId: profile._id,
    username: profile.username,
    email: profile.email,
    packageSlug: slug,
    packageName: order.packageName,
    amount: centsToUsd(order.priceCents),
    originalAmount: centsToUsd(order.originalAmountCents),
    hasReferralDiscount: referrer !== null,
    referralDiscount: referrer ? centsToUsd(order.originalAmountCents - order.priceCents) : 0,
    referralCode: referrer ? referrer.code : null,
    referralUserId: referrer ? referrer.userId : null,
    referrerUsername: referrer ? referrer.username : null,
    // The REFCODE marker holds no e-mail; the approval reads the referrer's profile anyway.
    referrerEmail: null,
    referralReward: referrer ? REFERRAL.rewardUsd : 0,
    referralCredited: false,
    currency: PAYMENT.defaultCurrency,
    paymentMethod: 'usdt',
    transactionId,
    txidNormalized,
    orderId: order.orderId,
    orderAmount: centsToUsd(order.amountCents),
    orderCreatedAt: order.createdAt,
    orderExpiresAt: new Date(order.expiresAt * 1000).toISOString(),
    wallet: { address: wallet.address, network: wallet.network, currency: wallet.currency },
    subscriptionId: ids.subscriptionId,
    status: 'pending',
    searchText: paymentSearchText({ username: profile.username, email: profile.email, transactionId }),
    createdAt: now,
    updatedAt: now,
  };
  const subscription: SubscriptionRecord = {
    _id: ids.subscriptionId,
    userId: profile._id,
    username: profile.username,
    email: profile.email,
    packageSlug: slug,
    packageName: order.packageName,
    status: 'pending',
    startDate: null,
    endDate: null,
    paymentMethod: 'usdt',
    paymentId: ids.paymentId,
    amount: centsToUsd(order.amountCents),
    isExtension,
    notificationSent: false,
    createdAt: now,
    updatedAt: now,
  };
  return {
    payment,
    subscription,
    marker: {
      txidNormalized,
      paymentId: ids.paymentId,
      subscriptionId: ids.subscriptionId,
      userId: profile._id,
      packageSlug: slug,
      packageName: order.packageName,
      isExtension,
      createdAt: now,
    },
  };
}

/** The open order the submission names; 400 without one, 409 once it has expired. */
function orderOfSubmission(input: SubmitUsdtPaymentInput, order: OrderRecord | null, at: Date): OrderRecord {
  if (!order || order.orderId !== input.orderId) throw fieldError('orderId', PAYMENT_MESSAGES.orderRequired);
  if (order.expiresAt <= Math.floor(at.getTime() / 1000)) throw new ConflictError(PAYMENT_MESSAGES.orderExpired);
  return order;
}

/**
 * A TXID already spent is an idempotent replay (double click, retry) only when the same buyer
 * sent it for the same package (docs/data-model.md, "Submit a USDT payment", double click); anything else is a reuse (409).
 */
export const isReplay = (marker: TxidMarker, buyerId: string, packageName: PackageName): boolean =>
  marker.userId === buyerId && marker.packageSlug === packageSlugOf(packageName);

/**
 * The pending subscription a replay answers with, when only the marker is known: the transaction
 * that wrote it committed a moment ago, so its subscription is still the pending one it created.
 */
export const pendingViewFromMarker = (marker: TxidMarker): Subscription => ({
  _id: marker.subscriptionId,
  packageName: marker.packageName,
  status: 'pending',
  startDate: null,
  endDate: null,
  paymentMethod: 'usdt',
  isExtension: marker.isExtension,
  createdAt: marker.createdAt,
  updatedAt: marker.createdAt,
  paymentId: marker.paymentId,
});

// ---------------------------------------------------------------------------------------------
// The free trial.

/**
 * The active free-trial subscription of a buyer who never had one, while the trial is offered and
 * has a copy-trading link to deliver (else 409), with the link its mail carries.
 */
export function planFreeTrial(
  profile: CustomerProfile,
  at: Date,
  subscriptionId: string,
  offer: { onSale: boolean; copyTradingLink: string | null },
): { subscription: SubscriptionRecord; link: string } {
  if (!profile.isActive) throw new ForbiddenError(PURCHASE_MESSAGES.deactivated);
  if (!offer.onSale) throw new ConflictError(SETTINGS_MESSAGES.packageUnavailable(PACKAGE_NAMES.freeTrial));
  if (profile.freeTrialStartedAt) throw new ConflictError(PAYMENT_MESSAGES.freeTrialUsed);
  const link = offer.copyTradingLink;
  if (!link) throw new ConflictError(PAYMENT_MESSAGES.freeTrialUnavailable);
  const { startDate, endDate } = freeTrialPeriod(at);
  const now = at.toISOString();
  const subscription: SubscriptionRecord = {
    _id: subscriptionId,
    userId: profile._id,
    username: profile.username,
    email: profile.email,
    packageSlug: 'freeTrial',
    packageName: PACKAGE_NAMES.freeTrial,
    status: 'active',
    startDate,
    endDate,
    paymentMethod: 'free',
    paymentId: null,
    isExtension: false,
    notificationSent: false,
    createdAt: now,
    updatedAt: now,
  };
  return { subscription, link };
}

// ---------------------------------------------------------------------------------------------
// Which subscription is "current" (the dashboard's Billing History).

const runsOn = (sub: Subscription, today: string) =>
  sub.status === 'active' &&
  sub.startDate !== null &&
  sub.startDate <= today &&
  (sub.endDate === null || sub.endDate >= today);

const newestFirst = (a: Subscription, b: Subscription) =>
  a.createdAt === b.createdAt ? b._id.localeCompare(a._id) : b.createdAt.localeCompare(a.createdAt);

/** Newest first by creation time (ULIDs break ties). */
export const sortNewestFirst = (subs: readonly Subscription[]): Subscription[] => [...subs].sort(newestFirst);

/**
 * The subscription the dashboard shows: the one active today (the newest, if several run at
 * once), else the next active one starting later (the earliest start), else the latest pending
 * one, else none. Takes effective statuses (an active row past its end date reads expired).
 */
export function currentSubscription(subs: readonly Subscription[], today: string): Subscription | null {
  const sorted = sortNewestFirst(subs);
  const running = sorted.find((sub) => runsOn(sub, today));
  if (running) return running;
  const upcoming = sorted
    .filter((sub) => sub.status === 'active' && sub.startDate !== null && sub.startDate > today)
    .sort((a, b) => (a.startDate ?? '').localeCompare(b.startDate ?? '') || newestFirst(a, b))[0];
  if (upcoming) return upcoming;
  return sorted.find((sub) => sub.status === 'pending') ?? null;
}
