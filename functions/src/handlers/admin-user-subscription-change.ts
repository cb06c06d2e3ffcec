import { idPathSchema, supportSubscriptionInputSchema } from '@goldbot/shared';
import { changeSubscriptionForSupport } from '../domain/admin/support-subscriptions.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { changeSubscriptionForSupportDeps } from '../wiring/admin.js';

/**
 * Support grants a paid package for a number of days, extends the current one or ends it now, with a
 * reason: one audited transaction, no payment. Answers the sentence and the user's subscriptions.
 */
export const handler = defineHandler(
  {
    route: 'admin-user-subscription-change',
    checks: awsChecks,
    params: idPathSchema,
    body: supportSubscriptionInputSchema,
  },
  async ({ params, body, caller, log }) => {
    const result = await changeSubscriptionForSupport(changeSubscriptionForSupportDeps, params.id, body, {
      userId: caller.userId,
      email: caller.email,
    });
    log.info('support subscription change answered', {
      userId: params.id,
      adminId: caller.userId,
      action: body.action,
    });
    return ok(result);
  },
);
