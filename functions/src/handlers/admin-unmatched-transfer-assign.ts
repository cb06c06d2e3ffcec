import { assignTransferInputSchema } from '@goldbot/shared';
import { assignTransfer } from '../domain/commerce/unmatched-transfers.js';
import { assignTransferDeps } from '../wiring/unmatched-transfer-deps.js';
import { transferDecisionHandler } from '../wiring/unmatched-transfer-route.js';

/** Gives an unmatched transfer to a customer's package: a pending payment, audited; decided once. */
export const handler = transferDecisionHandler(
  'admin-unmatched-transfer-assign',
  assignTransferInputSchema,
  (admin, txid, input, log) => assignTransfer(assignTransferDeps(log), admin, txid, input),
  (result) => ({ message: 'unmatched transfer assigned', fields: { paymentId: result.payment._id } }),
);
