import { withdrawalDecisionResponseSchema } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import type { Decision } from '../../hooks/use-decision';

export { withdrawalDecisionResponseSchema };
export type WithdrawalDecisionResponse = ReturnType<typeof withdrawalDecisionResponseSchema.parse>;

const ROUTES = { approve: 'withdrawal-approve', reject: 'withdrawal-reject' } as const;

/**
 * PUT /api/withdrawal/approve/{id} with `{ payoutTxid, adminNote }`, or reject/{id} with
 * `{ adminNote }`; the note goes only when there is one, and the server mails it to the user. An
 * approval names the TRON transaction of the USDT the admin sent (the server checks it on chain and
 * answers the verdict). 409 when the request was decided meanwhile, 404 for an unknown one: both
 * as ApiError.
 */
export function decideWithdrawal(
  id: string,
  decision: Decision,
  adminNote: string | null,
  payoutTxid?: string,
): Promise<WithdrawalDecisionResponse> {
  const note = adminNote ? { adminNote } : {};
  return apiRequest(ROUTES[decision], {
    params: { id },
    body: decision === 'approve' ? { ...note, payoutTxid } : note,
    schema: withdrawalDecisionResponseSchema,
  });
}
