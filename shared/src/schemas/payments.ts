import { PACKAGE_NAMES, PAYMENT, REFERRAL } from '../constants.js';
import * as z from '../zod.js';
import { pageQuerySchema } from './contact.js';
import { schema } from './schema.js';
import { requiredText } from './text.js';

/**
 * Commerce contracts (the customer Dashboard and USDT payment window; the admin Payments and
 * Wallets screens). Field names are the spec's; the server validates with
 * these and the pages validate with the same ones.
 */
export const PAYMENT_MESSAGES = {
  packageInvalid: 'Please choose one of the packages: Basic Package, Pro Package or Ultimate Package.',
  txidRequired: 'Please enter a valid TXID',
  txidTooShort: 'Transaction ID appears to be too short. Please check and try again.',
  txidTooLong: 'Transaction ID is too long. Please check and try again.',
  txidCharacters: 'Transaction ID may contain only letters and digits. Please check and try again.',
  amountInvalid: 'The amount must be a number of US dollars.',
  amountMismatch: 'The amount does not match the price of this package. Please reload and try again.',
  tooManyPending: `You already have ${PAYMENT.maxPendingPerUser} payments waiting for verification. Please wait until one of them is approved or rejected before submitting another.`,
  orderAmountMismatch: 'The amount does not match this payment order. Please send and enter the exact amount shown.',
  orderRequired: 'Please open the payment window again to get your payment order.',
  orderExpired: 'This payment order has expired. Please open the payment window again for a new amount.',
  /** An order id that is unknown, or another customer's (nothing is revealed). */
  orderNotFound: 'Payment order not found',
  orderReferralChanged:
    'The referral code differs from the one this order was priced with. Please verify the code again.',
  orderAmountsBusy:
    'Every payment amount for this package is taken by other open orders right now. Please try again in a few minutes.',
  basicUnavailable:
    'Monthly subscriptions are currently unavailable. Please try again later or choose another package.',
  referralBasicOnly: 'Referral codes apply to the Basic Package only.',
  referralInvalid: 'Invalid referral code',
  referralOwn: 'You cannot use your own referral code.',
  referralTooLong: `Referral codes are at most ${REFERRAL.codeMaxLength} characters.`,
  referralPending: 'Please wait for referral code verification or use a valid referral code',
  txidUsed: 'This transaction ID has already been submitted.',
  /**
   * Another customer submitted this TXID first and the chain has not shown its transfer yet. A
   * claim blocks nobody: the transfer goes to the order whose exact amount it carries, so the real
   * payer is paid by the chain whoever typed the TXID first.
   */
  txidClaimedElsewhere:
    'This transaction ID was already submitted for another order, and the network has not shown its transfer yet. If you sent it, you need to do nothing: your order is paid automatically as soon as the transfer of its exact amount arrives.',
  /** The chain bound the transfer, or would bind it, to another customer's order: it is not this order's. */
  txidOtherOrder:
    'This transaction belongs to another order: it carries the exact amount of another payment order. Your own payment is found automatically from the exact amount you send.',
  /** The transfer was made outside the named order's time (before it opened, or after it closed). */
  txidOutsideOrder:
    "This transaction was made outside this payment order's time, so it cannot pay it. If it is yours, please contact support: our team matches such payments by hand.",
  walletUnavailable:
    'USDT payments are unavailable right now: no payment wallet is configured. Please try again later or contact support.',
  freeTrialUsed: 'You have already used your free trial.',
  /** While no copy-trading link is set, the free trial has nothing to deliver. */
  freeTrialUnavailable: 'The free trial is not available right now. Please try again later.',
  addressRequired: 'Address is required',
  networkRequired: 'Network is required',
  currencyRequired: 'Currency is required',
  currencyInvalid: 'Currency must be USDT, BTC or ETH',
  /**
   * Said when a TXID is not TRON-shaped: told at submission, never blocking it (the
   * admin decides). An addition: the spec's success message and pending notice stay as they are.
   */
  txidNotTron:
    'This is not a TRON transaction id (64 characters, 0-9 and a-f). You can still submit it: our team checks every payment by hand.',
} as const;

