import { listActivationsDeps } from '../wiring/admin.js';
import { listActivations } from '../domain/commerce/activation-mails.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

/** Basic subscriptions that are active, start today (UTC) and were not mailed (the sparse GSI2 list). */
export const handler = defineHandler({ route: 'admin-activations', checks: awsChecks }, async () =>
  ok({ subscriptions: await listActivations(listActivationsDeps, new Date()) }),
);
