import { subscriptionSettingsPutInputSchema } from '@goldbot/shared';
import { saveSubscriptionSettingsDeps as deps } from '../wiring/admin.js';
import { saveSubscriptionSettings } from '../domain/settings/subscription-settings.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

/** Turns Basic sales on or off, with an audit entry of the change in the same transaction. */
export const handler = defineHandler(
  { route: 'settings-subscription-put', checks: awsChecks, body: subscriptionSettingsPutInputSchema },
  async ({ body, caller, log }) => {
    const result = await saveSubscriptionSettings(deps, body, { userId: caller.userId, email: caller.email });
    log.info('subscription settings saved', { ...result.settings, adminId: caller.userId });
    return ok(result);
  },
);
