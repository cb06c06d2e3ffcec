import { submitUsdtPaymentResponseSchema, type SubmitUsdtPaymentInput } from '@goldbot/shared';
import { useUserKey } from '@/features/auth/auth-public';
import { useApiMutation } from '@/hooks/use-api-mutation';
import type { Infer } from '@/lib/schema-types';

export type SubmitUsdtPaymentResponse = Infer<typeof submitUsdtPaymentResponseSchema>;
export type { SubmitUsdtPaymentInput };

/**
 * POST /api/payment/submit-usdt-payment: 201 with the pending subscription; 400
 * with field errors (`txid`, `amount`, `referralCode`); 409 for a used TXID or Basic off sale.
 * `trigger(input)` submits (and throws the ApiError on failure); `isMutating` while it runs.
 */
export function useSubmitUsdtPayment() {
  return useApiMutation<SubmitUsdtPaymentInput, SubmitUsdtPaymentResponse>(
    useUserKey('payment-submit-usdt'),
    submitUsdtPaymentResponseSchema,
  );
}