/** A payment's status as an order's state reports it (the same values as PAYMENT_STATUSES). */
const PAYMENT_STATUSES_OF_ORDER = ['pending', 'completed', 'rejected', 'refunded'] as const;

/** The packages a USDT payment can buy (the free trial has its own route). */
export const PAID_PACKAGE_NAMES = [PACKAGE_NAMES.basic, PACKAGE_NAMES.pro, PACKAGE_NAMES.ultimate] as const;
export const ALL_PACKAGE_NAMES = [PACKAGE_NAMES.freeTrial, ...PAID_PACKAGE_NAMES] as const;
export const packageNameSchema = /* @__PURE__ */ schema(() => z.enum(ALL_PACKAGE_NAMES));
export const paidPackageNameSchema = /* @__PURE__ */ schema(() =>
  z.enum(PAID_PACKAGE_NAMES, { error: PAYMENT_MESSAGES.packageInvalid }),
);

export const TXID_MAX_LENGTH = 128;
/** Trimmed; 10-128 letters and digits (TRON transaction hashes are 64 hex characters). Length first, then the pattern. */
export const txidSchema = /* @__PURE__ */ schema(() =>
  requiredText(
    PAYMENT_MESSAGES.txidRequired,
    z.minLength(PAYMENT.txidMinLength, { error: PAYMENT_MESSAGES.txidTooShort, abort: true }),
    z.maxLength(TXID_MAX_LENGTH, { error: PAYMENT_MESSAGES.txidTooLong, abort: true }),
    z.regex(/^[A-Za-z0-9]+$/, { error: PAYMENT_MESSAGES.txidCharacters }),
  ),
);

/** A TRON transaction id: the 32-byte hash as 64 hexadecimal characters (TronGrid answers in lower case). */
export const TRON_TXID_PATTERN = /^[0-9a-fA-F]{64}$/;
export const isTronTxid = (txid: string): boolean => TRON_TXID_PATTERN.test(txid.trim());
/**
 * A transaction id as it is stored and compared: trimmed, without a `0x` prefix, lower case
 * (transaction hashes are hexadecimal, so case carries no meaning). Payment TXIDs and payout TXIDs
 * are kept in this one form.
 */
export const canonicalTxid = (txid: string): string => txid.trim().replace(/^0x/i, '').toLowerCase();
/**
 * The proof of a payout an admin pastes (a withdrawal's or a refund's): the TRON transaction id of
 * the USDT transfer sent, 64 hexadecimal characters in either case, with or without a `0x` prefix,
 * kept in canonical form. The shape is checked before the transform, so the schema states it as
 * data (the fuzzer and the route specs generate valid ids from it).
 */
export const payoutTxidOf = /* @__NO_SIDE_EFFECTS__ */ (messages: { required: string; invalid: string }) =>
  z.pipe(
    requiredText(messages.required, z.regex(/^(0x)?[0-9a-fA-F]{64}$/, { error: messages.invalid })),
    z.transform(canonicalTxid),
  );
/** Where an admin opens a transaction on a block explorer (the id appended). */
export const TRON_EXPLORER_TRANSACTION_URL = 'https://tronscan.org/#/transaction/';

/** Upper-cased like the modal does; empty means no code. */
export const referralCodeSchema = /* @__PURE__ */ schema(() =>
  z.pipe(
    z
      .string()
      .check(z.trim(), z.maxLength(REFERRAL.codeMaxLength, { error: PAYMENT_MESSAGES.referralTooLong, abort: true })),
    z.transform((code: string) => code.toUpperCase()),
  ),
);

/** The payment order a customer pays (opened with the payment window): its id names it on submission. */
export const orderIdSchema = /* @__PURE__ */ schema(() =>
  z
    .string({ error: PAYMENT_MESSAGES.orderRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: PAYMENT_MESSAGES.orderRequired }),
      z.maxLength(64),
      z.regex(/^[0-9A-Za-z]+$/, { error: PAYMENT_MESSAGES.orderRequired }),
    ),
);

