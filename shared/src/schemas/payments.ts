import { z } from 'zod';
import { PACKAGE_NAMES, PAYMENT, REFERRAL } from '../constants.js';
import { pageQuerySchema } from './contact.js';

/**
 * Commerce contracts (customer §2 Dashboard, USDT payment modal, §3, §5, §7; admin §2 Admin
 * payments, Admin wallets, §3, §5, §7). Field names are the spec's; the server validates with
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
  basicUnavailable:
    'Monthly subscriptions are currently unavailable. Please try again later or choose another package.',
  referralBasicOnly: 'Referral codes apply to the Basic Package only.',
  referralInvalid: 'Invalid referral code',
  referralOwn: 'You cannot use your own referral code.',
  referralTooLong: `Referral codes are at most ${REFERRAL.codeMaxLength} characters.`,
  referralPending: 'Please wait for referral code verification or use a valid referral code',
  txidUsed: 'This transaction ID has already been submitted.',
  walletUnavailable:
    'USDT payments are unavailable right now: no payment wallet is configured. Please try again later or contact support.',
  freeTrialUsed: 'You have already used your free trial.',
  addressRequired: 'Address is required',
  networkRequired: 'Network is required',
  currencyRequired: 'Currency is required',
  currencyInvalid: 'Currency must be USDT, BTC or ETH',
} as const;

/** The packages a USDT payment can buy (the free trial has its own route). */
export const PAID_PACKAGE_NAMES = [PACKAGE_NAMES.basic, PACKAGE_NAMES.pro, PACKAGE_NAMES.ultimate] as const;
export const ALL_PACKAGE_NAMES = [PACKAGE_NAMES.freeTrial, ...PAID_PACKAGE_NAMES] as const;
export const packageNameSchema = z.enum(ALL_PACKAGE_NAMES);
export const paidPackageNameSchema = z.enum(PAID_PACKAGE_NAMES, { error: PAYMENT_MESSAGES.packageInvalid });

export const TXID_MAX_LENGTH = 128;
/** Trimmed; 10-128 letters and digits (TRON transaction hashes are 64 hex characters). Length first, then the pattern. */
export const txidSchema = z
  .string({ error: PAYMENT_MESSAGES.txidRequired })
  .trim()
  .min(1, { error: PAYMENT_MESSAGES.txidRequired, abort: true })
  .min(PAYMENT.txidMinLength, { error: PAYMENT_MESSAGES.txidTooShort, abort: true })
  .max(TXID_MAX_LENGTH, { error: PAYMENT_MESSAGES.txidTooLong, abort: true })
  .regex(/^[A-Za-z0-9]+$/, { error: PAYMENT_MESSAGES.txidCharacters });

/** Upper-cased like the modal does; empty means no code. */
export const referralCodeSchema = z
  .string()
  .trim()
  .max(REFERRAL.codeMaxLength, { error: PAYMENT_MESSAGES.referralTooLong, abort: true })
  .transform((code) => code.toUpperCase());

export const submitUsdtPaymentInputSchema = z.object({
  packageName: paidPackageNameSchema,
  txid: txidSchema,
  amount: z.number({ error: PAYMENT_MESSAGES.amountInvalid }).finite().nonnegative().max(1_000_000),
  referralCode: referralCodeSchema.nullish().transform((code) => (code ? code : null)),
});
export type SubmitUsdtPaymentInput = z.infer<typeof submitUsdtPaymentInputSchema>;

export const verifyReferralInputSchema = z.object({
  referralCode: referralCodeSchema.pipe(z.string().min(1, { error: PAYMENT_MESSAGES.referralInvalid })),
});

