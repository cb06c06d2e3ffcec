import * as z from '../zod.js';
import { pageQuerySchema } from './contact.js';
import { paidPackageNameSchema, paymentSchema } from './payments.js';
import { schema } from './schema.js';

/**
 * The back-office's "Unmatched transfers" (docs/data-model.md, "Transfer"): USDT transfers to a
 * payment wallet that the wallet watcher recorded but could bind to no order (a late payment, a
 * wrong or rounded amount, an amount whose order already has its transfer). An admin gives one to a
 * customer's package (a pending payment, audited) or closes it as refunded or ignored; each is
 * decided once.
 */
export const TRANSFER_MESSAGES = {
  notFound: 'Transfer not found. Only transfers the wallet watcher could not match are listed here.',
  alreadyDecided: (status: string) => `This transfer was already ${status}. Please reload the list.`,
  assigned: (username: string, packageName: string) =>
    `The transfer now pays ${username}'s ${packageName}. Its payment is pending approval in Payments.`,
  resolved: (resolution: string) => `The transfer was marked ${resolution}.`,
  userNotFound: 'User not found',
  noteTooLong: 'The note is at most 500 characters.',
  resolutionInvalid: 'Choose refunded or ignored.',
  packageUnavailable: (packageName: string) =>
    `The ${packageName} cannot be bought right now, so the transfer cannot pay it. Put it on sale first or choose another package.`,
} as const;

/** What became of an unmatched transfer: still to decide, or the admin's decision. */
export const UNMATCHED_STATUSES = ['open', 'assigned', 'refunded', 'ignored'] as const;
export type UnmatchedStatus = (typeof UNMATCHED_STATUSES)[number];
export const TRANSFER_RESOLUTIONS = ['refunded', 'ignored'] as const;

/**
 * Why no order took the transfer: `no-order` (no order asked for this amount at that time: a wrong
 * or rounded amount), `late` (it arrived after the order of this amount had closed), `order-paid`
 * (the order of this amount already has its transfer: a second payment).
 */
export const UNMATCHED_REASONS = ['no-order', 'late', 'order-paid'] as const;

/**
 * An order that came close, for the admin to judge: `same-amount` (an order of exactly this amount
 * that had closed when the transfer came, or that was already paid), `same-payer` (an order the
 * same sender's address paid before), `claimed` (an order whose customer submitted this TXID).
 */
export const CLOSE_ORDER_REASONS = ['same-amount', 'same-payer', 'claimed'] as const;
export const closeOrderSchema = /* @__PURE__ */ schema(() =>
  z.object({
    orderId: z.string(),
    reason: z.enum(CLOSE_ORDER_REASONS),
    user: z.object({ _id: z.string(), username: z.string(), email: z.string() }),
    packageName: paidPackageNameSchema,
    /** The order's exact amount (USDT). */
    amount: z.number(),
    /** The order's lifetime (ISO-8601 UTC). */
    createdAt: z.string(),
    expiresAt: z.string(),
  }),
);
export type CloseOrder = z.infer<typeof closeOrderSchema>;

export const unmatchedTransferSchema = /* @__PURE__ */ schema(() =>
  z.object({
    /** The transaction id (64 hex characters, lower case): the routes' `{txid}`. */
    txid: z.string(),
    /** The USDT the transaction sent to the wallet (several transfers of one transaction add up). */
    amount: z.number(),
    /** The sender's address (T-address) and the receiving wallet. */
    from: z.string(),
    to: z.string(),
    /** The block time (ISO-8601 UTC) and number (null when the source did not give it). */
    confirmedAt: z.string(),
    blockNumber: z.nullable(z.number()),
    /** When the watcher recorded it. */
    recordedAt: z.string(),
    reason: z.enum(UNMATCHED_REASONS),
    status: z.enum(UNMATCHED_STATUSES),
    /** At most a few orders, closest first. */
    closeOrders: z.array(closeOrderSchema),
    /** The admin's decision; null while open. */
    decision: z.nullable(
      z.object({
        /** The administrator's id and e-mail. */
        by: z.string(),
        byEmail: z.nullable(z.string()),
        at: z.string(),
        note: z.string(),
        /** `assigned`: whose package it paid, and the payment it created. */
        userId: z.nullable(z.string()),
        packageName: z.nullable(paidPackageNameSchema),
        paymentId: z.nullable(z.string()),
      }),
    ),
  }),
);
export type UnmatchedTransfer = z.infer<typeof unmatchedTransferSchema>;

/** GET /api/admin/unmatched-transfers: newest first (by block time), open and decided alike. */
export const unmatchedTransfersQuerySchema = pageQuerySchema;
export const unmatchedTransfersResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({
    transfers: z.array(unmatchedTransferSchema),
    nextCursor: z.nullable(z.string()),
  }),
);

/** `{txid}` of the transfer routes: a TRON transaction id, any case. */
export const transferTxidPathSchema = /* @__PURE__ */ schema(() =>
  z.object({
    txid: z.pipe(
      z
        .string({ error: TRANSFER_MESSAGES.notFound })
        .check(z.trim(), z.regex(/^(0x)?[0-9a-fA-F]{64}$/, { error: TRANSFER_MESSAGES.notFound })),
      z.transform((txid: string) => txid.replace(/^0x/i, '').toLowerCase()),
    ),
  }),
);

/** POST /api/admin/unmatched-transfers/{txid}/assign: the customer and the package it pays. */
export const assignTransferInputSchema = /* @__PURE__ */ schema(() =>
  z.object({
    userId: z
      .string({ error: TRANSFER_MESSAGES.userNotFound })
      .check(
        z.trim(),
        z.minLength(1, { error: TRANSFER_MESSAGES.userNotFound }),
        z.maxLength(64, { error: TRANSFER_MESSAGES.userNotFound }),
      ),
    packageName: paidPackageNameSchema,
  }),
);
export type AssignTransferInput = z.infer<typeof assignTransferInputSchema>;
export const assignTransferResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({ message: z.string(), transfer: unmatchedTransferSchema, payment: paymentSchema }),
);

/** POST /api/admin/unmatched-transfers/{txid}/resolve: closed without a payment, with why. */
export const resolveTransferInputSchema = /* @__PURE__ */ schema(() =>
  z.object({
    resolution: z.enum(TRANSFER_RESOLUTIONS, { error: TRANSFER_MESSAGES.resolutionInvalid }),
    note: z._default(z.string().check(z.trim(), z.maxLength(500, { error: TRANSFER_MESSAGES.noteTooLong })), ''),
  }),
);
export type ResolveTransferInput = z.infer<typeof resolveTransferInputSchema>;
export const resolveTransferResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({ message: z.string(), transfer: unmatchedTransferSchema }),
);
