import { resolveTransferInputSchema } from '@goldbot/shared';
import { resolveTransfer } from '../domain/commerce/unmatched-transfers.js';
import { resolveTransferDeps } from '../wiring/admin.js';
import { transferDecisionHandler } from '../wiring/unmatched-transfer-route.js';

/** Closes an unmatched transfer as refunded or ignored, with the admin's note, audited; decided once. */
export const handler = transferDecisionHandler(
  'admin-unmatched-transfer-resolve',
  resolveTransferInputSchema,
  (admin, txid, input) => resolveTransfer(resolveTransferDeps, admin, txid, input),
  (_result, input) => ({ message: 'unmatched transfer resolved', fields: { resolution: input.resolution } }),
);