export const openOrderInputSchema = /* @__PURE__ */ schema(() =>
  z.object({
    packageName: paidPackageNameSchema,
    referralCode: z.pipe(
      z.nullish(referralCodeSchema),
      z.transform((code: string | null | undefined) => (code ? code : null)),
    ),
  }),
);
export type OpenOrderInput = z.infer<typeof openOrderInputSchema>;

export const paymentOrderSchema = /* @__PURE__ */ schema(() =>
  z.object({
    orderId: z.string(),
    packageName: paidPackageNameSchema,
    /** The package's price and the price after the referral discount, in USD. */
    originalAmount: z.number(),
    price: z.number(),
    /** The exact USDT to send: the price plus this order's tag of 0.01 to 0.99. */
    amount: z.number(),
    referralCode: z.nullable(z.string()),
    /** When the order closes (ISO-8601 UTC) unless a TXID was submitted for it. */
    expiresAt: z.string(),
  }),
);
export type PaymentOrder = z.infer<typeof paymentOrderSchema>;
export const openOrderResponseSchema = /* @__PURE__ */ schema(() => z.object({ order: paymentOrderSchema }));

/** GET /api/payment/order/{orderId}: the caller's own order (anyone else's answers 404). */
export const orderIdPathSchema = /* @__PURE__ */ schema(() =>
  z.object({
    orderId: z
      .string({ error: PAYMENT_MESSAGES.orderNotFound })
      .check(
        z.trim(),
        z.minLength(1, { error: PAYMENT_MESSAGES.orderNotFound }),
        z.maxLength(64, { error: PAYMENT_MESSAGES.orderNotFound }),
        z.regex(/^[0-9A-Za-z]+$/, { error: PAYMENT_MESSAGES.orderNotFound }),
      ),
  }),
);

/**
 * Where an order stands, as the open payment window polls it (every ORDER.statePollMs):
 * `waiting`: open, no transfer of its amount found yet (a submitted TXID the chain has not seen is
 * not enough); `found`: the chain has a transfer bound to this order, its payment awaits approval;
 * `active`: that payment was approved; `expired`: the order closed without a payment.
 */
export const ORDER_STATES = ['waiting', 'found', 'active', 'expired'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** A USDT transfer on TRON as the customer's window names it. */
export const orderTransferSchema = /* @__PURE__ */ schema(() =>
  z.object({
    /** The transaction id (64 hex characters, lower case). */
    txid: z.string(),
    /** The USDT received, e.g. 60.37. */
    amount: z.number(),
    /** The block time of the transfer (ISO-8601 UTC). */
    confirmedAt: z.string(),
  }),
);
export type OrderTransfer = z.infer<typeof orderTransferSchema>;

export const orderStateResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({
    order: paymentOrderSchema,
    state: z.enum(ORDER_STATES),
    /**
     * The order's payment once there is one (`found`, `active`): the transfer the chain bound to it
     * ("Payment found: 60.37 USDT, being verified"), and the payment's status. `confirmedAt` is null
     * only for a payment an admin approved from its TXID before the chain's transfer was found.
     * Null while waiting and when expired.
     */
    payment: z.nullable(
      z.object({
        txid: z.string(),
        amount: z.number(),
        confirmedAt: z.nullable(z.string()),
        status: z.enum(PAYMENT_STATUSES_OF_ORDER),
      }),
    ),
    /**
     * A transfer of this order's exact amount that arrived after the order had closed (its expiry
     * plus the grace), so it was not bound automatically: the window says it arrived late and that
     * the team will match it (it is listed in the back-office's unmatched transfers). Null otherwise.
     */
    lateTransfer: z.nullable(orderTransferSchema),
  }),
);
export type OrderStateResponse = z.infer<typeof orderStateResponseSchema>;

