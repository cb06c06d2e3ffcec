import { customerReadDeps as deps } from '../wiring/commerce.js';
import { publicSubscriptionSettings } from '../domain/commerce/customer-commerce.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

export const handler = defineHandler({ route: 'settings-public-subscription', checks: awsChecks }, async () =>
  ok(await publicSubscriptionSettings(deps)),
);
