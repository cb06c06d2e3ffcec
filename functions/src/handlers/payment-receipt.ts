import { idPathSchema } from '@goldbot/shared';
import { getReceiptDeps as deps } from '../wiring/commerce.js';
import { getReceipt } from '../domain/commerce/receipts.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

/**
 * The receipt of a completed payment: its owner's or an admin's (with the admin routes' checks);
 * 404 for anyone else.
 */
export const handler = defineHandler(
  { route: 'payment-receipt', checks: awsChecks, params: idPathSchema },
  async ({ params, caller, sessionProfile }) => ok(await getReceipt(deps, caller, params.id, sessionProfile)),
);
