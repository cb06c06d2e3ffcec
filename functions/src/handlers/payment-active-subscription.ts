import { customerReadDeps as deps } from '../wiring/commerce.js';
import { activeSubscription } from '../domain/commerce/customer-commerce.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

export const handler = defineHandler({ route: 'payment-active-subscription', checks: awsChecks }, async ({ caller }) =>
  ok(await activeSubscription(deps, caller.userId)),
);
