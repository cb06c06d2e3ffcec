import { subscriptionIdPathSchema } from '@goldbot/shared';
import { markConnected } from '../domain/trading/mt5-accounts.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { markConnectedDeps } from '../wiring/bot-connection-deps.js';

/** Marks the bot connected to the MetaTrader 5 account a subscription's request names, then mails the customer. */
export const handler = defineHandler(
  { route: 'admin-bot-connected', checks: awsChecks, params: subscriptionIdPathSchema },
  async ({ params, caller, log }) => {
    const result = await markConnected(markConnectedDeps(log), params.subscriptionId, {
      userId: caller.userId,
      email: caller.email,
    });
    log.info('bot connection mark answered', { subscriptionId: params.subscriptionId, adminId: caller.userId });
    return ok(result);
  },
);
