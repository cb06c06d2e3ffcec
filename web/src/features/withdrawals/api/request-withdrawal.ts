import { withdrawalRequestResponseSchema, type WithdrawalRequestInput } from '@goldbot/shared';
import { useUserKey } from '@/features/auth/auth-public';
import { useApiMutation } from '@/hooks/use-api-mutation';
import type { Infer } from '@/lib/schema-types';

export type WithdrawalRequestResponse = Infer<typeof withdrawalRequestResponseSchema>;
export type { WithdrawalRequestInput };

/**
 * POST /api/withdrawal/request: 201 with the pending withdrawal and the new
 * balances (the amount moves from available to held at once); 400 with field errors
 * (`amount`, `trc20Address`) or a message; 409 while another request is pending.
 * `trigger(input)` submits (and throws the ApiError on failure); `isMutating` while it runs.
 */
export function useRequestWithdrawal() {
  return useApiMutation<WithdrawalRequestInput, WithdrawalRequestResponse>(
    useUserKey('withdrawal-request'),
    withdrawalRequestResponseSchema,
  );
}
