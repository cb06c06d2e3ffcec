import { assignTransferInputSchema, transferTxidPathSchema } from '@goldbot/shared';
import { assignTransfer } from '../domain/commerce/unmatched-transfers.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { assignTransferDeps } from '../wiring/unmatched-transfer-deps.js';

/** Gives an unmatched transfer to a customer's package: a pending payment, audited; decided once. */
export const handler = defineHandler(
  {
    route: 'admin-unmatched-transfer-assign',
    checks: awsChecks,
    params: transferTxidPathSchema,
    body: assignTransferInputSchema,
  },
  async ({ params, body, caller, log }) => {
    const result = await assignTransfer(
      assignTransferDeps(log),
      { userId: caller.userId, email: caller.email },
      params.txid,
      body,
    );
    log.info('unmatched transfer assigned', {
      txid: params.txid,
      adminId: caller.userId,
      paymentId: result.payment._id,
    });
    return ok(result);
  },
);
