import { getSubscriptionSettingsDeps as deps } from '../wiring/admin.js';
import { getSubscriptionSettings } from '../domain/settings/subscription-settings.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

/** The admin's subscription settings (read consistently), with the new-work mail's switches of this server's kinds. */
export const handler = defineHandler({ route: 'settings-subscription-get', checks: awsChecks }, async () =>
  ok(await getSubscriptionSettings(deps.store, deps.mailKinds)),
);