export const submitUsdtPaymentInputSchema = /* @__PURE__ */ schema(() =>
  z.object({
    orderId: orderIdSchema,
    packageName: paidPackageNameSchema,
    txid: txidSchema,
    // zod 4 numbers refuse Infinity and NaN themselves (classic's `.finite()` was a no-op).
    amount: z.number({ error: PAYMENT_MESSAGES.amountInvalid }).check(z.nonnegative(), z.lte(1_000_000)),
    referralCode: z.pipe(
      z.nullish(referralCodeSchema),
      z.transform((code: string | null | undefined) => (code ? code : null)),
    ),
  }),
);
export type SubmitUsdtPaymentInput = z.infer<typeof submitUsdtPaymentInputSchema>;

export const verifyReferralInputSchema = /* @__PURE__ */ schema(() =>
  z.object({
    referralCode: z.pipe(
      referralCodeSchema,
      z.string().check(z.minLength(1, { error: PAYMENT_MESSAGES.referralInvalid })),
    ),
  }),
);

/** YYYY-MM-DD (UTC) or null. */
export const isoDateSchema = /* @__PURE__ */ schema(() => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)));

/** `refunded`: its payment was refunded, so the period it bought ended (docs/data-model.md, "Refund request"). */
export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'expired', 'rejected', 'refunded'] as const;

/** A refund request's state: pending (requested), approved (refunded, with the payout TXID) or refused (with the reason). */
export const REFUND_STATUSES = ['pending', 'approved', 'refused'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** The refund request of a purchase, as its Billing History row shows it. */
export const subscriptionRefundSchema = /* @__PURE__ */ schema(() =>
  z.object({
    _id: z.string(),
    status: z.enum(REFUND_STATUSES),
    /** When it was asked for (ISO-8601 UTC). */
    requestedAt: z.string(),
    /** When an admin approved or refused it; null while pending. */
    decidedAt: z.nullable(z.string()),
    /** The USDT transfer that paid the refund (64 hex characters), once approved. */
    payoutTxid: z.nullable(z.string()),
    /** Why it was refused, once refused. */
    refusalReason: z.nullable(z.string()),
  }),
);
export type SubscriptionRefund = z.infer<typeof subscriptionRefundSchema>;

/**
 * How a subscription came about: bought with USDT, the free trial, or given by support (a grant or an
 * extension an administrator made, with no payment and no amount).
 */
export const SUBSCRIPTION_PAYMENT_METHODS = ['usdt', 'free', 'support'] as const;
export type SubscriptionPaymentMethod = (typeof SUBSCRIPTION_PAYMENT_METHODS)[number];

export const subscriptionSchema = /* @__PURE__ */ schema(() =>
  z.object({
    _id: z.string(),
    packageName: packageNameSchema,
    status: z.enum(SUBSCRIPTION_STATUSES),
    /** Null until the payment is approved. */
    startDate: z.nullable(isoDateSchema),
    /** Null until approved, and for Ultimate ('Lifetime'). */
    endDate: z.nullable(isoDateSchema),
    paymentMethod: z.enum(SUBSCRIPTION_PAYMENT_METHODS),
    isExtension: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** The USDT payment that bought it (its receipt); null for the free trial. Absent from older answers. */
    paymentId: z.optional(z.nullable(z.string())),
    /**
     * The exact USDT amount its payment order asked for (price plus the order's cents tag), what
     * the customer sent; null for the free trial and for purchases made before payment orders.
     */
    amount: z.optional(z.nullable(z.number())),
    /** When support ended it before its time (ISO-8601 UTC); absent otherwise. */
    endedAt: z.optional(z.nullable(z.string())),
    /** The purchase's refund request, if one was made (absent from older answers). */
    refund: z.optional(z.nullable(subscriptionRefundSchema)),
    /**
     * Until when (ISO-8601 UTC) the customer may still ask for a refund under the money-back
     * guarantee: set only on a paid purchase without a request, while the guarantee runs.
     */
    refundableUntil: z.optional(z.nullable(z.string())),
  }),
);
export type Subscription = z.infer<typeof subscriptionSchema>;

export const packageStatusResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({
    success: z.literal(true),
    hasActiveBasicPackage: z.boolean(),
    isBasicPackageEnabled: z.boolean(),
    /** False while no copy-trading link is set: the free trial cannot be activated. */
    isFreeTrialAvailable: z._default(z.boolean(), true),
    /** The copy-trading link, only while the caller's free trial runs; else null. */
    copyTradingLink: z._default(z.nullable(z.string()), null),
  }),
);
export const walletDetailsResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({ walletAddress: z.string(), network: z.string() }),
);
export const verifyReferralResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({
    success: z.boolean(),
    discount: z.number(),
    referralUser: z.nullable(z.object({ username: z.string() })),
    message: z.string(),
  }),
);
export const submitUsdtPaymentResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({
    message: z.string(),
    pendingSubscription: subscriptionSchema,
    /** Only when the TXID is not TRON-shaped: PAYMENT_MESSAGES.txidNotTron (the payment is saved all the same). */
    txidWarning: z.optional(z.string()),
  }),
);
export const activeSubscriptionResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({ subscription: z.nullable(subscriptionSchema) }),
);
export const subscriptionsResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({ subscriptions: z.array(subscriptionSchema) }),
);
export const freeTrialResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({ message: z.string(), subscription: subscriptionSchema }),
);
export const publicSubscriptionSettingsResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({
    success: z.literal(true),
    settings: z.object({ basicPackageEnabled: z.boolean() }),
  }),
);

