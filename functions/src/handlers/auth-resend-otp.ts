import { emailOnlyInputSchema } from '@goldbot/shared';
import { resendRegistrationCode } from '../domain/auth/registration.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { accountCodeSenderDeps as deps } from '../wiring/account-code-sender-deps.js';

export const handler = defineHandler(
  { route: 'auth-resend-otp', checks: awsChecks, body: emailOnlyInputSchema },
  async ({ body }) => ok(await resendRegistrationCode(deps, body.email)),
);
