import { REFUND } from '../constants.js';
import * as z from '../zod.js';
import { pageQuerySchema } from './contact.js';
import { payoutAddressOf } from './payout-address.js';
import {
  REFUND_STATUSES,
  payoutTxidOf,
  packageNameSchema,
  subscriptionRefundSchema,
  type RefundStatus,
} from './payments.js';
import { schema } from './schema.js';
import { requiredText } from './text.js';

/**
 * Refunds (the customer's Billing History and refund window; the admin's Refunds screen;
 * docs/data-model.md, "Refund request"). The customer asks within the money-back guarantee's days of
 * the payment's approval; an admin may refund any completed payment (the monthly no-profit
 * guarantee) and approves with the payout's transaction id, or refuses with a reason. The server
 * validates with these schemas and the pages with the same ones.
 */
export const REFUND_MESSAGES = {
  addressRequired: 'Please enter your TRC20 address',
  /** The spec's sentence for a TRC20 address that is not one (here the checksum is checked too). */
  addressInvalid: 'Please enter a valid TRC20 address',
  reasonRequired: 'Please tell us why you are asking for a refund',
  reasonTooLong: `The reason may be at most ${REFUND.reasonMaxLength} characters.`,
  paymentRequired: 'Please choose the payment to refund',
  paymentNotFound: 'Payment not found',
  notCompleted: 'Only a completed payment can be refunded.',
  alreadyRequested: 'A refund has already been requested for this payment.',
  alreadyRefunded: 'This payment has already been refunded.',
  /** After the guarantee's days: names them, and what happens instead. */
  guaranteeOver: `Our ${REFUND.guaranteeDays}-day money-back guarantee has ended for this payment: a refund can be requested within ${REFUND.guaranteeDays} days of the payment's approval. For a month without profit, our team refunds you without a request.`,
  requested: 'Your refund request has been sent. We will review it and email you the outcome.',
  requestFailed: 'Failed to send the refund request.',
  created: 'Refund request created. Approve it with the payout transaction id once the USDT is sent.',
  approved: 'Refund approved. The customer has been emailed the payout transaction id.',
  refused: 'Refund refused. The customer has been emailed the reason.',
  alreadyDecided: (status: RefundStatus) => `This refund was already ${status}.`,
  notFound: 'Refund request not found. It may have been removed.',
  payoutTxidRequired: 'Please enter the payout transaction id',
  payoutTxidInvalid:
    'The payout transaction id is a TRON transaction hash: 64 characters, 0-9 and a-f. Please copy it again from the block explorer.',
  payoutTxidUsed: 'This payout transaction id is already recorded for another refund.',
  noteTooLong: `The note may be at most ${REFUND.noteMaxLength} characters.`,
  refusalRequired: 'Please give the reason for refusing: it is emailed to the customer',
  refusalTooLong: `The reason may be at most ${REFUND.reasonMaxLength} characters.`,
  tooManyMonths: `This refund would move more than ${REFUND.maxMovedMonths} later Basic months. Please contact the team that maintains the product.`,
  tryAgain: 'The refund is being changed by another request. Please try again.',
} as const;

/** A TRC20 address to pay a refund to: T + 33 Base58 characters whose Base58Check checksum matches. */
export const refundAddressSchema = /* @__PURE__ */ schema(() =>
  payoutAddressOf({ required: REFUND_MESSAGES.addressRequired, invalid: REFUND_MESSAGES.addressInvalid }),
);

/** Why the refund is asked for (the customer) or made (the admin): trimmed, 1 to 1000 characters. */
export const refundReasonSchema = /* @__PURE__ */ schema(() =>
  requiredText(
    REFUND_MESSAGES.reasonRequired,
    z.maxLength(REFUND.reasonMaxLength, { error: REFUND_MESSAGES.reasonTooLong }),
  ),
);

/** A payment's id as the lists hand it out (a ULID): letters and digits. */
export const refundPaymentIdSchema = /* @__PURE__ */ schema(() =>
  requiredText(
    REFUND_MESSAGES.paymentRequired,
    z.maxLength(64, { error: REFUND_MESSAGES.paymentNotFound, abort: true }),
    z.regex(/^[0-9A-Za-z]+$/, { error: REFUND_MESSAGES.paymentNotFound }),
  ),
);

/** POST /api/payment/refund-request (the customer) and POST /api/admin/refunds (an admin, any time). */
export const refundRequestInputSchema = /* @__PURE__ */ schema(() =>
  z.object({
    paymentId: refundPaymentIdSchema,
    trc20Address: refundAddressSchema,
    reason: refundReasonSchema,
  }),
);
export type RefundRequestInput = z.infer<typeof refundRequestInputSchema>;