/**
 * What the TRON network says about a payment's TXID (docs/data-model.md, the payment's chainCheck).
 * 'match': a solidified, successful USDT transfer to the payment's wallet, of at least the amount
 * due, inside the payment window. 'mismatch': the chain's final answer differs (failed, not USDT,
 * another wallet, too little, too old). 'pending': not on the chain yet, shortly after submission.
 * 'not-found': still unknown to the chain later on. 'invalid': not a TRON transaction id. 'error':
 * the TRON API could not be asked (timeout, rate limit, outage). Only 'pending', 'not-found' and
 * 'error' are checked again (every 5 minutes for 24 hours). A verdict never decides by itself.
 */
export const CHAIN_CHECK_STATUSES = ['match', 'mismatch', 'pending', 'not-found', 'invalid', 'error'] as const;
export type ChainCheckStatus = (typeof CHAIN_CHECK_STATUSES)[number];
/** The verdicts job-chain-recheck asks again about (a payment without a verdict yet too). */
export const CHAIN_CHECK_RECHECKABLE: readonly ChainCheckStatus[] = ['pending', 'not-found', 'error'];
/** How often and for how long a pending payment is checked again (shared/src/schedules.ts job-chain-recheck). */
export const CHAIN_RECHECK = { everyMinutes: 5, forHours: 24 } as const;
export const chainCheckSchema = /* @__PURE__ */ schema(() =>
  z.object({
    status: z.enum(CHAIN_CHECK_STATUSES),
    /** When the check ran (ISO-8601 UTC). */
    checkedAt: z.string(),
    /** The block time of the transaction (ISO-8601 UTC); null when the chain has no receipt. */
    confirmedAt: z.nullable(z.string()),
    /** Sender and recipient of the USDT transfer (T-addresses); null without one. */
    from: z.nullable(z.string()),
    to: z.nullable(z.string()),
    /** The USDT transferred to the payment's wallet (or the transfer shown), as a decimal string, e.g. "79.5". */
    amount: z.nullable(z.string()),
    blockNumber: z.nullable(z.number()),
    /** Why it is not a match, in words an admin reads (empty for a match). */
    reasons: z.array(z.string()),
    /** Whether the sender's address paid other customers' orders before (absent on older checks). */
    payerPaidOthers: z.optional(z.boolean()),
  }),
);
export type ChainCheck = z.infer<typeof chainCheckSchema>;

/** `refunded`: a completed payment whose refund was approved (its revenue stays counted, refunds apart). */
export const PAYMENT_STATUSES = PAYMENT_STATUSES_OF_ORDER;

