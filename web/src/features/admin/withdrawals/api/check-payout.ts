import { withdrawalPayoutCheckResponseSchema } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';

export type PayoutCheckResponse = ReturnType<typeof withdrawalPayoutCheckResponseSchema.parse>;

/**
 * POST /api/withdrawal/payout-check/{id}, no body: TRON is asked about the approved withdrawal's
 * payout TXID now; the answer is the withdrawal with the new verdict. 404 for an unknown
 * withdrawal, 409 for one not approved, as ApiError.
 */
export function checkPayout(id: string): Promise<PayoutCheckResponse> {
  return apiRequest('withdrawal-payout-check', { params: { id }, schema: withdrawalPayoutCheckResponseSchema });
}