/** The customer's answer: the request as their Billing History row shows it. */
export const refundRequestResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({ message: z.string(), refund: subscriptionRefundSchema }),
);

/** The refund's payout on the TRON network (payments.ts, payoutTxidOf). */
export const refundPayoutTxidSchema = /* @__PURE__ */ schema(() =>
  payoutTxidOf({ required: REFUND_MESSAGES.payoutTxidRequired, invalid: REFUND_MESSAGES.payoutTxidInvalid }),
);

/** POST /api/admin/refunds/{id}/approve: the payout's transaction id, and a note for the customer's mail. */
export const refundApproveInputSchema = /* @__PURE__ */ schema(() =>
  z.object({
    payoutTxid: refundPayoutTxidSchema,
    note: z.pipe(
      z.optional(
        z.nullable(
          z.string().check(z.trim(), z.maxLength(REFUND.noteMaxLength, { error: REFUND_MESSAGES.noteTooLong })),
        ),
      ),
      z.transform((note: string | null | undefined) => (note ? note : null)),
    ),
  }),
);
export type RefundApproveInput = z.infer<typeof refundApproveInputSchema>;

/** POST /api/admin/refunds/{id}/refuse: the reason, mailed to the customer. */
export const refundRefuseInputSchema = /* @__PURE__ */ schema(() =>
  z.object({
    reason: requiredText(
      REFUND_MESSAGES.refusalRequired,
      z.maxLength(REFUND.reasonMaxLength, { error: REFUND_MESSAGES.refusalTooLong }),
    ),
  }),
);
export type RefundRefuseInput = z.infer<typeof refundRefuseInputSchema>;

/** Who asked: the customer from Billing History, or an admin for the monthly no-profit guarantee. */
export const REFUND_ORIGINS = ['customer', 'admin'] as const;

/** A refund request as the admin's Refunds screen shows it. */
export const refundSchema = /* @__PURE__ */ schema(() =>
  z.object({
    _id: z.string(),
    paymentId: z.string(),
    subscriptionId: z.string(),
    userId: z.object({ _id: z.string(), username: z.string(), email: z.string() }),
    packageName: packageNameSchema,
    /** The payment's amount as revenue counted it (USD). */
    amount: z.number(),
    /** What the customer sent (the order's exact USDT amount, or `amount` before orders): what to pay back. */
    amountPaid: z.number(),
    /** The payment's own TXID. */
    transactionId: z.string(),
    /** When the payment was approved (ISO-8601 UTC): the guarantee's days run from it. */
    paymentApprovedAt: z.nullable(z.string()),
    trc20Address: z.string(),
    reason: z.string(),
    origin: z.enum(REFUND_ORIGINS),
    status: z.enum(REFUND_STATUSES),
    requestedAt: z.string(),
    decidedAt: z.nullable(z.string()),
    payoutTxid: z.nullable(z.string()),
    note: z.nullable(z.string()),
    refusalReason: z.nullable(z.string()),
    /**
     * The referrer's reward taken back by the approval: `fromAvailable` out of their available
     * earnings, `owed` recorded against their next earnings. Null when none was (or before approval).
     */
    referralClawback: z.nullable(z.object({ amount: z.number(), fromAvailable: z.number(), owed: z.number() })),
  }),
);
export type Refund = z.infer<typeof refundSchema>;

/** GET /api/admin/refunds: one status's requests, newest first (default: the pending ones). */
export const adminRefundsQuerySchema = /* @__PURE__ */ schema(() =>
  z.extend(pageQuerySchema, {
    status: z._default(z.enum(REFUND_STATUSES, { error: 'status must be pending, approved or refused' }), 'pending'),
  }),
);
export type AdminRefundsQuery = z.infer<typeof adminRefundsQuerySchema>;

/** The tab counts, from the refund aggregates (docs/data-model.md, "Aggregates"). */
export const refundCountsSchema = /* @__PURE__ */ schema(() =>
  z.object({ total: z.number(), pending: z.number(), approved: z.number(), refused: z.number() }),
);
export type RefundCounts = z.infer<typeof refundCountsSchema>;

export const adminRefundsResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({ refunds: z.array(refundSchema), nextCursor: z.nullable(z.string()), counts: refundCountsSchema }),
);
export const refundResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({ message: z.string(), refund: refundSchema }),
);