/**
 * How a payment got its transfer (docs/data-model.md, "Transfer" and "Binding a transfer to its
 * order"): found by the wallet watcher (`watcher`), through the on-chain check of a submitted TXID
 * (`txid-check`), or given to the customer by an admin from the unmatched transfers (`admin`).
 */
export const BINDING_SOURCES = ['watcher', 'txid-check', 'admin'] as const;
export const paymentBindingSchema = /* @__PURE__ */ schema(() =>
  z.object({
    source: z.enum(BINDING_SOURCES),
    /** The transfer's transaction id. */
    txid: z.string(),
    /** When the transfer was bound to the order (ISO-8601 UTC). */
    boundAt: z.string(),
    /**
     * Why the binding is ambiguous, in words the admin's modal shows (the amount was re-issued
     * within ORDER.ambiguousWithinHours of an earlier order of it ending unpaid, so the transfer
     * may be that customer's late payment); null when it is not. Never auto-approved.
     */
    ambiguous: z.nullable(z.string()),
    /** The transfer is dated before the order was created (within the clock-skew allowance). */
    predatesOrder: z.boolean(),
    /** Why the automatic approval did not approve it (empty when it did, or when it is off). */
    autoApprovalWithheld: z.array(z.string()),
    /** The administrator who assigned it (`admin` only). */
    assignedBy: z.optional(z.nullable(z.string())),
  }),
);
export type PaymentBinding = z.infer<typeof paymentBindingSchema>;
/** A payment row of the admin lists (plus the wallet the customer was shown). */
export const paymentSchema = /* @__PURE__ */ schema(() =>
  z.object({
    _id: z.string(),
    userId: z.object({ _id: z.string(), username: z.string(), email: z.string() }),
    packageName: packageNameSchema,
    amount: z.number(),
    originalAmount: z.number(),
    hasReferralDiscount: z.boolean(),
    referralDiscount: z.number(),
    referralCode: z.nullable(z.string()),
    referralUserId: z.nullable(z.object({ _id: z.string(), username: z.string(), email: z.string() })),
    referralCredited: z.boolean(),
    currency: z.string(),
    transactionId: z.string(),
    /** The payment order and its exact amount to send; null on payments from before orders existed. */
    orderId: z.nullable(z.string()),
    orderAmount: z.nullable(z.number()),
    status: z.enum(PAYMENT_STATUSES),
    paymentMethod: z.enum(['usdt', 'free']),
    walletAddress: z.string(),
    network: z.string(),
    /** The latest on-chain pre-check of the TXID; null until the first check has run. */
    chainCheck: z.nullable(chainCheckSchema),
    /** The payment's latest refund request and its state; null without one (absent from older answers). */
    refund: z.optional(z.nullable(z.object({ _id: z.string(), status: z.enum(REFUND_STATUSES) }))),
    /** The lifetime of the order it pays (ISO-8601 UTC); null on payments without an order. */
    orderCreatedAt: z.optional(z.nullable(z.string())),
    orderExpiresAt: z.optional(z.nullable(z.string())),
    /** How the chain's transfer came to this payment; null while it is only a submitted TXID. */
    binding: z.optional(z.nullable(paymentBindingSchema)),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type Payment = z.infer<typeof paymentSchema>;

/** Counts for the admin's stat cards, from the payment aggregates (not from the page). */
export const paymentSummarySchema = /* @__PURE__ */ schema(() =>
  z.object({ total: z.number(), pending: z.number(), completed: z.number() }),
);

export const adminListQuerySchema = /* @__PURE__ */ schema(() =>
  z.extend(pageQuerySchema, {
    search: z.optional(z.string().check(z.trim(), z.maxLength(128, { error: 'search is too long' }))),
  }),
);
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

/**
 * How a list's search answered (docs/data-model.md, "Search, stated honestly"), so the screen can say what it looked at.
 * `start`: the term starts a username or e-mail, answered from the prefix indexes. `inside`:
 * nothing starts with it, so the newest records were searched for it anywhere in their fields.
 * `limitedTo` is set when that was not everything: an `inside` page looked at only this many of
 * the newest records (the cursor searches older ones), or a `start` search took only this many
 * matching users (a longer term narrows it).
 */
export const listSearchScopeSchema = /* @__PURE__ */ schema(() =>
  z.object({
    matched: z.enum(['start', 'inside']),
    limitedTo: z.nullable(z.number()),
  }),
);
export type ListSearchScope = z.infer<typeof listSearchScopeSchema>;

export const pendingPaymentsResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({
    pendingPayments: z.array(paymentSchema),
    nextCursor: z.nullable(z.string()),
    summary: paymentSummarySchema,
  }),
);
export const allPaymentsResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({
    payments: z.array(paymentSchema),
    nextCursor: z.nullable(z.string()),
    summary: paymentSummarySchema,
  }),
);
export const paymentDecisionResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({ message: z.string(), payment: paymentSchema }),
);
/** POST /api/payment/chain-check/{id}: the payment with the verdict just stored. */
export const paymentChainCheckResponseSchema = /* @__PURE__ */ schema(() => z.object({ payment: paymentSchema }));

