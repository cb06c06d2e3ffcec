import useSWRMutation from 'swr/mutation';
import { FREE_TRIAL_DAYS, freeTrialResponseSchema } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import { useUserKey } from '@/features/auth/auth-public';
import type { Infer } from '@/lib/schema-types';

export const freeTrialSchema = freeTrialResponseSchema;
export type FreeTrialResponse = Infer<typeof freeTrialSchema>;

export const FREE_TRIAL_MESSAGES = {
  activated: `Free trial activated! You now have ${FREE_TRIAL_DAYS} days of access.`,
  linkSent: 'Copy Trading Link has been sent to your E-mail successfully! Please Check Your E-mail.',
  failed: 'Failed to activate free trial',
} as const;

/** POST /api/payment/create-free-trial, body `{}`: 201, or 409 when already used. */
export function createFreeTrial(): Promise<FreeTrialResponse> {
  return apiRequest('payment-create-free-trial', { body: {}, schema: freeTrialSchema });
}

/** `trigger()` starts the trial (and throws the ApiError on failure); `isMutating` while it runs. */
export function useCreateFreeTrial() {
  const key = useUserKey('payment-create-free-trial');
  return useSWRMutation(key, () => createFreeTrial());
}
