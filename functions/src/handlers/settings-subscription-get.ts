import { dynamoSettingsStore } from '../wiring/settings-deps.js';
import { getSubscriptionSettings } from '../domain/settings/subscription-settings.js';
import { awsChecks } from '../kit/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

/** The admin's view of the Basic switch (read consistently). */
export const handler = defineHandler({ route: 'settings-subscription-get', checks: awsChecks }, async () =>
  ok(await getSubscriptionSettings(dynamoSettingsStore)),
);
