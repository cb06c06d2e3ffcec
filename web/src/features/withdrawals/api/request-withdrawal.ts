import useSWRMutation from 'swr/mutation';
import { withdrawalRequestResponseSchema, type WithdrawalRequestInput } from '@goldbot/shared';
import { useUserKey } from '@/features/auth/auth-public';
import type { Infer } from '@/lib/schema-types';
import { apiRequest } from '@/lib/api-client';

export const withdrawalRequestSchema = withdrawalRequestResponseSchema;
export type WithdrawalRequestResponse = Infer<typeof withdrawalRequestSchema>;
export type { WithdrawalRequestInput };

/**
 * POST /api/withdrawal/request: 201 with the pending withdrawal and the new
 * balances (the amount moves from available to held at once); 400 with field errors
 * (`amount`, `trc20Address`) or a message; 409 while another request is pending.
 */
export function requestWithdrawal(input: WithdrawalRequestInput): Promise<WithdrawalRequestResponse> {
  return apiRequest('withdrawal-request', { body: input, schema: withdrawalRequestSchema });
}

/** `trigger(input)` submits (and throws the ApiError on failure); `isMutating` while it runs. */
export function useRequestWithdrawal() {
  const key = useUserKey('withdrawal-request');
  return useSWRMutation(key, (_key: unknown, { arg }: { arg: WithdrawalRequestInput }) => requestWithdrawal(arg));
}
