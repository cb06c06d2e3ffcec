import { verifyResetOtpInputSchema } from '@goldbot/shared';
import { verifyResetCode } from '../domain/auth/password-reset.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { accountCodeCheckDeps as deps } from '../wiring/account-code-check-deps.js';

export const handler = defineHandler(
  {
    route: 'auth-verify-reset-otp',
    checks: awsChecks,
    body: verifyResetOtpInputSchema,
    limits: [{ name: 'codeVerifyPerIp', by: 'ip' }],
  },
  async ({ body }) => ok(await verifyResetCode(deps, body.email, body.otp)),
);
