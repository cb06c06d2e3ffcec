import { WITHDRAWAL } from '../constants.js';
import { formatUsd, toCents } from '../money.js';
import * as z from '../zod.js';
import { pageQuerySchema } from './contact.js';
import { payoutAddressOf } from './payout-address.js';
import { chainCheckSchema, payoutTxidOf } from './payments.js';
import { schema } from './schema.js';

/**
 * Referral withdrawals (the customer's Referral Program and withdrawal window; the admin's
 * Withdrawals screen). Messages are the spec's; the server validates with
 * these schemas and the pages with the same ones.
 */
export const WITHDRAWAL_MESSAGES = {
  addressRequired: 'Please enter your TRC20 address',
  addressInvalid: 'Please enter a valid TRC20 address (starts with T and 34 characters long)',
  amountRequired: 'Please enter an amount',
  amountWhole: 'Please enter a whole number of dollars',
  minimum: `Minimum withdrawal amount is $${WITHDRAWAL.minimumUsd}`,
  exceeds: 'Amount exceeds your available earnings',
  insufficient: `Minimum withdrawal amount is $${WITHDRAWAL.minimumUsd}. Your current earnings are insufficient.`,
  pendingExists: 'You already have a pending withdrawal request. Please wait for it to be processed.',
  requested: 'Withdrawal request submitted successfully! We will review it within 24 hours.',
  requestFailed: 'Failed to submit withdrawal request.',
  /** The spec's sentence, said when the withdrawal took the whole balance (nothing remains). */
  approved: 'Withdrawal approved successfully! User earnings have been reset to $0.',
  /** After a partial withdrawal: what was paid out and what remains, e.g. '$20 paid out; $2 of earnings remain.' */
  approvedPartial: (paidOutUsd: number, remainingUsd: number) =>
    `Withdrawal approved successfully! ${formatUsd(paidOutUsd)} paid out; ${formatUsd(remainingUsd)} of earnings remain.`,
  rejected: 'Withdrawal rejected successfully!',
  noteTooLong: 'The note may be at most 500 characters.',
  payoutTxidRequired: 'Please enter the TXID of the USDT transfer you sent for this withdrawal',
  payoutTxidInvalid:
    'The payout TXID is the TRON transaction id of your transfer: 64 characters, 0-9 and a-f (copy it from your wallet or Tronscan).',
  alreadyDecided: (status: string) => `This withdrawal was already ${status}.`,
} as const;

/** The approval's message: the spec's sentence when nothing remains, else what was paid and what remains. */
export const withdrawalApprovedMessage = (paidOutUsd: number, remainingUsd: number): string =>
  toCents(remainingUsd) <= 0
    ? WITHDRAWAL_MESSAGES.approved
    : WITHDRAWAL_MESSAGES.approvedPartial(paidOutUsd, remainingUsd);

export const ADMIN_NOTE_MAX_LENGTH = 500;

/** The withdrawal's address, with the spec's sentence for any fault. */
export const trc20AddressSchema = /* @__PURE__ */ schema(() =>
  payoutAddressOf({ required: WITHDRAWAL_MESSAGES.addressRequired, invalid: WITHDRAWAL_MESSAGES.addressInvalid }),
);

export const withdrawalRequestInputSchema = /* @__PURE__ */ schema(() =>
  z.object({
    trc20Address: trc20AddressSchema,
    amount: z
      .number({ error: WITHDRAWAL_MESSAGES.amountRequired })
      .check(
        z.int({ error: WITHDRAWAL_MESSAGES.amountWhole }),
        z.gte(WITHDRAWAL.minimumUsd, { error: WITHDRAWAL_MESSAGES.minimum }),
        z.lte(1_000_000, { error: WITHDRAWAL_MESSAGES.exceeds }),
      ),
  }),
);
export type WithdrawalRequestInput = z.infer<typeof withdrawalRequestInputSchema>;

export const withdrawalDecisionInputSchema = /* @__PURE__ */ schema(() =>
  z.object({
    adminNote: z.pipe(
      z.optional(
        z.string().check(z.trim(), z.maxLength(ADMIN_NOTE_MAX_LENGTH, { error: WITHDRAWAL_MESSAGES.noteTooLong })),
      ),
      z.transform((note: string | undefined) => (note ? note : null)),
    ),
  }),
);
export type WithdrawalDecisionInput = z.infer<typeof withdrawalDecisionInputSchema>;

