import { dynamoCustomerReads } from '../data/customer-commerce-store.js';
import { activeSubscription } from '../domain/commerce/customer-commerce.js';
import { awsChecks } from '../kit/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

const deps = { store: dynamoCustomerReads, now: () => new Date() };

export const handler = defineHandler({ route: 'payment-active-subscription', checks: awsChecks }, async ({ caller }) =>
  ok(await activeSubscription(deps, caller.userId)),
);