export const WALLET_CURRENCIES = PAYMENT.walletCurrencies;
export const walletSchema = /* @__PURE__ */ schema(() =>
  z.object({
    _id: z.string(),
    address: z.string(),
    network: z.string(),
    currency: z.enum(WALLET_CURRENCIES),
    isActive: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type Wallet = z.infer<typeof walletSchema>;

/** Add (no `_id`) or update (`_id`; the address cannot change once saved). */
export const walletSaveInputSchema = /* @__PURE__ */ schema(() =>
  z.object({
    _id: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
    address: requiredText(PAYMENT_MESSAGES.addressRequired, z.maxLength(128, { error: 'Address is too long' })),
    network: requiredText(PAYMENT_MESSAGES.networkRequired, z.maxLength(32, { error: 'Network is too long' })),
    currency: z.enum(WALLET_CURRENCIES, { error: PAYMENT_MESSAGES.currencyInvalid }),
    isActive: z._default(z.boolean(), false),
  }),
);
export type WalletSaveInput = z.infer<typeof walletSaveInputSchema>;
export const walletsResponseSchema = /* @__PURE__ */ schema(() => z.object({ wallets: z.array(walletSchema) }));
export const walletSaveResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({ message: z.string(), wallet: walletSchema }),
);

export const RECEIPT_MESSAGES = {
  /** Said for an unknown payment, one not completed, and anyone else's alike: nothing is revealed. */
  notFound: 'Receipt not found',
  loadFailed: 'Failed to load the receipt',
} as const;

/** The receipt number of a payment: `R-` and the payment's id. */
export const receiptNumber = (paymentId: string) => `R-${paymentId}`;

/** GET /api/payment/receipt/{id}: a completed payment as its receipt states it. */
export const receiptSchema = /* @__PURE__ */ schema(() =>
  z.object({
    receiptNumber: z.string(),
    paymentId: z.string(),
    sellerName: z.string(),
    customer: z.object({ username: z.string(), email: z.string() }),
    packageName: packageNameSchema,
    /** The package's price when bought, before the referral discount (USD). */
    priceUsd: z.number(),
    discountUsd: z.number(),
    /** What the customer paid, in USDT. */
    amountPaid: z.number(),
    currency: z.string(),
    transactionId: z.string(),
    /** The transaction on a block explorer (Tronscan). */
    explorerUrl: z.string(),
    /** When the payment was approved (ISO instant); null if the record lacks it. */
    approvedAt: z.nullable(z.string()),
    subscription: z.nullable(z.object({ startDate: z.nullable(isoDateSchema), endDate: z.nullable(isoDateSchema) })),
  }),
);
export type Receipt = z.infer<typeof receiptSchema>;
export const receiptResponseSchema = /* @__PURE__ */ schema(() => z.object({ receipt: receiptSchema }));
