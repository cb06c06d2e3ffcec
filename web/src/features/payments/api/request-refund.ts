import useSWRMutation from 'swr/mutation';
import { refundRequestResponseSchema, type RefundRequestInput } from '@goldbot/shared';
import { useUserKey } from '@/features/auth/auth-public';
import type { Infer } from '@/lib/schema-types';
import { apiRequest } from '@/lib/api-client';

export const refundRequestSchema = refundRequestResponseSchema;
export type RefundRequestResponse = Infer<typeof refundRequestSchema>;
export type { RefundRequestInput };

/**
 * POST /api/payment/refund-request: 201 with the request as Billing History shows it; 400 with field
 * errors (`trc20Address`, `reason`); 404 for a payment that is not the caller's; 409 after the
 * guarantee's days or when one was already asked for.
 */
export function requestRefund(input: RefundRequestInput): Promise<RefundRequestResponse> {
  return apiRequest('payment-refund-request', { body: input, schema: refundRequestSchema });
}

/** `trigger(input)` submits (and throws the ApiError on failure). */
export function useRequestRefund() {
  const key = useUserKey('payment-refund-request');
  return useSWRMutation(key, (_key: unknown, { arg }: { arg: RefundRequestInput }) => requestRefund(arg));
}
