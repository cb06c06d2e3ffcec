import { refundRequestResponseSchema, type RefundRequestInput } from '@goldbot/shared';
import { useUserKey } from '@/features/auth/auth-public';
import { useApiMutation } from '@/hooks/use-api-mutation';
import type { Infer } from '@/lib/schema-types';

export type RefundRequestResponse = Infer<typeof refundRequestResponseSchema>;
export type { RefundRequestInput };

/**
 * POST /api/payment/refund-request: 201 with the request as Billing History shows it; 400 with field
 * errors (`trc20Address`, `reason`); 404 for a payment that is not the caller's; 409 after the
 * guarantee's days or when one was already asked for. `trigger(input)` submits (and throws the
 * ApiError on failure).
 */
export function useRequestRefund() {
  return useApiMutation<RefundRequestInput, RefundRequestResponse>(
    useUserKey('payment-refund-request'),
    refundRequestResponseSchema,
  );
}