/** The proof of a withdrawal's payout: the transfer the operator sent (payments.ts, payoutTxidOf). */
export const payoutTxidSchema = /* @__PURE__ */ schema(() =>
  payoutTxidOf({ required: WITHDRAWAL_MESSAGES.payoutTxidRequired, invalid: WITHDRAWAL_MESSAGES.payoutTxidInvalid }),
);

/** An approval names the payout's TXID (the rejection takes the note alone). */
export const withdrawalApprovalInputSchema = /* @__PURE__ */ schema(() =>
  z.extend(withdrawalDecisionInputSchema, { payoutTxid: payoutTxidSchema }),
);
export type WithdrawalApprovalInput = z.infer<typeof withdrawalApprovalInputSchema>;

export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** A withdrawal as both sides see it; `userId.referralEarnings` is the live available balance. */
export const withdrawalSchema = /* @__PURE__ */ schema(() =>
  z.object({
    _id: z.string(),
    userId: z.object({ _id: z.string(), username: z.string(), email: z.string(), referralEarnings: z.number() }),
    amount: z.number(),
    trc20Address: z.string(),
    status: z.enum(WITHDRAWAL_STATUSES),
    requestDate: z.string(),
    approvedDate: z.nullable(z.string()),
    rejectedDate: z.nullable(z.string()),
    adminNote: z.nullable(z.string()),
    /** The TRON transaction id of the payout, set by the approval (absent on older answers). */
    payoutTxid: z.optional(z.nullable(z.string())),
    /**
     * What the TRON network says about the payout (the admin's views only): 'match' needs a USDT
     * transfer of the approved amount to the withdrawal's address. Null until checked.
     */
    payoutCheck: z.optional(z.nullable(chainCheckSchema)),
  }),
);
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/**
 * The caller's withdrawals, newest first (the Withdrawal Center shows the 3 latest), with the live
 * balances: available (`referralEarnings`) and held by a pending request (`referralHeld`), and the
 * live `referralCount`.
 */
export const userWithdrawalsResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({
    withdrawals: z.array(withdrawalSchema),
    referralEarnings: z.number(),
    referralHeld: z.number(),
    /** Total Referrals, live (absent from older answers: the session's count stands in). */
    referralCount: z.optional(z.number()),
  }),
);

/** A request answers the new balances at once: the held amount is no longer available. */
export const withdrawalRequestResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({
    message: z.string(),
    withdrawal: withdrawalSchema,
    referralEarnings: z.number(),
    referralHeld: z.number(),
  }),
);

export const withdrawalListQuerySchema = /* @__PURE__ */ schema(() =>
  z.extend(pageQuerySchema, {
    status: z._default(
      z.enum(['all', ...WITHDRAWAL_STATUSES], { error: 'status must be all, pending, approved or rejected' }),
      'all',
    ),
    search: z.optional(z.string().check(z.trim(), z.maxLength(128, { error: 'search is too long' }))),
  }),
);
export type WithdrawalListQuery = z.infer<typeof withdrawalListQuerySchema>;

/** Tab counts and stat cards, from the withdrawal aggregates (not from the page). */
export const withdrawalCountsSchema = /* @__PURE__ */ schema(() =>
  z.object({
    total: z.number(),
    pending: z.number(),
    approved: z.number(),
    rejected: z.number(),
  }),
);
export const adminWithdrawalsResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({
    withdrawals: z.array(withdrawalSchema),
    nextCursor: z.nullable(z.string()),
    counts: withdrawalCountsSchema,
  }),
);
export const withdrawalDecisionResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({ message: z.string(), withdrawal: withdrawalSchema }),
);
/** The admin's 'Check on chain' of a payout: the withdrawal holding the new verdict. */
export const withdrawalPayoutCheckResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({ withdrawal: withdrawalSchema }),
);

/** The referral tab's balances (GET /api/auth/me carries `referralEarnings`; this adds the held part). */
export const referralBalanceSchema = /* @__PURE__ */ schema(() =>
  z.object({ referralEarnings: z.number(), referralHeld: z.number() }),
);
