import {
  WITHDRAWAL,
  WITHDRAWAL_MESSAGES,
  withdrawalRequestInputSchema,
  type WithdrawalRequestInput,
} from '@goldbot/shared';

/** The modal's fields, as typed. */
export interface WithdrawalForm {
  amount: string;
  trc20Address: string;
}

export type WithdrawalField = keyof WithdrawalForm;
export type WithdrawalFieldErrors = Partial<Record<WithdrawalField, string>>;

export type WithdrawalCheck =
  { ok: true; input: WithdrawalRequestInput } | { ok: false; errors: WithdrawalFieldErrors };

/**
 * The request checks the browser repeats for comfort: the shared schema
 * (address required and T + 33 base58 characters; a whole number of dollars, at least $20), then
 * the amount against the available balance. The server decides; its answer can still refuse.
 */
export function checkWithdrawal(form: WithdrawalForm, available: number): WithdrawalCheck {
  const typedAmount = form.amount.trim();
  const parsed = withdrawalRequestInputSchema.safeParse({
    trc20Address: form.trc20Address,
    amount: typedAmount === '' ? undefined : Number(typedAmount),
  });
  if (!parsed.success) {
    const errors: WithdrawalFieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'amount' || field === 'trc20Address') && errors[field] === undefined) {
        errors[field] = issue.message;
      }
    }
    return { ok: false, errors };
  }
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
