import {
  WITHDRAWAL,
  WITHDRAWAL_MESSAGES,
  withdrawalRequestInputSchema,
  type WithdrawalRequestInput,
} from '@goldbot/shared';
import { toFieldErrors, type RequestCheck } from '@/lib/form-errors';

/** The modal's fields, in the order the first invalid one takes focus. */
export const WITHDRAWAL_FIELDS = ['amount', 'trc20Address'] as const;

export type WithdrawalField = (typeof WITHDRAWAL_FIELDS)[number];
/** The modal's fields, as typed. */
export type WithdrawalForm = Record<WithdrawalField, string>;

/**
 * The request checks the browser repeats for comfort: the shared schema
 * (address required and T + 33 base58 characters; a whole number of dollars, at least $20), then
 * the amount against the available balance. The server decides; its answer can still refuse.
 */
export function checkWithdrawal(
  form: WithdrawalForm,
  available: number,
): RequestCheck<WithdrawalField, WithdrawalRequestInput> {
  const typedAmount = form.amount.trim();
  const parsed = withdrawalRequestInputSchema.safeParse({
    trc20Address: form.trc20Address,
    amount: typedAmount === '' ? undefined : Number(typedAmount),
  });
  if (!parsed.success) return { ok: false, errors: toFieldErrors(parsed.error.issues, WITHDRAWAL_FIELDS) };
  if (parsed.data.amount > available) return { ok: false, errors: { amount: WITHDRAWAL_MESSAGES.exceeds } };
  return { ok: true, input: parsed.data };
}

/**
 * Why the dashboard's Withdraw button does not open the modal, or null when it may.
 * A pending request comes first: its amount is held, so the available balance is low because of
 * it, and "wait for it to be processed" is what the customer can act on.
 */
export function withdrawBlocker({ available, hasPending }: { available: number; hasPending: boolean }): string | null {
  if (hasPending) return WITHDRAWAL_MESSAGES.pendingExists;
  if (available < WITHDRAWAL.minimumUsd) return WITHDRAWAL_MESSAGES.insufficient;
  return null;
}