/** YYYY-MM-DD (UTC) or null. */
export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'expired', 'rejected'] as const;
export const subscriptionSchema = z.object({
  _id: z.string(),
  packageName: packageNameSchema,
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** Null until the payment is approved. */
  startDate: isoDateSchema.nullable(),
  /** Null until approved, and for Ultimate ('Lifetime'). */
  endDate: isoDateSchema.nullable(),
  paymentMethod: z.enum(['usdt', 'free']),
  isExtension: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const packageStatusResponseSchema = z.object({
  success: z.literal(true),
  hasActiveBasicPackage: z.boolean(),
  isBasicPackageEnabled: z.boolean(),
});
export const walletDetailsResponseSchema = z.object({ walletAddress: z.string(), network: z.string() });
export const verifyReferralResponseSchema = z.object({
  success: z.boolean(),
  discount: z.number(),
  referralUser: z.object({ username: z.string() }).nullable(),
  message: z.string(),
});
export const submitUsdtPaymentResponseSchema = z.object({
  message: z.string(),
  pendingSubscription: subscriptionSchema,
});
export const activeSubscriptionResponseSchema = z.object({ subscription: subscriptionSchema.nullable() });
export const subscriptionsResponseSchema = z.object({ subscriptions: z.array(subscriptionSchema) });
export const freeTrialResponseSchema = z.object({ message: z.string(), subscription: subscriptionSchema });
export const publicSubscriptionSettingsResponseSchema = z.object({
  success: z.literal(true),
  settings: z.object({ basicPackageEnabled: z.boolean() }),
});

export const PAYMENT_STATUSES = ['pending', 'completed', 'rejected'] as const;
/** A payment row of the admin lists (admin §3, plus the wallet the customer was shown). */
export const paymentSchema = z.object({
  _id: z.string(),
  userId: z.object({ _id: z.string(), username: z.string(), email: z.string() }),
  packageName: packageNameSchema,
  amount: z.number(),
  originalAmount: z.number(),
  hasReferralDiscount: z.boolean(),
  referralDiscount: z.number(),
  referralCode: z.string().nullable(),
  referralUserId: z.object({ _id: z.string(), username: z.string(), email: z.string() }).nullable(),
  referralCredited: z.boolean(),
  currency: z.string(),
  transactionId: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  paymentMethod: z.enum(['usdt', 'free']),
  walletAddress: z.string(),
  network: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** Counts for the admin's stat cards, from the payment aggregates (not from the page). */
export const paymentSummarySchema = z.object({ total: z.number(), pending: z.number(), completed: z.number() });

export const adminListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(128, { error: 'search is too long' }).optional(),
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

export const pendingPaymentsResponseSchema = z.object({
  pendingPayments: z.array(paymentSchema),
  nextCursor: z.string().nullable(),
  summary: paymentSummarySchema,
});
export const allPaymentsResponseSchema = z.object({
  payments: z.array(paymentSchema),
  nextCursor: z.string().nullable(),
  summary: paymentSummarySchema,
});
export const paymentDecisionResponseSchema = z.object({ message: z.string(), payment: paymentSchema });

export const WALLET_CURRENCIES = PAYMENT.walletCurrencies;
export const walletSchema = z.object({
  _id: z.string(),
  address: z.string(),
  network: z.string(),
  currency: z.enum(WALLET_CURRENCIES),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Wallet = z.infer<typeof walletSchema>;

/** Add (no `_id`) or update (`_id`; the address cannot change once saved). */
export const walletSaveInputSchema = z.object({
  _id: z.string().trim().min(1).max(64).optional(),
  address: z
    .string({ error: PAYMENT_MESSAGES.addressRequired })
    .trim()
    .min(1, { error: PAYMENT_MESSAGES.addressRequired, abort: true })
    .max(128, { error: 'Address is too long' }),
  network: z
    .string({ error: PAYMENT_MESSAGES.networkRequired })
    .trim()
    .min(1, { error: PAYMENT_MESSAGES.networkRequired, abort: true })
    .max(32, { error: 'Network is too long' }),
  currency: z.enum(WALLET_CURRENCIES, { error: PAYMENT_MESSAGES.currencyInvalid }),
  isActive: z.boolean().default(false),
});
export type WalletSaveInput = z.infer<typeof walletSaveInputSchema>;
export const walletsResponseSchema = z.object({ wallets: z.array(walletSchema) });
export const walletSaveResponseSchema = z.object({ message: z.string(), wallet: walletSchema });
