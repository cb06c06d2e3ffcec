import { paymentChainCheckResponseSchema } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';

export type PaymentChainCheckResponse = ReturnType<typeof paymentChainCheckResponseSchema.parse>;

/**
 * POST /api/payment/chain-check/{id}, no body: TRON is asked about the payment's TXID
 * now; the answer is the payment with the new verdict (approved, when automatic approval is on and
 * the chain matches). 404 for an unknown payment, as ApiError.
 */
export function checkOnChain(id: string): Promise<PaymentChainCheckResponse> {
  return apiRequest('payment-chain-check', { params: { id }, schema: paymentChainCheckResponseSchema });
}
