import { transferTxidPathSchema } from '@goldbot/shared';
import type * as z from '@goldbot/shared/zod';
import type { AdminActor } from '../domain/admin/admin-actor.js';
import { defineHandler, type Infer } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import type { Logger } from '../kit/logger.js';
import { awsChecks } from './aws-checks.js';

/**
 * The handler of an admin's decision on one unmatched transfer (admin-unmatched-transfer-assign,
 * admin-unmatched-transfer-resolve): the transfer's txid from the path, the decision's body, the
 * deciding admin, and one log line once it is answered. Each route keeps its own Lambda and
 * passes its use case with its dependencies, so this module loads neither: the assignment mails
 * the customer and the resolution mails nobody (infra/lib/handler-wiring.ts grants mail by import).
 */
export const transferDecisionHandler = <B extends z.ZodMiniType, R>(
  route: 'admin-unmatched-transfer-assign' | 'admin-unmatched-transfer-resolve',
  body: B,
  decide: (admin: AdminActor, txid: string, input: Infer<B>, log: Logger) => Promise<R>,
  answered: (result: R, input: Infer<B>) => { message: string; fields: Record<string, unknown> },
) =>
  defineHandler(
    { route, checks: awsChecks, params: transferTxidPathSchema, body },
    async ({ params, body: input, caller, log }) => {
      const result = await decide({ userId: caller.userId, email: caller.email }, params.txid, input, log);
      const { message, fields } = answered(result, input);
      log.info(message, { txid: params.txid, adminId: caller.userId, ...fields });
      return ok(result);
    },
  );
