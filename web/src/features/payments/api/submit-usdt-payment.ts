import useSWRMutation from 'swr/mutation';
import { submitUsdtPaymentResponseSchema, type SubmitUsdtPaymentInput } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import { useUserKey } from '@/features/auth/auth-public';
import type { Infer } from '@/lib/schema-types';

export const submitUsdtPaymentSchema = submitUsdtPaymentResponseSchema;
export type SubmitUsdtPaymentResponse = Infer<typeof submitUsdtPaymentSchema>;
export type { SubmitUsdtPaymentInput };

/**
 * POST /api/payment/submit-usdt-payment: 201 with the pending subscription; 400
 * with field errors (`txid`, `amount`, `referralCode`); 409 for a used TXID or Basic off sale.
 */
export function submitUsdtPayment(input: SubmitUsdtPaymentInput): Promise<SubmitUsdtPaymentResponse> {
  return apiRequest('payment-submit-usdt', { body: input, schema: submitUsdtPaymentSchema });
}

/** `trigger(input)` submits (and throws the ApiError on failure); `isMutating` while it runs. */
export function useSubmitUsdtPayment() {
  const key = useUserKey('payment-submit-usdt');
  return useSWRMutation(key, (_key: unknown, { arg }: { arg: SubmitUsdtPaymentInput }) => submitUsdtPayment(arg));
}
