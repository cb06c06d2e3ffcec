import { refundResponseSchema } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';

export { refundResponseSchema };
export type RefundResponse = ReturnType<typeof refundResponseSchema.parse>;

/**
 * POST /api/admin/refunds/{id}/approve with `{ payoutTxid, note? }`: the payout's transaction id
 * (64 hex characters) and an optional note for the customer's mail. 409 when decided meanwhile or
 * when the TXID already proves another refund, 404 for an unknown one: both as ApiError.
 */
export function approveRefund(id: string, payoutTxid: string, note: string | null): Promise<RefundResponse> {
  return apiRequest('admin-refund-approve', {
    params: { id },
    body: note ? { payoutTxid, note } : { payoutTxid },
    schema: refundResponseSchema,
  });
}

/** POST /api/admin/refunds/{id}/refuse with `{ reason }`, mailed to the customer. */
export function refuseRefund(id: string, reason: string): Promise<RefundResponse> {
  return apiRequest('admin-refund-refuse', { params: { id }, body: { reason }, schema: refundResponseSchema });
}

/**
 * POST /api/admin/refunds with `{ paymentId, trc20Address, reason }`: a pending refund of any
 * completed payment (the monthly no-profit guarantee), to approve like any other.
 */
export function createRefund(input: {
  paymentId: string;
  trc20Address: string;
  reason: string;
}): Promise<RefundResponse> {
  return apiRequest('admin-refund-create', { body: input, schema: refundResponseSchema });
}
