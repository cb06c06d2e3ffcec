import { customerReadDeps as deps } from '../wiring/commerce.js';
import { listSubscriptions } from '../domain/commerce/customer-commerce.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

export const handler = defineHandler({ route: 'payment-subscriptions', checks: awsChecks }, async ({ caller }) =>
  ok(await listSubscriptions(deps, caller.userId)),
);
