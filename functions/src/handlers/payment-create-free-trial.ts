import { createFreeTrial } from '../domain/commerce/customer-commerce.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { created } from '../kit/http-response.js';
import { customerCommerceDeps } from '../wiring/customer-commerce-deps.js';

/** The spec sends a JSON content type and no fields: the body is not read. */
export const handler = defineHandler(
  { route: 'payment-create-free-trial', checks: awsChecks },
  async ({ caller, log }) => created(await createFreeTrial(customerCommerceDeps, caller.userId, log)),
);
