import {
  assignTransferResponseSchema,
  resolveTransferResponseSchema,
  type AssignTransferInput,
  type ResolveTransferInput,
} from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';

export { assignTransferResponseSchema, resolveTransferResponseSchema };
export type AssignTransferResponse = ReturnType<typeof assignTransferResponseSchema.parse>;
export type ResolveTransferResponse = ReturnType<typeof resolveTransferResponseSchema.parse>;
export type { AssignTransferInput, ResolveTransferInput };

/**
 * POST /api/admin/unmatched-transfers/{txid}/assign `{userId, packageName}`: the transfer pays that
 * customer's package (a pending payment, audited). 409 when it was decided meanwhile, 404 for an
 * unknown transfer or customer: all as ApiError.
 */
export function assignTransfer(txid: string, input: AssignTransferInput): Promise<AssignTransferResponse> {
  return apiRequest('admin-unmatched-transfer-assign', {
    params: { txid },
    body: input,
    schema: assignTransferResponseSchema,
  });
}

/**
 * POST /api/admin/unmatched-transfers/{txid}/resolve `{resolution, note}`: closed as refunded or
 * ignored, without a payment. 409 when it was decided meanwhile.
 */
export function resolveTransfer(txid: string, input: ResolveTransferInput): Promise<ResolveTransferResponse> {
  return apiRequest('admin-unmatched-transfer-resolve', {
    params: { txid },
    body: input,
    schema: resolveTransferResponseSchema,
  });
}
