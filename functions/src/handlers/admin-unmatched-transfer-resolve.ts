import { resolveTransferInputSchema, transferTxidPathSchema } from '@goldbot/shared';
import { resolveTransfer } from '../domain/commerce/unmatched-transfers.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { resolveTransferDeps } from '../wiring/admin.js';

/** Closes an unmatched transfer as refunded or ignored, with the admin's note, audited; decided once. */
export const handler = defineHandler(
  {
    route: 'admin-unmatched-transfer-resolve',
    checks: awsChecks,
    params: transferTxidPathSchema,
    body: resolveTransferInputSchema,
  },
  async ({ params, body, caller, log }) => {
    const result = await resolveTransfer(
      resolveTransferDeps,
      { userId: caller.userId, email: caller.email },
      params.txid,
      body,
    );
    log.info('unmatched transfer resolved', { txid: params.txid, adminId: caller.userId, resolution: body.resolution });
    return ok(result);
  },
);
