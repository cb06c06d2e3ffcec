import { forgotInputSchema } from '@goldbot/shared';
import { requestPasswordReset } from '../domain/auth/password-reset.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { accountCodeSenderDeps as deps } from '../wiring/account-code-sender-deps.js';

export const handler = defineHandler(
  { route: 'auth-request-password-reset', checks: awsChecks, body: forgotInputSchema },
  async ({ body }) => ok(await requestPasswordReset(deps, body.email)),
);
