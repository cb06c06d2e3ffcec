import { paymentDecisionResponseSchema } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import type { Decision } from '../../hooks/use-decision';

export { paymentDecisionResponseSchema };
export type PaymentDecisionResponse = ReturnType<typeof paymentDecisionResponseSchema.parse>;
export type PaymentDecision = Decision;

const ROUTES = { approve: 'payment-approve-usdt', reject: 'payment-reject-usdt' } as const;

/**
 * POST /api/payment/approve-usdt-payment/{id} or reject-usdt-payment/{id}, no body.
 * 409 when another admin decided it meanwhile, 404 for an unknown payment: both as ApiError.
 */
export function decidePayment(id: string, decision: PaymentDecision): Promise<PaymentDecisionResponse> {
  return apiRequest(ROUTES[decision], { params: { id }, schema: paymentDecisionResponseSchema });
}
